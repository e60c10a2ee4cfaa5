"""Where SETUP's pictures put things: the board's squares and its corners,
the panel under the board, the hand's tiles. Shared by the drawing
(``render.setup.board``, ``render.setup.hand``) and the tap regions
(``Renderer.board_regions`` / ``hand_regions``), which are measured here,
never drawn.

Laid out for a phone: both pictures are 480 px wide and shown 360 px wide,
so every text is at least MIN_TEXT (15 px: 11.25 px on the phone). The
board's grid fills the width; its four empty corner cells carry the title,
whose turn it is, the bag and the key to the piles, so that the panel under
it is only the common hand, the players (each with a lane of the score
track) and the last move: the board stays within 1.5 widths."""
from __future__ import annotations

from dataclasses import dataclass

from engines.base import Region
from engines.setup import rules
from engines.setup.models import SetupPrivateView
from render.common import phone_min

WIDTH = 480
MIN_TEXT = phone_min(WIDTH)
CELL, SQUARE = 110, 98  # board grid pitch and square size
BOARD_X, BOARD_Y = 20, 12  # the grid's top left corner
PANEL_Y = BOARD_Y + 4 * CELL + 12  # the panel under the board (a preview shows the board above it)
RING = 5  # a ring around a square or a hand tile (last move, preview) lies this far outside it
CORNER = 112  # the text room of a corner cell

# The panel: the common hand's row, the players (a header row and a row each), the last move.
COMMON_TILE, COMMON_PITCH, COMMON_ROW = 56, 62, 66
PLAYERS_HEAD, PLAYER_ROW = 24, 30
LAST_ROW = 28
BOTTOM = 10
# A player's row, from the right: hand count, score, the lane of the score track.
HAND_RIGHT = WIDTH - 16
SCORE_RIGHT = WIDTH - 62
LANE = (SCORE_RIGHT - 52 - 128, SCORE_RIGHT - 52)

HAND_TILE, HAND_PITCH, HAND_TOP = 96, 108, 70  # the hand picture's tiles
HAND_ROW = 194  # a hand row: its title, the tiles and a hint on one or two lines
HAND_SLOTS = 4  # tiles (or empty places) a hand row shows


def square_box(square: str) -> tuple[int, int, int, int]:
    row, col = rules.SQUARE_POSITIONS[square]
    x = BOARD_X + col * CELL + (CELL - SQUARE) // 2
    y = BOARD_Y + row * CELL + (CELL - SQUARE) // 2
    return x, y, x + SQUARE, y + SQUARE


def corner_box(row: int, col: int) -> tuple[int, int, int, int]:
    """The text room of an empty corner cell of the grid (row, col in 0 or 3):
    clear of the squares beside it and of the line between them."""
    x = BOARD_X + col * CELL + (CELL - CORNER) // 2 + (-4 if col == 0 else 4)
    y = BOARD_Y + row * CELL
    return x, y, x + CORNER, y + CELL - 8


def ringed(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A square's or hand tile's box with the ring drawn around it."""
    x0, y0, x1, y1 = box
    return x0 - RING, y0 - RING, x1 + RING, y1 + RING


def region(id_: str, kind: str, box: tuple[int, int, int, int]) -> Region:
    """The tap region of a ringed box (Pillow's boxes include x1, y1; a region's do not)."""
    x0, y0, x1, y1 = ringed(box)
    return Region(id_, kind, (x0, y0, x1 + 1, y1 + 1))


@dataclass(frozen=True)
class Panel:
    """The tops of the panel's parts under the board, for a board of
    ``players`` seats whose last move takes ``last_lines`` lines."""
    players: int
    last_lines: int

    @property
    def common(self) -> int:
        return PANEL_Y

    @property
    def players_top(self) -> int:
        return PANEL_Y + COMMON_ROW

    def player_row(self, index: int) -> int:
        return self.players_top + PLAYERS_HEAD + index * PLAYER_ROW

    @property
    def last(self) -> int:
        return self.player_row(self.players) + 4

    @property
    def height(self) -> int:
        return self.last + LAST_ROW * self.last_lines + BOTTOM


def board_height(num_players: int, last_lines: int = 1) -> int:
    return Panel(num_players, last_lines).height


def hand_sections(view: SetupPrivateView) -> list[tuple[str, list[str]]]:
    """The rows of the hand picture, top to bottom, by the kind of their
    tiles' regions: the player's own, the partner's (teams), the common hand."""
    rows = [("tile", view.hand)]
    if view.partner_hand is not None and view.partner_seat is not None:
        rows.append(("partner", view.partner_hand))
    return rows + [("common", view.common)]


def hand_tile_box(row: int, i: int) -> tuple[int, int, int, int]:
    """Where the ``i``-th tile of the ``row``-th row of the hand is drawn."""
    x, y = (WIDTH - HAND_SLOTS * HAND_PITCH + (HAND_PITCH - HAND_TILE)) // 2 + i * HAND_PITCH, \
        HAND_TOP + row * HAND_ROW + 34
    return x, y, x + HAND_TILE, y + HAND_TILE


def hand_height(rows: int) -> int:
    return HAND_TOP + HAND_ROW * rows
