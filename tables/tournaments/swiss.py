"""One Swiss round: score groups, top half against bottom half, the odd one
floating down, a bye for the lowest-ranked entrant without one, and a search
that finds a pairing without rematches whenever one exists."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tables.tournaments.results import Played

# Steps one search may take before it counts as failed (only huge fields or
# late rounds of large ones come near it; then one more rematch is allowed).
SEARCH_LIMIT = 200_000

Pairs = list[tuple[int, int | None]]


class _Exhausted(Exception):
    pass


def swiss_round(order: Sequence[int], points: dict[int, float], played: Sequence[Played]) -> Pairs:
    """Pairs for the next round. ``order`` is the current ranking (rank, then
    seed), ``points`` each entrant's points, ``played`` the matches so far.
    Fewest rematches first; among those, the bye to the lowest-ranked entrant
    without one; then the preferred pairing (see ``_candidates``)."""
    met: Counter[frozenset[int]] = Counter(frozenset((m.a, m.b)) for m in played if m.b is not None)
    had_bye = {m.a for m in played if m.b is None}
    byes: list[int | None] = [None]
    if len(order) % 2:
        fresh = [e for e in reversed(order) if e not in had_bye]
        byes = list(fresh or reversed(order))
    for allowed in range(len(order) // 2 + 1):
        for bye_for in byes:
            rest = tuple(e for e in order if e != bye_for)
            found = _Search(points, met).run(rest, allowed)
            if found is not None:
                pairs: Pairs = list(found)
                return pairs + ([(bye_for, None)] if bye_for is not None else [])
    raise AssertionError("a pairing with every match a rematch always exists")


def _candidates(remaining: tuple[int, ...], points: dict[int, float]) -> list[int]:
    """The opponents of ``remaining[0]`` (the top), most wanted first. Its
    score group (the remaining entrants with its points, in rank order,
    the top included) is paired top half against
    bottom half: the group's middle first, then down the bottom half, then
    up the top half; then the lower groups in rank order (so the odd one out
    of a group meets the top of the next group)."""
    top = remaining[0]
    group = [e for e in remaining if points[e] == points[top]]
    lower = [e for e in remaining if points[e] != points[top]]
    middle = len(group) // 2
    if len(group) < 2:
        return lower
    return [*group[middle:], *reversed(group[1:middle]), *lower]


class _Search:
    def __init__(self, points: dict[int, float], met: Counter[frozenset[int]]) -> None:
        self.points = points
        self.met = met
        self.steps = 0
        self.failed: set[tuple[tuple[int, ...], int]] = set()

    def run(self, remaining: tuple[int, ...], allowed: int) -> list[tuple[int, int]] | None:
        try:
            return self._solve(remaining, allowed)
        except _Exhausted:
            return None

    def _solve(self, remaining: tuple[int, ...], allowed: int) -> list[tuple[int, int]] | None:
        if not remaining:
            return []
        if (remaining, allowed) in self.failed:
            return None
        self.steps += 1
        if self.steps > SEARCH_LIMIT:
            raise _Exhausted
        top = remaining[0]
        for other in _candidates(remaining, self.points):
            rematch = self.met[frozenset((top, other))] > 0
            if rematch and not allowed:
                continue
            rest = tuple(e for e in remaining if e not in (top, other))
            found = self._solve(rest, allowed - rematch)
            if found is not None:
                return [(top, other), *found]
        self.failed.add((remaining, allowed))
        return None
