"""``rules.may_deploy`` (deploy's legality test for one square, issue 33
item 7) answers as "is the square among ``deploy_cells``", for every card in
every hand, every label of the board and some that are not on it."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_deathfront_able import shaken
from test_deathfront_properties import random_game

from engines.deathfront import board
from engines.deathfront import rules as R

NOT_ON_BOARD = ("", "A", "A10", "a1", "Z1", "A0", "A9", "1A", "AA", "B01")


def every_label(state) -> list[str]:
    return [board.name((x, row)) for x in range(len(board.COLUMN_LETTERS)) for row in range(0, 10)]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_may_deploy_answers_as_listing_the_cells(seed, players):
    rng = random.Random(seed)
    checked = [0, 0]
    for n, (state, _) in enumerate(random_game(seed, players)):
        if n % 5:
            continue
        for probe in (state, shaken(state, rng)):
            for seat in range(players):
                for uid in probe.hands[seat]:
                    if R.card(uid).type not in ("unit", "resource"):
                        continue
                    listed = set(R.deploy_cells(probe, seat, uid))
                    for label in (*every_label(probe), *NOT_ON_BOARD):
                        answer = R.may_deploy(probe, seat, uid, label)
                        assert answer == (label in listed), (seat, uid, label)
                        checked[answer] += 1
    assert checked[True] and checked[False], checked
