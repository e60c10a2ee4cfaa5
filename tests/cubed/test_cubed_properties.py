"""Random legal play keeps every invariant of CUBED."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.labels import table_of
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID, PURPLE
from engines.cubed.rules import (
    SLOT_EDGES,
    CellNeeds,
    add,
    blocked_cells,
    frontier,
    placement_error,
    rotate,
)

ENGINE = CubedEngine()
MAX_ACTIONS = 4000


def check_table(table):
    for cell, faces in table.items():
        for slot, colour in enumerate(faces):
            for step, their_slot in SLOT_EDGES[slot]:
                other = table.get(add(cell, step))
                if other is None:
                    continue
                assert colour != PURPLE, f"purple face of {cell} touches a piece"
                assert other[their_slot] == colour, f"corner of {cell} has two colours"


def check_fast_rules_match_contract(table, rng):
    blocked = blocked_cells(table)
    pieces = rng.sample(list(PIECES_BY_ID.values()), 6)
    for cell in frontier(table, blocked):
        needs = CellNeeds(table, cell)
        for piece in pieces:
            for rotation in range(3):
                fast = needs.fits(rotate(piece.faces, rotation))
                assert fast == (placement_error(table, piece.faces, cell, rotation) is None)


def hidden_strings_in_public_view(state):
    hidden = set(state.bag) | set(state.pending) | {p for h in state.hands for p in h}
    dumped = str(ENGINE.public_view(state).model_dump(mode="json"))
    return {h for h in hidden if f"'{h}'" in dumped}


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(1, 11),
    seed=st.integers(0, 2**32),
    bridge=st.booleans(),
    fill=st.booleans(),
    draw3=st.booleans(),
    rounds=st.sampled_from([1, 3]),
)
def test_random_legal_play_keeps_invariants(players, seed, bridge, fill, draw3, rounds):
    config = CubedConfig(solo=players == 1, bridge=bridge, fill=fill, draw3=draw3, rounds=rounds)
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        actions = ENGINE.legal_actions(state, seat)
        action = rng.choice(actions)
        before = len(state.table)
        state, events = ENGINE.apply(state, seat, action)
        assert events, f"{action} made no event"
        everything = state.bag + state.pending + [p for h in state.hands for p in h] + [p.piece for p in state.table]
        assert sorted(everything) == sorted(ALL_IDS)
        table = table_of(state)
        check_table(table)
        if isinstance(action, PlaceAction) and len(state.table) > before:
            assert state.table[-1].cell not in blocked_cells(dict(list(table.items())[:-1]))
        if step % 25 == 0:
            check_fast_rules_match_contract(table, rng)
            assert not hidden_strings_in_public_view(state)
    assert ENGINE.is_over(state), "game did not end"
    result = ENGINE.result(state)
    assert len(result.ranks) == players
