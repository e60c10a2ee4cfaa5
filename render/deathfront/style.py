"""Death Front's look, shared by the board and the hand: sizes, colours,
the fixed palette, faction tags and the unit symbol."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.deathfront.models import CardView, DeathFrontPublicView
from i18n import t
from render.common import phone_min
from render.palette import PaletteSpec, palette_image

CELL = 104  # a cell's width; its height: ``cell_height``
MARGIN = 26  # the rulers above and below the grid (column letters)
MARGIN_X = 16  # the rulers left and right of it (row numbers)
HEADER = 70
BOARD_TEXT = 18  # the board's usual text; none smaller than ``board_text``
HAND_TEXT = 16


def board_width(columns: int) -> int:
    return 2 * MARGIN_X + CELL * columns


def board_text(columns: int) -> int:
    """The smallest text on a board of ``columns``: 11 px on a phone
    (``render.common.phone_min``): 14 px with 4 columns, 17 with 5."""
    return phone_min(board_width(columns))


def cell_height(columns: int) -> int:
    """A cell's height: room for a tile's badge, stats, a name on two lines
    and two lines of codes under it, all at least ``board_text``."""
    return 6 * board_text(columns) + 34

FACTION_COLOUR = {
    "us": (74, 98, 40),
    "uk": (140, 96, 44),
    "ss": (38, 38, 42),
    "wehrmacht": (84, 100, 122),
}
TERRITORY = {0: (222, 233, 248), 1: (248, 226, 222), None: (236, 226, 196)}
INK = (30, 30, 30)
GRID = (150, 150, 150)
WHITE = (255, 255, 255)
ATTACK_RED = (200, 30, 30)
MOVE_BLUE = (30, 90, 200)
USED_RED = (210, 40, 40)
PREVIEW = (255, 170, 0)  # the ``highlight`` overlay of the move builder
FRONT_HATCH = (222, 208, 170)
FRONT_LINE = (120, 90, 30)
LEVEL_INK = (255, 230, 120)
USED_STATS = (200, 200, 200)
SMOKE = (120, 120, 120)
RESOURCE_FILL = (250, 245, 225)
WAITING_INK = (150, 20, 20)
FACILITY_BAND = (255, 214, 80)
LEGEND_INK = (90, 90, 90)
HAND_BACK = (245, 245, 240)
CARD_TYPE_INK = (110, 110, 110)
KEYWORD_INK = (120, 40, 20)
RANGE_FILL, SUPPLY_FILL, PATTERN_SELF = (210, 50, 50), (60, 150, 60), (40, 90, 200)
PATTERN_EMPTY, PATTERN_EDGE = (235, 235, 235), (160, 160, 160)
PALETTE = PaletteSpec(
    exact=[*FACTION_COLOUR.values(), *TERRITORY.values(), INK, GRID, WHITE, ATTACK_RED, MOVE_BLUE, USED_RED, PREVIEW,
           FRONT_HATCH, FRONT_LINE, LEVEL_INK, USED_STATS, SMOKE, RESOURCE_FILL, WAITING_INK, FACILITY_BAND,
           LEGEND_INK, HAND_BACK, CARD_TYPE_INK, KEYWORD_INK, RANGE_FILL, SUPPLY_FILL, PATTERN_SELF, PATTERN_EMPTY,
           PATTERN_EDGE],
    inks=[*FACTION_COLOUR.values(), INK, GRID, WHITE, ATTACK_RED, MOVE_BLUE, USED_RED, PREVIEW, FRONT_HATCH,
          FRONT_LINE, LEVEL_INK, USED_STATS, WAITING_INK, LEGEND_INK, CARD_TYPE_INK, KEYWORD_INK],
    grounds=[*FACTION_COLOUR.values(), *TERRITORY.values(), WHITE, SMOKE, RESOURCE_FILL, FACILITY_BAND, HAND_BACK,
             PATTERN_EMPTY],
)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Death Front's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE.colours())


def faction_tag(faction: str, locale: str) -> str:
    return t(f"render.deathfront.tag.{faction}", locale)


def seat_name(view: DeathFrontPublicView, seat: int, locale: str) -> str:
    name = view.seats[seat].name.strip()
    return name or t("render.common.player", locale, n=seat + 1)


def short_tags(card: CardView, locale: str) -> list[str]:
    tags = [t(f"render.deathfront.short.{k}", locale) for k in card.keywords]
    if card.anti_armour:
        tags.append(t("render.deathfront.short.anti_armour", locale, n=card.anti_armour))
    return tags


def draw_unit_icon(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: CardView, colour) -> None:
    """A NATO-style symbol in a small frame, by unit class."""
    x0, y0, x1, y1 = box
    d.rectangle(box, outline=colour, width=1)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cls = card.id.split("_", 1)[1] if card.type == "unit" else ""
    kw = set(card.keywords)
    if "armoured" in kw and "indirect" not in kw:
        d.ellipse((x0 + 4, y0 + 3, x1 - 4, y1 - 3), outline=colour, width=2)  # armour
    elif "indirect" in kw:
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=colour)  # artillery
    elif card.anti_armour:
        d.line((x0, y1, cx, y0), fill=colour, width=2)  # anti-tank: inverted V
        d.line((cx, y0, x1, y1), fill=colour, width=2)
    elif "engineer" in kw:
        d.line((x0 + 5, cy + 2, x1 - 5, cy + 2), fill=colour, width=2)
        for x in (x0 + 7, cx, x1 - 7):
            d.line((x, cy + 2, x, cy - 4), fill=colour, width=2)
    elif "concealed" in kw:
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), outline=colour, width=1)
        d.line((cx - 8, cy, cx + 8, cy), fill=colour)
        d.line((cx, cy - 7, cx, cy + 7), fill=colour)
    else:
        d.line((x0, y0, x1, y1), fill=colour, width=2)  # infantry: X
        d.line((x0, y1, x1, y0), fill=colour, width=2)
        if "airborne" in kw or "infiltrate" in kw or "mg" in cls or card.range == "F":
            d.arc((cx - 6, y0 - 2, cx + 6, y0 + 8), 0, 180, fill=colour, width=1)

