"""The search reads only what its seat may see, and a seed fixes its move."""
from __future__ import annotations

import random

import pytest

from engines import ai
from tests.ai.helpers import ENGINES, mid_game, swap_unseen

POSITIONS = [("setup", 4), ("cubed", 10), ("deathfront", 12)]


@pytest.mark.parametrize("game,moves", POSITIONS)
def test_unseen_pieces_do_not_change_the_information_state(game, moves):
    engine = ENGINES[game]
    state, seat = mid_game(game, moves)
    swapped = swap_unseen(game, state, seat, seed=11)
    assert swapped.model_dump() != state.model_dump()  # the swap really changed hidden pieces
    assert engine.information_state(swapped, seat).model_dump() == engine.information_state(state, seat).model_dump()


@pytest.mark.parametrize("game,moves", POSITIONS)
def test_swapping_unseen_pieces_leaves_the_move_distribution_unchanged(game, moves):
    engine = ENGINES[game]
    state, seat = mid_game(game, moves)
    swapped = swap_unseen(game, state, seat, seed=5)
    budget = ai.with_iterations("normal", 8)

    def moves_over_seeds(s):
        return [ai.choose_action(engine, s, seat, "normal", random.Random(k), budget).model_dump()
                for k in range(4)]

    assert moves_over_seeds(swapped) == moves_over_seeds(state)


@pytest.mark.parametrize("game,moves", POSITIONS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_move(game, moves, level):
    engine = ENGINES[game]
    state, seat = mid_game(game, moves)
    budget = ai.with_iterations(level, 10)
    first = ai.choose_action(engine, state, seat, level, random.Random(42), budget)
    again = ai.choose_action(engine, state, seat, level, random.Random(42), budget)
    assert first == again
    assert first in engine.legal_actions(state, seat) or engine.apply(state, seat, first)
