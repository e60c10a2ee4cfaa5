"""SETUP's look, shared by the board and the hand: colours, the fixed
palette, and the cached sprites (a tile, a seat's label pill, the pile of
tiles underneath)."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.setup import rules
from engines.setup.models import SetupPublicView
from i18n import t
from render.cache import MB, bounded
from render.common import draw_text, text_width
from render.palette import PaletteSpec, palette_image
from render.setup.geometry import MIN_TEXT
from render.watching import note_text

SEAT_COLOURS = [(214, 69, 69), (142, 91, 214), (222, 172, 0), (63, 158, 77)]  # red, purple, yellow, green
SUIT_COLOURS = {
    "★": (184, 134, 11),  # gold
    "♥": (214, 40, 40),  # red
    "♦": (31, 95, 214),  # blue
    "♣": (30, 140, 58),  # green
    "♠": (123, 63, 191),  # violet
}
BACKGROUND = (34, 40, 49)
BOARD = (44, 62, 80)
LINE = (245, 245, 245)
PUBLIC_FILL = (214, 219, 226)
PUBLIC_EDGE = (150, 160, 172)
TILE_FACE = (252, 248, 236)
TILE_EDGE = (120, 110, 90)
TEXT = (236, 239, 244)
DIM_TEXT = (170, 180, 194)
HIGHLIGHT = (0, 229, 255)
PREVIEW = (255, 214, 0)  # the ``highlight`` overlay of the move builder
FINISH_INK = (255, 90, 90)
FINISH_FILL = (110, 40, 48)
STACK_FILL = (58, 66, 80)
DARK_INK = (30, 30, 30)  # on a light seat colour (yellow)
WHITE = (255, 255, 255)
SQUARE_INK = (40, 48, 60)
TRACK_FILL, TRACK_FIVE = (52, 60, 72), (66, 76, 90)
SCORED_EDGE = (0, 90, 110)
SQUARE_TINT = 0.55


def tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """Mix ``colour`` with white (amount 0 = colour, 1 = white)."""
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


SEAT_TINTS = [tint(c, SQUARE_TINT) for c in SEAT_COLOURS]
PALETTE = PaletteSpec(
    exact=[BACKGROUND, BOARD, LINE, PUBLIC_FILL, PUBLIC_EDGE, TILE_FACE, TILE_EDGE, TEXT, DIM_TEXT, HIGHLIGHT,
           PREVIEW, FINISH_INK, FINISH_FILL, STACK_FILL, DARK_INK, WHITE, SQUARE_INK, TRACK_FILL, TRACK_FIVE,
           SCORED_EDGE, *SEAT_COLOURS, *SEAT_TINTS, *SUIT_COLOURS.values()],
    inks=[TEXT, DIM_TEXT, HIGHLIGHT, PREVIEW, FINISH_INK, DARK_INK, WHITE, SQUARE_INK, LINE, TILE_EDGE, PUBLIC_EDGE,
          SCORED_EDGE, *SUIT_COLOURS.values(), *SEAT_COLOURS],
    grounds=[BACKGROUND, BOARD, PUBLIC_FILL, TILE_FACE, TRACK_FILL, TRACK_FIVE, FINISH_FILL, STACK_FILL,
             *SEAT_COLOURS, *SEAT_TINTS],
)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """SETUP's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE.colours())


def seat_name(view: SetupPublicView, seat: int, locale: str) -> str:
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    return name or t("render.common.player", locale, n=seat + 1)


def suit_size(size: int) -> int:
    return max(MIN_TEXT, int(size * 0.42))


def number_size(size: int) -> int:
    return max(MIN_TEXT, int(size * 0.40))


def draw_tile(image: Image.Image, box: tuple[int, int, int, int], tile: str) -> None:
    """A face-up tile: suit symbol over the number, both in the suit colour
    (a cached sprite: the same pixels as drawing it here, as Pillow's shapes
    have hard edges)."""
    x0, y0, x1, _ = box
    sprite = tile_sprite(tile, x1 - x0)
    image.paste(sprite, (x0, y0), sprite)
    size = x1 - x0
    note_text(suit_size(size), rules.tile_suit(tile))  # drawn once, shown on every picture
    note_text(number_size(size), str(rules.tile_number(tile)))


@bounded("setup tiles", max_items=512, max_bytes=16 * MB)
def tile_sprite(tile: str, size: int) -> Image.Image:
    """A tile ``size`` px square, transparent outside its rounded corners."""
    image = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size, size), radius=size // 8, fill=TILE_FACE, outline=TILE_EDGE, width=2)
    colour = SUIT_COLOURS[rules.tile_suit(tile)]
    cx = size // 2
    draw_text(draw, (cx, size * 0.30), rules.tile_suit(tile), suit_size(size), fill=colour, anchor="mm")
    draw_text(draw, (cx, size * 0.72), str(rules.tile_number(tile)), number_size(size), fill=colour, anchor="mm",
              bold=True)
    return image


def pill(image: Image.Image, xy: tuple[int, int], text: str, colour, size: int = MIN_TEXT) -> int:
    """A seat label in white on the seat colour (dark text on yellow); returns its width."""
    sprite = pill_sprite(text, tuple(colour), size)
    image.paste(sprite, xy, sprite)
    note_text(size, text)
    return sprite.width - 1


def pill_width(text: str, size: int = MIN_TEXT) -> int:
    return int(text_width(text, size, True)) + 12


def pill_height(size: int = MIN_TEXT) -> int:
    return size + 9


@bounded("setup labels", max_items=512, max_bytes=4 * MB)
def pill_sprite(text: str, colour: tuple[int, int, int], size: int) -> Image.Image:
    width = pill_width(text, size)
    image = Image.new("RGBA", (width + 1, size + 9), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width, size + 8), radius=(size + 8) // 2, fill=colour)
    ink = DARK_INK if sum(colour) > 500 else WHITE
    draw_text(draw, (width / 2, (size + 8) / 2), text, size, fill=ink, anchor="mm", bold=True)
    return image


def stack_icon(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """Three tiles in a pile, 16 × 15 px from (x, y): what lies under a square's top tile."""
    for k in range(3):
        draw.rectangle((x + k * 3, y + 8 - k * 4, x + k * 3 + 10, y + 14 - k * 4), fill=TILE_FACE, outline=STACK_FILL)
