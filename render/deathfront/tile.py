"""A unit or resource as it stands in a board cell (a cached sprite): the
faction's tag, the unit symbol and supply level, attack/defence, the name,
and under the tile its range and keyword codes (with the facility it stands
on, in the facility's yellow band). Every text at least the board's
smallest size (``style.board_text``: 11 px when the board is shown 360 px
wide), put on two lines before it is cut."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.deathfront.cards import card_name
from engines.deathfront.models import CardView
from i18n import t
from render.cache import MB, bounded
from render.common import draw_text, fit_text, text_width
from render.deathfront.style import (
    BOARD_TEXT,
    CELL,
    FACILITY_BAND,
    FACTION_COLOUR,
    INK,
    LEVEL_INK,
    RESOURCE_FILL,
    SMOKE,
    USED_RED,
    USED_STATS,
    WHITE,
    draw_unit_icon,
    faction_tag,
    short_tags,
)
from render.fit import fit_lines, fit_size

NAME_WIDTH = CELL - 16  # a unit's name inside its tile
# The lines under a tile keep 5 px from the cell's edges, where a preview draws its rings.
STRIP_ROOM = CELL - 10
STRIP_MAX = 16  # the lines under a tile: at most this size
STATS = 22  # attack/defence, shrunk to the smallest text where the cell is short of room
ICON = 24  # the unit symbol's width
BADGE_ROOM = 4 + 2 + ICON + 4 + 6 + 8  # the gaps around the tag, the unit symbol and the supply level


def badge_size(tag: str, level_text: str, text: int) -> tuple[int, int]:
    """The text size (from BOARD_TEXT down to ``text``) at which a unit's
    faction tag, symbol and supply level fit side by side on its tile, and
    the tag's white box width."""
    size = next((s for s in range(max(BOARD_TEXT, text), text - 1, -1)
                 if text_width(tag, s, True) + text_width(level_text, s, True) + BADGE_ROOM <= CELL - 8), text)
    return size, int(text_width(tag, size, True)) + 6


def strip_lines(codes: str, facility: str = "", text: int = 14) -> tuple[int, list[str]]:
    """The line(s) under a tile: its codes (or a resource's defence) and the
    facility it stands on, at the largest size from STRIP_MAX down to
    ``text``: on one line if they fit, else on as few lines as fit (the
    facility on a line of its own first, else the most even split). Cut
    only when nothing fits."""
    room = STRIP_ROOM
    top = max(STRIP_MAX, text)
    pieces = [p for p in codes.split(" ") if p] + ([f"· {facility}"] if facility else [])
    one = " ".join(pieces)
    if text_width(one, text) <= room:
        return fit_size(one, top, room, min_size=text), [one]

    def uneven(k: int) -> float:
        return abs(text_width(" ".join(pieces[:k]), text) - text_width(" ".join(pieces[k:]), text))

    splits = sorted(range(1, len(pieces)), key=lambda k: (not (facility and k == len(pieces) - 1), uneven(k)))
    for size in range(max(14, text), text - 1, -1):
        for k in splits:
            lines = [" ".join(pieces[:k]), " ".join(pieces[k:]).removeprefix("· ")]
            if all(text_width(line, size) <= room for line in lines):
                return size, lines
    lines, line = [], ""
    for piece in pieces:  # three lines or more: word by word
        candidate = f"{line} {piece}" if line else piece
        if line and text_width(candidate, text) > room:
            lines.append(line.removeprefix("· "))
            line = piece
        else:
            line = candidate
    lines.append(line.removeprefix("· "))
    return text, [fit_text(line, text, room) for line in lines]


def strip_pitch(size: int) -> int:
    return size + 2


@dataclass(frozen=True)
class TileText:
    """What a tile writes, measured: the lines under it (codes, facility),
    the name's lines and the badge's size."""
    strip_size: int
    strip: tuple[str, ...]
    name_size: int
    name: tuple[str, ...]
    badge_size: int
    tag_width: int

    @property
    def strip_block(self) -> int:
        return 3 + strip_pitch(self.strip_size) * len(self.strip)

    def height(self, text: int) -> int:
        """The least cell height that holds it with stats of ``text`` px."""
        return 4 + self.strip_block + 2 + badge_height(self.badge_size) + 4 + text + 2 + \
            len(self.name) * (self.name_size + 1) + 3


def badge_height(size: int) -> int:
    return max(24, size + 6)


@lru_cache(maxsize=4096)
def tile_text(card_id: str, faction: str, card_type: str, defence, level, range_code, keywords: tuple[str, ...],
              anti_armour: int, locale: str, facility: str, text: int) -> TileText:
    card = CardView(uid=card_id, id=card_id, type=card_type, faction=faction, name="", attack=0, defence=defence,
                    range=range_code, level=level, keywords=list(keywords), anti_armour=anti_armour)
    codes = (t("render.deathfront.def", locale, n=defence) if card_type == "resource"
             else " ".join([range_code or ""] + short_tags(card, locale)))
    strip_size, strip = strip_lines(codes, facility, text)
    if card_type == "resource":
        return TileText(strip_size, tuple(strip), 0, (), 0, 0)
    name_size, name = fit_lines(card_name(card_id, locale), BOARD_TEXT, NAME_WIDTH, two_lines=max(15, text),
                                one_line_min=max(15, text), min_size=text)
    size, tag_width = badge_size(faction_tag(faction, locale), t("render.deathfront.level", locale, n=level), text)
    return TileText(strip_size, tuple(strip), name_size, tuple(name), size, tag_width)


