"""Where SETUP's pictures put the things a player taps: the board's
squares and the hand's tiles, shared by the drawing (``render.setup.board`` and ``render.setup.hand``) and
the tap regions (``Renderer.board_regions`` / ``hand_regions``)."""
from __future__ import annotations

from engines.base import Region
from engines.setup import rules
from engines.setup.models import SetupPrivateView

CELL, SQUARE = 134, 118  # board grid pitch and square size
BOARD_X, BOARD_Y = 32, 92
RING = 5  # a ring around a square or a hand tile (last move, preview) lies this far outside it
HAND_TILE, HAND_PITCH, HAND_ROW, HAND_TOP = 110, 124, 196, 96  # the hand picture's tiles and rows
HAND_SLOTS = 4  # tiles (or empty places) a hand row shows


def square_box(square: str) -> tuple[int, int, int, int]:
    row, col = rules.SQUARE_POSITIONS[square]
    x = BOARD_X + col * CELL + (CELL - SQUARE) // 2
    y = BOARD_Y + row * CELL + (CELL - SQUARE) // 2
    return x, y, x + SQUARE, y + SQUARE


def ringed(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A square's or hand tile's box with the ring drawn around it."""
    x0, y0, x1, y1 = box
    return x0 - RING, y0 - RING, x1 + RING, y1 + RING


def region(id_: str, kind: str, box: tuple[int, int, int, int]) -> Region:
    """The tap region of a ringed box (Pillow's boxes include x1, y1; a region's do not)."""
    x0, y0, x1, y1 = ringed(box)
    return Region(id_, kind, (x0, y0, x1 + 1, y1 + 1))


def hand_sections(view: SetupPrivateView) -> list[tuple[str, list[str]]]:
    """The rows of the hand picture, top to bottom, by the kind of their
    tiles' regions: the player's own, the partner's (teams), the common hand."""
    rows = [("tile", view.hand)]
    if view.partner_hand is not None and view.partner_seat is not None:
        rows.append(("partner", view.partner_hand))
    return rows + [("common", view.common)]


def hand_tile_box(row: int, i: int) -> tuple[int, int, int, int]:
    """Where the ``i``-th tile of the ``row``-th row of the hand is drawn."""
    x, y = 28 + i * HAND_PITCH, HAND_TOP + row * HAND_ROW + 36
    return x, y, x + HAND_TILE, y + HAND_TILE
