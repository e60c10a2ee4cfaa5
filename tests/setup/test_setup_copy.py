"""``SetupEngine.copy_state`` (apply's work copy) shares only frozen parts:
the copy equals the state, and applying any action leaves the state as it was."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engines.base import SeatInfo
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig

ENGINE = SetupEngine()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), teams=st.booleans())
def test_apply_never_changes_its_input(players, seed, teams):
    config = SetupConfig(mode="teams" if teams else "ffa")
    players = 4 if teams else players
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(300):
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
    state = ENGINE.new_game(SetupConfig(), [SeatInfo(name="a"), SeatInfo(name="b")], 1)
    with pytest.raises(ValidationError):
        state.config.finish = 10
    seat = ENGINE.to_act(state)[0]
    state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    with pytest.raises(ValidationError):
        state.last_move.points = 99
