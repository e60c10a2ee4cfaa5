"""What a player may pick next when building a CUBED move by clicking:
pieces that fit, the cells where one fits and the rotations that work there.
Cells are named by their stable axial ``q,r`` (board labels change each turn)."""
from __future__ import annotations

from engines.cubed.models import CubedState
from engines.cubed.pieces import PIECES_BY_ID, rotations
from engines.cubed.rules import Cell, CellNeeds, blocked_cells, frontier


def cell_text(cell: Cell) -> str:
    """``2,-1``: how the builder names a cell."""
    return f"{cell[0]},{cell[1]}"


def cell_token(cell: Cell) -> str:
    """``2_-1``: a cell inside a control's id."""
    return f"{cell[0]}_{cell[1]}"


def parse_token(token: str) -> Cell | None:
    try:
        q, r = token.split("_")
        return (int(q), int(r))
    except ValueError:
        return None


def placements_of(state: CubedState, seat: int, piece: str) -> dict[Cell, list[int]]:
    """Every cell where ``piece`` (from ``seat``'s hand) fits, in reading
    order, with the rotations that fit there. Empty if it is not in the hand."""
    if not 0 <= seat < len(state.hands) or piece not in state.hands[seat] or piece not in PIECES_BY_ID:
        return {}
    table = state.table_dict()
    shown = rotations(PIECES_BY_ID[piece].faces)
    out: dict[Cell, list[int]] = {}
    for cell in frontier(table, blocked_cells(table)):
        needs = CellNeeds(table, cell)
        fitting = [k for k, faces in enumerate(shown) if needs.fits(faces)]
        if fitting:
            out[cell] = fitting
    return out


def fitting_pieces(state: CubedState, seat: int) -> list[str]:
    """Pieces of the hand (each id once, hand order) that fit somewhere now."""
    return [p for p in dict.fromkeys(state.hands[seat]) if placements_of(state, seat, p)]
