"""CUBED move generation: every legal placement of a hand, and whether
there is one, from the shared table view (engines/cubed/table_view.py)."""
from __future__ import annotations

from typing import NamedTuple

from engines.cubed.models import CubedState, PlaceAction
from engines.cubed.pieces import PIECES_BY_ID, rotations
from engines.cubed.table_view import table_view


class Placing(NamedTuple):
    """A legal placement as move generation finds it: what a PlaceAction
    says, without building one (the search AI weighs thousands a move)."""

    piece: str
    cell: tuple[int, int]
    rotation: int

    def action(self) -> PlaceAction:
        return PlaceAction(piece=self.piece, cell=self.cell, rotation=self.rotation)


def placings(state: CubedState, seat: int) -> list[Placing]:
    """Every legal placement of a piece from ``seat``'s hand right now:
    pieces as first held, then rotations, then open cells in reading order."""
    view = table_view(state)
    cells = view.cells
    moves = []
    for piece_id in dict.fromkeys(state.hands[seat]):
        for rotation, shown in enumerate(rotations(PIECES_BY_ID[piece_id].faces)):
            for index in view.fitting(shown):
                moves.append(Placing(piece_id, cells[index], rotation))
    return moves


def legal_placements(state: CubedState, seat: int) -> list[PlaceAction]:
    """Every legal placement of a piece from ``seat``'s hand right now."""
    return [move.action() for move in placings(state, seat)]


def has_placement(state: CubedState, seat: int) -> bool:
    """``bool(legal_placements(state, seat))``, stopping at the first open
    cell some piece of the hand fits (asked after every action, and of every
    restored game)."""
    return table_view(state).takes_some(PIECES_BY_ID[piece_id].faces for piece_id in dict.fromkeys(state.hands[seat]))
