"""Every level plays legal moves in every game and seat count it may meet."""
from __future__ import annotations

import random

import pytest

from engines import ai
from engines.base import SeatInfo
from tests.ai.helpers import ENGINES

CASES = [
    ("setup", 3, {}), ("setup", 4, {"mode": "teams"}), ("cubed", 4, {"draw3": True, "bridge": True, "fill": True}),
    ("cubed", 1, {"solo": True}), ("deathfront", 4, {}),
]


@pytest.mark.parametrize("game,players,config", CASES)
def test_levels_play_legal_moves(game, players, config):
    engine = ENGINES[game]
    cfg = engine.config_from_json(config)
    state = engine.new_game(cfg, [SeatInfo(name=f"P{i}") for i in range(players)], 9)
    rng = random.Random(9)
    for step in range(24):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        level = ai.LEVELS[step % len(ai.LEVELS)]
        action = ai.choose_action(engine, state, seat, level, rng, ai.with_iterations(level, 3))
        state, _ = engine.apply(state, seat, action)  # raises if the move is illegal


def test_unknown_level_plays_normal():
    assert ai.normalize_level("godlike") == "normal"
    assert ai.normalize_level("hard") == "hard"
