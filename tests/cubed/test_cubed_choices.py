"""engines/cubed/choices.py: what the builder offers is exactly what the engine accepts."""
from __future__ import annotations

import random

from engines.base import SeatInfo
from engines.cubed import choices
from engines.cubed.engine import CubedEngine
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.moves import legal_placements

ENGINE = CubedEngine()


def states(seed: int, players: int = 3, limit: int = 60):
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name=f"p{i}") for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.phase == "over":
            return
        yield state
        state, _ = ENGINE.apply(state, state.current, ENGINE.ai_action(state, state.current, rng))


def test_offered_placements_are_the_engines_legal_placements():
    checked = 0
    for seed in (1, 2):
        for state in states(seed):
            seat = state.current
            engine_moves = {(m.piece, m.cell, m.rotation) for m in legal_placements(state, seat)}
            offered = {(piece, cell, rotation)
                       for piece in choices.fitting_pieces(state, seat)
                       for cell, rotations in choices.placements_of(state, seat, piece).items()
                       for rotation in rotations}
            assert offered == engine_moves
            for piece, cell, rotation in list(offered)[:3]:
                ENGINE.apply(state, seat, PlaceAction(piece=piece, cell=cell, rotation=rotation))  # no refusal
            checked += 1
    assert checked > 20


def test_a_piece_not_in_the_hand_has_no_cells_and_tokens_round_trip():
    state = next(states(3))
    absent = next(p for p in state.bag if p not in state.hands[state.current])
    assert choices.placements_of(state, state.current, absent) == {}
    assert choices.parse_token(choices.cell_token((2, -1))) == (2, -1)
    assert choices.parse_token("x") is None and choices.cell_text((-3, 4)) == "-3,4"
