"""One Swiss round: score groups, top half against bottom half, the odd one
floating down, a bye for the lowest-ranked entrant without one, and a search
that finds a pairing without rematches whenever one exists."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tables.tournaments.results import Played

# Steps a round's search may take in all; past it (only large fields deep
# into many rounds) the round is paired greedily in the same order of
# preference, still avoiding a rematch wherever the next choice can.
SEARCH_LIMIT = 20_000

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
    search = _Search(points, met)
    try:
        for allowed in range(len(order) // 2 + 1):
            for bye_for in byes:
                found = search.solve(tuple(e for e in order if e != bye_for), allowed)
                if found is not None:
                    return _with_bye(found, bye_for)
    except _Exhausted:
        pass
    return _with_bye(_greedy(tuple(e for e in order if e != byes[0]), points, met), byes[0])


def _with_bye(found: list[tuple[int, int]], bye_for: int | None) -> Pairs:
    pairs: Pairs = list(found)
    return pairs + ([(bye_for, None)] if bye_for is not None else [])


def _greedy(remaining: tuple[int, ...], points: dict[int, float], met: Counter[frozenset[int]]) -> list[tuple[int, int]]:
    out = []
    while remaining:
        wanted = _candidates(remaining, points)
        other = next((e for e in wanted if not met[frozenset((remaining[0], e))]), wanted[0])
        out.append((remaining[0], other))
        remaining = tuple(e for e in remaining[1:] if e != other)
    return out


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
        self.opponents: dict[int, set[int]] = {e: set() for e in points}
        for pair in met:
            a, b = (*pair, 0)[:2]
            if a in self.opponents and b in self.opponents and a != b:
                self.opponents[a].add(b)
                self.opponents[b].add(a)
        self.steps = 0
        self.failed: set[tuple[tuple[int, ...], int]] = set()

    def _hopeless(self, remaining: tuple[int, ...], allowed: int) -> bool:
        """Whether more entrants than the rematches allowed can cover have
        nobody left they have not met."""
        present = set(remaining)
        stuck = sum(len(present) - len(present & self.opponents[e]) == 1 for e in remaining)
        return (stuck + 1) // 2 > allowed

    def solve(self, remaining: tuple[int, ...], allowed: int) -> list[tuple[int, int]] | None:
        """The most wanted pairing of ``remaining`` with at most ``allowed``
        rematches, or None; raises _Exhausted past SEARCH_LIMIT steps."""
        if not remaining:
            return []
        if (remaining, allowed) in self.failed:
            return None
        self.steps += 1
        if self.steps > SEARCH_LIMIT:
            raise _Exhausted
        if self._hopeless(remaining, allowed):
            self.failed.add((remaining, allowed))
            return None
        top = remaining[0]
        for other in _candidates(remaining, self.points):
            rematch = other in self.opponents[top]
            if rematch and not allowed:
                continue
            rest = tuple(e for e in remaining if e not in (top, other))
            found = self.solve(rest, allowed - rematch)
            if found is not None:
                return [(top, other), *found]
        self.failed.add((remaining, allowed))
        return None
