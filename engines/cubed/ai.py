"""A greedy CUBED player: get rid of the costliest pieces first, take the
variant bonuses, and keep flexible pieces for later."""
from __future__ import annotations

import random
from typing import Any, Container

from pydantic import BaseModel

from engines.base import GameEngine
from engines.cubed.models import (
    CubedState,
    Draw3Action,
    DrawAction,
    GiveAction,
    KeepAction,
    PassAction,
    PlaceAction,
)
from engines.cubed.moves import Placing, placings
from engines.cubed.pieces import PIECES_BY_ID
from engines.cubed.rules import Cell, is_enclosed, neighbour_arcs


def piece_points(state: CubedState, piece_id: str) -> int:
    """What ``piece_id`` counts in a hand under this game's points table."""
    return state.config.points.of(PIECES_BY_ID[piece_id].kind)


def placement_value(state: CubedState, occupied: Container[Cell], move: PlaceAction | Placing,
                    rng: random.Random) -> float:
    """The greedy value of a placement (ties broken by ``rng``): the piece's
    points, the variants' bonuses it takes, and how few colours it has."""
    value = 10.0 * piece_points(state, move.piece)
    if state.phase != "bonus":
        if state.config.bridge and neighbour_arcs(occupied, move.cell) >= 2:
            value += 6
        if state.config.fill and is_enclosed(occupied, move.cell):
            value += 4
    # Pieces with few colours are harder to place later: spend them first.
    value += 2.0 * (3 - len(set(PIECES_BY_ID[move.piece].faces)))
    return value + rng.random()


def choose_action(engine: GameEngine[Any, Any], state: CubedState, seat: int, rng: random.Random) -> BaseModel:
    if state.phase == "keep":
        return KeepAction(piece=min(state.pending, key=lambda p: (piece_points(state, p), p)))
    hand = state.hands[seat]
    if state.phase == "give":
        others = [s for s in range(len(state.hands)) if s != seat]
        closest = min(others, key=lambda s: (len(state.hands[s]), rng.random()))
        gift = max(hand, key=lambda p: (piece_points(state, p), p))
        return GiveAction(piece=gift, to_seat=closest)

    moves = placings(state, seat)
    if moves:
        occupied = {p.cell for p in state.table}
        return max(moves, key=lambda m: placement_value(state, occupied, m, rng)).action()
    if state.config.solo:
        return DrawAction()  # the engine ends a stuck solo game by itself
    if state.phase == "turn" and state.bag:
        if state.config.draw3 and len(state.bag) >= 2 and rng.random() < 0.5:
            return Draw3Action()
        return DrawAction()
    return PassAction()
