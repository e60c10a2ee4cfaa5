"""``CubedEngine.copy_state`` (apply's work copy) shares only frozen parts:
the copy equals the state, and applying any action leaves the state as it was."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig, Placement

ENGINE = CubedEngine()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(1, 11), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans(),
       draw3=st.booleans(), rounds=st.sampled_from([1, 3]))
def test_apply_never_changes_its_input(players, seed, bridge, fill, draw3, rounds):
    config = CubedConfig(rounds=rounds, bridge=bridge, fill=fill, draw3=draw3, solo=players == 1)
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(600):
        if ENGINE.is_over(state):
            break
        before = state.model_dump_json()
        copy = ENGINE.copy_state(state)
        assert copy == state and copy.model_dump_json() == before
        seat = ENGINE.to_act(state)[0]
        new, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert state.model_dump_json() == before
        state = new


def test_the_shared_parts_are_frozen():
    state = ENGINE.new_game(CubedConfig(), [SeatInfo(name="a"), SeatInfo(name="b")], 1)
    with pytest.raises(ValidationError):
        state.config.rounds = 1
    with pytest.raises(ValidationError):
        state.config.points.one = 9
    with pytest.raises(ValidationError):
        Placement(piece="SSS", q=0, r=0, rotation=0).rotation = 1
