"""The hand picture (two cards a row) and the one-line card stats of the
hand text."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engines.base import Region
from engines.deathfront.cards import card_name
from engines.deathfront.models import CardView, DeathFrontPrivateView
from i18n import t
from render.common import draw_text, phone_min, text_width, wrap_text
from render.deathfront.style import (
    CARD_TYPE_INK,
    FACTION_COLOUR,
    HAND_BACK,
    HAND_TEXT,
    INK,
    KEYWORD_INK,
    LEGEND_INK,
    PATTERN_EDGE,
    PATTERN_EMPTY,
    PATTERN_SELF,
    PREVIEW,
    RANGE_FILL,
    SUPPLY_FILL,
    WHITE,
    draw_unit_icon,
    faction_tag,
)
from render.fit import fit_size

SKILL_HINTS = ("air_strike", "barrage", "smoke", "blitz")
CARD_W, CARD_H, GAP = 225, 256, 10  # two cards a row: 480 px wide, its text 11 px on a phone
PER_ROW, CARDS_TOP = 2, 48  # cards a row; where the first row starts, under the title
MULLIGAN_LINE = 24  # "(mulligan available)" under the title
RING = 3  # a preview's ring around a card lies this far outside it
TEXT_COLUMN = CARD_W - 84  # beside a card's range or supply pattern
MIN_TEXT = phone_min(GAP + PER_ROW * (CARD_W + GAP))  # 15 px: 11 px on a phone


def card_stats(card: CardView, locale: str) -> str:
    if card.type == "unit":
        words = [f"{card.attack}/{card.defence}", t("render.deathfront.range", locale, code=card.range),
                 t("render.deathfront.supply_level", locale, n=card.level)]
        extras = [t(f"render.deathfront.keyword.{k}", locale) for k in card.keywords]
        if card.anti_armour:
            extras.append(t("render.deathfront.anti_armour", locale, n=card.anti_armour))
        sep = "、" if locale.startswith("zh") else ", "
        return " · ".join(words + ([sep.join(extras)] if extras else []))
    if card.type == "resource":
        return t("render.deathfront.resource_level", locale, level=card.level, defence=card.defence)
    if card.type == "facility":
        return " · ".join([t("render.deathfront.defence", locale, n=card.defence),
                           t(f"render.deathfront.facility.{card.effect}_text", locale, bonus=card.bonus)])
    aa = t("render.deathfront.skill.air_strike_aa", locale, n=card.anti_armour) if card.anti_armour else ""
    return " · ".join([t("deathfront.card_type.skill", locale),
                       t(f"render.deathfront.skill.{card.effect}", locale, attack=card.attack, aa=aa,
                                         level=card.level, targets=card.targets, bonus=card.bonus)])


def cards_top(view: DeathFrontPrivateView) -> int:
    """Where the cards start: under the title, and the mulligan's line while one may be taken."""
    return CARDS_TOP + (MULLIGAN_LINE if view.can_mulligan else 0)


def hand_size(cards: int, top: int = CARDS_TOP) -> tuple[int, int]:
    """The hand picture's width and height for this many cards."""
    rows = math.ceil(cards / PER_ROW)
    return GAP + PER_ROW * (CARD_W + GAP), top + rows * (CARD_H + GAP) + (0 if rows else GAP)


