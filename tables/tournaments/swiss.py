"""One Swiss round: score groups, top half against bottom half, the odd one
floating down, a bye for the lowest-ranked entrant without one, and a search
that finds a pairing without rematches whenever one exists."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tables.tournaments.matching import maximum_matching
from tables.tournaments.results import Played

# Steps a round's search may take in all; past it (only large fields deep
# into many rounds) a maximum matching gives a pairing with the fewest
# rematches, without the search's order of preference.
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
    return _fewest_rematches(order, byes, search.opponents)


def _with_bye(found: list[tuple[int, int]], bye_for: int | None) -> Pairs:
    pairs: Pairs = list(found)
    return pairs + ([(bye_for, None)] if bye_for is not None else [])


def _fewest_rematches(order: Sequence[int], byes: list[int | None], opponents: dict[int, set[int]]) -> Pairs:
    """A pairing with the fewest rematches (the bye to the lowest-ranked
    entrant among those that allow it): a maximum matching of the entrants
    who have not met, the rest paired in rank order (they have all met)."""
    best: tuple[int, list[tuple[int, int]], int | None] | None = None
    for bye_for in byes:
        rest = [e for e in order if e != bye_for]
        index = {e: i for i, e in enumerate(rest)}
        fresh = [[index[o] for o in rest if o != e and o not in opponents[e]] for e in rest]
        partner = maximum_matching(fresh)
        pairs = [(rest[i], rest[j]) for i, j in enumerate(partner) if i < j]
        left = [rest[i] for i, j in enumerate(partner) if j == -1]
        pairs += list(zip(left[::2], left[1::2]))
        if best is None or len(left) < best[0]:
            best = (len(left), pairs, bye_for)
        if not left:
            break
    assert best is not None
    _, pairs, bye_for = best
    return _with_bye(sorted(pairs, key=lambda pair: index_of(order, pair)), bye_for)


def index_of(order: Sequence[int], pair: tuple[int, int]) -> int:
    return min(order.index(pair[0]), order.index(pair[1]))


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
