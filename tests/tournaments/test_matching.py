"""The blossom matching (tables/tournaments/matching.py) against brute force."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournaments.matching import maximum_matching


def brute_force(n: int, edges: frozenset[frozenset[int]]) -> int:
    @lru_cache(maxsize=None)
    def best(left: frozenset[int]) -> int:
        if len(left) < 2:
            return 0
        v = min(left)
        rest = left - {v}
        out = best(rest)  # v stays single
        for u in rest:
            if frozenset((u, v)) in edges:
                out = max(out, 1 + best(rest - {u}))
        return out
    return best(frozenset(range(n)))


def neighbours(n: int, edges: frozenset[frozenset[int]]) -> list[list[int]]:
    return [[u for u in range(n) if frozenset((u, v)) in edges] for v in range(n)]


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 11), data=st.data())
def test_the_matching_is_valid_and_as_large_as_brute_force_finds(n, data):
    pairs = list(combinations(range(n), 2))
    chosen = data.draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    edges = frozenset(frozenset(p) for p in chosen)
    match = maximum_matching(neighbours(n, edges))
    for v, u in enumerate(match):
        assert u == -1 or (match[u] == v and frozenset((u, v)) in edges)
    assert sum(u != -1 for u in match) // 2 == brute_force(n, edges)


def test_an_odd_cycle_with_a_tail_needs_a_blossom():
    # A triangle 0-1-2 with a path 2-3-4 and 0-5: a perfect matching exists (0-5, 1-2, 3-4)
    # but only through the blossom if the greedy start takes 0-1.
    edges = frozenset(frozenset(e) for e in [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (0, 5)])
    match = maximum_matching(neighbours(6, edges))
    assert -1 not in match