def card_box(i: int, top: int = CARDS_TOP) -> tuple[int, int, int, int]:
    """Where the ``i``-th card of the hand is drawn."""
    x = GAP + (i % PER_ROW) * (CARD_W + GAP)
    y = top + (i // PER_ROW) * (CARD_H + GAP)
    return x, y, x + CARD_W, y + CARD_H


def ringed(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A card's box with the ring a preview draws around it."""
    x0, y0, x1, y1 = box
    return x0 - RING, y0 - RING, x1 + RING, y1 + RING


def hand_regions(view: DeathFrontPrivateView) -> list[Region]:
    """A region per card, by uid: the card and its preview ring (``x1``, ``y1`` exclusive)."""
    regions = []
    for i, card in enumerate(view.hand):
        x0, y0, x1, y1 = ringed(card_box(i, cards_top(view)))
        regions.append(Region(card.uid, "card", (x0, y0, x1 + 1, y1 + 1)))
    return regions


def draw_hand(view: DeathFrontPrivateView, locale: str = "en", highlight: set[str] | None = None) -> Image.Image:
    top = cards_top(view)
    width, height = hand_size(len(view.hand), top)
    image = Image.new("RGB", (width, height), HAND_BACK)
    d = ImageDraw.Draw(image)
    title = t("render.deathfront.hand_title", locale, faction=t(f"deathfront.faction.{view.faction}", locale),
              count=len(view.hand), deck=view.deck_count)
    draw_text(d, (GAP, 12), title, fit_size(title, 18, width - 2 * GAP, bold=True, min_size=MIN_TEXT), fill=INK,
              bold=True, max_width=width - 2 * GAP)
    if view.can_mulligan:
        draw_text(d, (GAP, 12 + MULLIGAN_LINE), t("render.deathfront.mulligan", locale), MIN_TEXT, fill=INK,
                  bold=True, max_width=width - 2 * GAP)
    for i, card in enumerate(view.hand):
        box = card_box(i, top)
        _hand_card(d, box, card, locale)
        if highlight and card.uid in highlight:
            d.rounded_rectangle(ringed(box), radius=10, outline=PREVIEW, width=5)
    return image


def _hand_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: CardView, locale: str) -> None:
    x0, y0, x1, y1 = box
    T = HAND_TEXT
    colour = FACTION_COLOUR.get(card.faction, LEGEND_INK)
    d.rounded_rectangle(box, radius=8, fill=WHITE, outline=colour, width=3)
    d.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 34), fill=colour)
    tag = faction_tag(card.faction, locale) if card.faction in FACTION_COLOUR else ""
    tw = text_width(tag, T, True)
    name = card_name(card.id, locale)
    draw_text(d, (x0 + 8, y0 + 18), name, fit_size(name, 18, CARD_W - tw - 26, bold=True, min_size=MIN_TEXT),
              fill=WHITE, bold=True, anchor="lm", max_width=CARD_W - tw - 26)
    draw_text(d, (x1 - 8, y0 + 18), tag, T, fill=WHITE, bold=True, anchor="rm")
    draw_text(d, (x0 + 8, y0 + 40), t(f"deathfront.card_type.{card.type}", locale), T, fill=CARD_TYPE_INK, bold=True)
    body = (x0 + 8, y0 + 64)
    if card.type == "unit":
        draw_unit_icon(d, (x1 - 44, y0 + 40, x1 - 10, y0 + 60), card, colour)
        draw_text(d, body, t("render.deathfront.attack_defence", locale, attack=card.attack, defence=card.defence),
                  18, fill=INK, bold=True)
        draw_text(d, (x0 + 8, y0 + 90), t("render.deathfront.supply_level", locale, n=card.level), T, fill=INK)
        draw_text(d, (x0 + 8, y0 + 112), t("render.deathfront.range", locale, code=card.range), T, fill=INK)
        extras = [t(f"render.deathfront.keyword.{k}", locale) for k in card.keywords]
        if card.anti_armour:
            extras.append(t("render.deathfront.anti_armour", locale, n=card.anti_armour))
        sep = "、" if locale.startswith("zh") else ", "
        for k, line in enumerate(wrap_text(sep.join(extras) or t("render.deathfront.none", locale), T, TEXT_COLUMN,
                                           bold=True, max_lines=3)):
            draw_text(d, (x0 + 8, y0 + 140 + k * 22), line, T, fill=KEYWORD_INK, bold=True)
        draw_pattern(d, (x1 - 72, y0 + 122), card.range_cells, colour, "unit", locale)
    elif card.type == "resource":
        draw_text(d, body, t("render.deathfront.resource_level", locale, level=card.level, defence=card.defence),
                  18, fill=INK, bold=True)
        for k, line in enumerate(wrap_text(t("render.deathfront.supplies", locale), T, TEXT_COLUMN, max_lines=3)):
            draw_text(d, (x0 + 8, y0 + 96 + k * 22), line, T, fill=INK)
        draw_pattern(d, (x1 - 72, y0 + 122), _supply_cells(card), colour, "resource", locale)
    elif card.type == "facility":
        draw_text(d, body, t("render.deathfront.defence", locale, n=card.defence), 18, fill=INK, bold=True)
        text = t(f"render.deathfront.facility.{card.effect}_text", locale, bonus=card.bonus)
        for k, line in enumerate(wrap_text(text, T, CARD_W - 16, max_lines=4)):
            draw_text(d, (x0 + 8, y0 + 96 + k * 22), line, T, fill=INK)
        draw_text(d, (x0 + 8, y1 - 50), t("render.deathfront.own_territory", locale), T, fill=CARD_TYPE_INK)
    else:
        aa = t("render.deathfront.skill.air_strike_aa", locale, n=card.anti_armour) if card.anti_armour else ""
        text = t(f"render.deathfront.skill.{card.effect}", locale, attack=card.attack, aa=aa,
                 level=card.level, targets=card.targets, bonus=card.bonus)
        draw_text(d, body, t("render.deathfront.single_use", locale), T, fill=INK, bold=True,
                  max_width=CARD_W - 16)
        for k, line in enumerate(wrap_text(text, T, CARD_W - 16, max_lines=4)):
            draw_text(d, (x0 + 8, y0 + 94 + k * 22), line, T, fill=INK)
        if card.effect in SKILL_HINTS:
            hint = t(f"render.deathfront.skill.hint_{card.effect}", locale)
            lines = wrap_text(t("render.deathfront.target", locale, hint=hint), T, CARD_W - 16, bold=True,
                              max_lines=2)
            for k, line in enumerate(lines):
                draw_text(d, (x0 + 8, y1 - 28 - 22 * (len(lines) - 1 - k)), line, T, fill=KEYWORD_INK, bold=True)


def _supply_cells(card: CardView) -> list[tuple[int, int]]:
    from engines.deathfront.cards import default_cards

    return list(default_cards().pattern(card.supply)) if card.supply else []


def draw_pattern(d: ImageDraw.ImageDraw, origin: tuple[int, int], cells, colour, kind: str,
                 locale: str = "en") -> None:
    """A small grid: the card (blue) and its range or supply (red / green);
    forward is up."""
    size = 20
    dxs, dys = range(-1, 2), range(3, -2, -1)
    ox, oy = origin
    draw_text(d, (ox + 3 * size // 2, oy - 4), t("render.deathfront.forward", locale), HAND_TEXT,
              fill=CARD_TYPE_INK, anchor="md")
    marked = set(map(tuple, cells))
    fill_colour = RANGE_FILL if kind == "unit" else SUPPLY_FILL
    for j, dy in enumerate(dys):
        for i, dx in enumerate(dxs):
            x, y = ox + i * size, oy + j * size
            if (dx, dy) == (0, 0):
                fill = PATTERN_SELF
            elif (dx, dy) in marked:
                fill = fill_colour
            else:
                fill = PATTERN_EMPTY
            d.rectangle((x, y, x + size - 2, y + size - 2), fill=fill, outline=PATTERN_EDGE)