@bounded("deathfront tiles", max_items=4096, max_bytes=32 * MB)
def tile_sprite(card_id: str, faction: str, card_type: str, attack, defence, level, range_code,
                keywords: tuple[str, ...], anti_armour: int, exhausted: bool, smoked: bool,
                locale: str, facility: str = "", facility_faction: str = "", text: int = 14,
                cell_h: int = CELL) -> Image.Image:
    """One unit or resource as it sits in a cell ``CELL`` × ``cell_h``
    (transparent around it), cached: a full board pastes 35 of these instead
    of drawing ~200 texts. ``facility``: the facility under it (its code and
    defence), written in the yellow facility band with the tile's own codes.
    ``text``: the board's smallest text size."""
    card = CardView(uid=card_id, id=card_id, type=card_type, faction=faction, name="", attack=attack,
                    defence=defence, range=range_code, level=level, keywords=list(keywords),
                    anti_armour=anti_armour)
    parts = tile_text(card_id, faction, card_type, defence, level, range_code, keywords, anti_armour, locale,
                      facility, text)
    image = Image.new("RGBA", (CELL, cell_h), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    colour = FACTION_COLOUR[faction]
    pitch = strip_pitch(parts.strip_size)
    strip_top = cell_h - parts.strip_block
    box = (4, 4, CELL - 4, strip_top - 2)
    if facility:
        d.rectangle((2, box[3] + 1, CELL - 2, cell_h - 1), fill=FACILITY_BAND,
                    outline=FACTION_COLOUR.get(facility_faction, INK), width=2)
    for k, line in enumerate(parts.strip):
        draw_text(d, (CELL / 2, strip_top + pitch * k + pitch / 2), line, parts.strip_size, fill=INK, anchor="mm",
                  max_width=STRIP_ROOM)
    if card_type == "resource":
        _resource(d, card, box, colour, locale, text)
        return image
    d.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=2)
    # faction tag (the cue that does not rely on colour), unit symbol, supply level: shrunk until all three fit
    tag, level_text = faction_tag(faction, locale), t("render.deathfront.level", locale, n=level)
    size, tw = parts.badge_size, parts.tag_width
    badge = badge_height(size)
    d.rectangle((box[0] + 2, box[1] + 2, box[0] + 2 + tw, box[1] + badge), fill=WHITE)
    middle = box[1] + 2 + badge / 2
    draw_text(d, (box[0] + 5, middle), tag, size, fill=colour, bold=True, anchor="lm")
    draw_unit_icon(d, (box[0] + tw + 6, middle - 9, box[0] + tw + 6 + ICON, middle + 9), card, WHITE)
    draw_text(d, (box[2] - 4, middle), level_text, size, fill=LEVEL_INK, bold=True, anchor="rm")
    # under the badge: the stats (shrunk to the smallest text where room is short) and the name
    top = box[1] + badge + 4
    room = box[3] - 3 - top
    lines, name_size = parts.name, parts.name_size
    stats = STATS
    while stats > text and stats + 2 + len(lines) * (name_size + 1) > room:
        stats -= 1
    name_pitch = name_size + (2 if stats + 2 + len(lines) * (name_size + 2) <= room else 1)
    slack = max(0, room - stats - 2 - len(lines) * name_pitch)
    stats_y = top + slack / 3 + stats / 2
    draw_text(d, ((box[0] + box[2]) / 2, stats_y), f"{attack}/{defence}", stats,
              fill=USED_STATS if exhausted else WHITE, bold=True, anchor="mm")
    name_top = stats_y + stats / 2 + 2 + slack / 3
    for k, line in enumerate(lines):
        draw_text(d, ((box[0] + box[2]) / 2, name_top + name_pitch * (k + 0.5)), line, name_size, fill=WHITE,
                  anchor="mm")
    if exhausted:  # a red frame, clear of the name
        d.rounded_rectangle(box, radius=6, outline=USED_RED, width=4)
    if smoked:  # over the type icon: smoke hides the unit
        d.rectangle((box[0] + tw + 4, middle - 11, box[0] + tw + 8 + ICON, middle + 11), fill=SMOKE)
    return image


def _resource(d: ImageDraw.ImageDraw, card: CardView, box: tuple[int, int, int, int], colour, locale: str,
              text: int) -> None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = min(box[2] - box[0], box[3] - box[1]) / 2
    angles = [math.pi / 6 + k * math.pi / 3 for k in range(6)]
    points = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
    d.polygon(points, fill=RESOURCE_FILL, outline=colour)
    d.line(points + [points[0]], fill=colour, width=4)
    size = max(20, text)
    draw_text(d, (cx, cy - size * 0.6), t("render.deathfront.resource", locale, n=card.level), size, fill=colour,
              bold=True, anchor="mm")
    draw_text(d, (cx, cy + size * 0.6), faction_tag(card.faction, locale), max(BOARD_TEXT, text), fill=colour,
              bold=True, anchor="mm")
