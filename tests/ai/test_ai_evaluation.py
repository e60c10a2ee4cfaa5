"""Evaluations with several opponents count every opponent (the share of
seats beaten), not just the best one."""
from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from engines.search.knowledge import pairwise_values, squash

scores_lists = st.lists(st.integers(min_value=-60, max_value=60), min_size=2, max_size=6)


@given(scores_lists)
def test_values_are_shares_of_seats_beaten(scores):
    values = pairwise_values([float(s) for s in scores], 5.0)
    # Each pair splits one "win" between its two seats.
    assert math.isclose(sum(values) * (len(scores) - 1), len(scores) * (len(scores) - 1) / 2)
    for a, b in zip(scores, scores[1:]):
        va, vb = values[scores.index(a)], values[scores.index(b)]
        assert (a > b) <= (va > vb)


@given(st.integers(-60, 60), st.integers(-60, 60))
def test_two_seats_compare_with_the_other(a, b):
    assert pairwise_values([float(a), float(b)], 5.0) == [squash((a - b) / 5.0), squash((b - a) / 5.0)]


def test_a_second_place_is_worth_more_than_a_last_place_with_the_same_leader():
    second = pairwise_values([20.0, 30.0, 10.0, 10.0], 5.0)[0]
    last = pairwise_values([9.0, 30.0, 10.0, 10.0], 5.0)[0]
    assert second > last + 0.25
