"""A player's profile card (``/profile``): name, games, wins, favourite game,
the rating history of each game as a chart, each game's numbers and the
last results. Plain data in, PNG bytes out; every word from
``render.profile.*`` in the viewer's language.

Laid out 480 px wide for a phone that shows it 360 px wide: the smallest
text is 15 px (11 px there), and the card stays within about 1.5 widths:
its numbers in one row, the chart, a row per game, a line per recent
result. A game's line in the chart has its colour *and* its
marker shape (circle, square, triangle, diamond), and the table under the
chart names each game beside the same marker, so the chart reads without
colour. An outcome is a coloured badge with a letter (W / D / L)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from i18n import t
from render.common import draw_text, phone_min, text_width, to_png, wrap_text
from render.palette import PaletteSpec, palette_image
from render.profile_chart import (
    CHART_HEIGHT,
    MARKER_EDGE,
    NO_CHART_HEIGHT,
    SLOT_COLOURS,
    Series,
    draw_chart,
    draw_marker,
    slot_colour,
)

WIDTH = 480
PAD = 16
BG = (30, 32, 38)
PANEL = (42, 45, 53)
INK = (236, 237, 241)
MUTED = (170, 174, 184)
RULE = (70, 74, 84)
SMALL = phone_min(WIDTH)  # 15
TITLE, BIG, HEAD, BODY = 24, 22, 18, 16
WHITE = (255, 255, 255)
OUTCOME_COLOURS = {"win": (46, 160, 67), "draw": (212, 160, 23), "loss": (207, 60, 60)}
HEADER, TILE, ROW, RECENT_ROW = 62, 60, 27, 33
PALETTE = PaletteSpec(
    exact=[BG, PANEL, INK, MUTED, RULE, WHITE, MARKER_EDGE, *OUTCOME_COLOURS.values(), *SLOT_COLOURS],
    inks=[INK, MUTED, RULE, WHITE, MARKER_EDGE, *SLOT_COLOURS],
    grounds=[BG, PANEL, *OUTCOME_COLOURS.values(), *SLOT_COLOURS],
)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The card's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE.colours())

Outcome = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class GameStats:
    """One game's numbers. ``slot``: the game's place in the bot's list of
    games, which picks its colour and marker (the same on every card)."""
    slot: int
    name: str
    games: int
    wins: int
    rating: float | None  # the ordinal now; None: never rated
    points: tuple[float, ...] = ()  # the ordinal after each rated game, oldest first
    breaks: tuple[int, ...] = ()  # indexes of ``points`` that begin a new season


@dataclass(frozen=True)
class RecentLine:
    game: str
    date: str
    place: int
    of: int  # the sides of that game (players, or teams)
    outcome: Outcome
    rated: bool


@dataclass(frozen=True)
class ProfileCard:
    name: str
    games: int = 0
    wins: int = 0
    favourite: str | None = None  # the game's localized name
    per_game: tuple[GameStats, ...] = ()
    recent: tuple[RecentLine, ...] = ()
    season: str | None = None  # a label drawn in the header, when the server runs seasons


def _w(key: str, locale: str, **params: object) -> str:
    return t(f"render.profile.{key}", locale, **params)


def _header(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str) -> int:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=PANEL)
    label = _w("title", locale) if card.season is None else f"{_w('title', locale)} · {card.season}"
    draw_text(draw, (PAD, 8), label, SMALL, fill=MUTED, max_width=WIDTH - 2 * PAD)
    draw_text(draw, (PAD, 30), card.name, TITLE, fill=INK, bold=True, max_width=WIDTH - 2 * PAD)
    return HEADER


def _tiles(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """Games · Wins (share) · Favourite game, as three tiles."""
    gap = 8
    width = (WIDTH - 2 * PAD - 2 * gap) // 3
    share = round(100 * card.wins / card.games) if card.games else 0
    tiles = [
        (_w("games", locale), str(card.games), ""),
        (_w("wins", locale), str(card.wins), _w("win_share", locale, pct=share)),
        (_w("favourite", locale), card.favourite or _w("none", locale), ""),
    ]
    for n, (label, value, note) in enumerate(tiles):
        x = PAD + n * (width + gap)
        room = width - 16
        draw.rounded_rectangle((x, y, x + width, y + TILE), radius=8, fill=PANEL)
        draw_text(draw, (x + 8, y + 5), label, SMALL, fill=MUTED, max_width=room)
        if n < 2:
            value_width = draw_text(draw, (x + 8, y + 26), value, BIG, fill=INK, bold=True, max_width=room)
            if note:  # beside the number where it fits, else under it
                fits = text_width(note, SMALL) <= room - value_width - 8
                draw_text(draw, (x + 8 + value_width + 8, y + 31) if fits else (x + 8, y + 44), note, SMALL,
                          fill=MUTED, max_width=room)
        else:  # a game's name: two lines where it needs them ("连线计划（SETUP）")
            lines = wrap_text(value, SMALL, room, bold=True, max_lines=2)
            size = BODY if len(lines) == 1 and text_width(value, BODY, True) <= room else SMALL
            for row, line in enumerate(lines if size == SMALL else [value]):
                draw_text(draw, (x + 8, y + 25 + row * (SMALL + 3)), line, size, fill=INK, bold=True, max_width=room)
    return y + TILE


def _section(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    draw_text(draw, (PAD, y), title, HEAD, fill=INK, bold=True, max_width=WIDTH - 2 * PAD)
    return y + HEAD + 8


COLUMNS = (0.58, 0.72, 0.86)  # where Games, Wins and Rating end, as shares of the width


def _table(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """One row per game: its marker and name (the chart's legend), games,
    wins, the rating now."""
    inner = WIDTH - 2 * PAD
    ends = [PAD + int(inner * c) for c in COLUMNS] + [WIDTH - PAD]
    heads = [_w("col_games", locale), _w("col_wins", locale), _w("col_rating", locale)]
    draw_text(draw, (PAD + 26, y), _w("col_game", locale), SMALL, fill=MUTED, max_width=ends[0] - PAD - 60)
    for start, end, head in zip(ends, ends[1:], heads):
        draw_text(draw, (end, y), head, SMALL, fill=MUTED, anchor="ra", max_width=end - start - 6)
    y += SMALL + 7
    for stats in card.per_game:
        draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=1)
        draw_marker(draw, stats.slot, (PAD + 9, y + ROW / 2), 7)
        draw_text(draw, (PAD + 26, y + ROW / 2), stats.name, BODY, fill=INK, bold=True, anchor="lm",
                  max_width=ends[0] - PAD - 34)
        rating = _w("none", locale) if stats.rating is None else f"{stats.rating:.1f}"
        for end, value in zip(ends[1:], (str(stats.games), str(stats.wins), rating)):
            draw_text(draw, (end, y + ROW / 2), value, BODY, fill=INK, anchor="rm")
        y += ROW
    return y


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, outcome: Outcome, locale: str) -> None:
    draw.rounded_rectangle((x, y, x + 25, y + 25), radius=6, fill=OUTCOME_COLOURS[outcome])
    draw_text(draw, (x + 12.5, y + 12.5), _w(f"short_{outcome}", locale), SMALL, fill=WHITE, bold=True,
              anchor="mm", max_width=24)


def _recent_lines(line: RecentLine, locale: str, date_width: float) -> int:
    """A result's lines: one, or two where its words and place do not fit beside each other."""
    words, place = _recent_words(line, locale)
    room = WIDTH - PAD - 8 - date_width - 12 - (PAD + 36)
    return 1 if text_width(words, BODY, True) + 10 + text_width(place, SMALL) <= room else 2


def _recent_words(line: RecentLine, locale: str) -> tuple[str, str]:
    place = _w("place", locale, place=line.place, n=line.of)
    if not line.rated:
        place = f"{place} · {_w('unrated', locale)}"
    return f"{_w(line.outcome, locale)} · {line.game}", place


def _recent(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """The last results, newest first: badge, outcome and game, place and date."""
    for line in card.recent:
        date_width = text_width(line.date, SMALL)
        lines = _recent_lines(line, locale, date_width)
        height = RECENT_ROW + (SMALL + 6) * (lines - 1)
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + height - 4), radius=8, fill=PANEL)
        _badge(draw, PAD + 4, y + 2, line.outcome, locale)
        text_x = PAD + 36
        draw_text(draw, (WIDTH - PAD - 8, y + 7), line.date, SMALL, fill=MUTED, anchor="ra")
        words, place = _recent_words(line, locale)
        room = WIDTH - PAD - 8 - date_width - 12 - text_x
        shown = draw_text(draw, (text_x, y + 6), words, BODY, fill=INK, bold=True, max_width=room)
        if lines == 1:
            draw_text(draw, (text_x + shown + 10, y + 7), place, SMALL, fill=MUTED, max_width=room - shown - 10)
        else:
            draw_text(draw, (text_x, y + 6 + SMALL + 6), place, SMALL, fill=MUTED, max_width=WIDTH - PAD - 8 - text_x)
        y += height
    return y


def _series(card: ProfileCard) -> list[Series]:
    return [Series(stats.slot, stats.points, stats.breaks) for stats in card.per_game if stats.points]


def _empty(card: ProfileCard, locale: str) -> bytes:
    hint = wrap_text(_w("empty_hint", locale), BODY, WIDTH - 2 * PAD, max_lines=3)
    image = Image.new("RGB", (WIDTH, HEADER + 28 + HEAD + 14 + (BODY + 6) * len(hint) + 12), BG)
    draw = ImageDraw.Draw(image)
    y = _header(draw, card, locale) + 28
    draw_text(draw, (WIDTH // 2, y), _w("empty", locale), HEAD, fill=INK, bold=True, anchor="ma",
              max_width=WIDTH - 2 * PAD)
    for k, line in enumerate(hint):
        draw_text(draw, (WIDTH // 2, y + HEAD + 14 + k * (BODY + 6)), line, BODY, fill=MUTED, anchor="ma")
    return to_png(image, palette())


def card_height(card: ProfileCard) -> int:
    """Room for every part (see ``profile_png``, which crops what is left over)."""
    height = HEADER + 10 + TILE + 12  # header, tiles
    height += HEAD + 8 + CHART_HEIGHT + 10  # the chart
    height += SMALL + 7 + len(card.per_game) * ROW + 10  # the table
    if card.recent:
        height += HEAD + 8 + (RECENT_ROW + SMALL + 6) * len(card.recent)
    return height + 3 * SMALL + PAD


def profile_png(card: ProfileCard, locale: str = "en") -> bytes:
    if not card.games:
        return _empty(card, locale)
    image = Image.new("RGB", (WIDTH, card_height(card)), BG)
    draw = ImageDraw.Draw(image)
    y = _header(draw, card, locale) + 10
    y = _tiles(draw, card, locale, y) + 12
    y = _section(draw, y, _w("history", locale))
    series = _series(card)
    chart_height = CHART_HEIGHT if series else NO_CHART_HEIGHT
    draw_chart(draw, (PAD, y, WIDTH - PAD, y + chart_height), series, axis_y=_w("axis_rating", locale),
               axis_x=_w("axis_games", locale), nothing=_w("no_rated", locale), muted=MUTED, rule=RULE,
               panel=PANEL)
    y += chart_height + 10
    y = _table(draw, card, locale, y) + 10
    if card.recent:
        y = _section(draw, y, _w("recent", locale))
        y = _recent(draw, card, locale, y)
    lines = wrap_text(_w("footnote", locale), SMALL, WIDTH - 2 * PAD, max_lines=2)
    for k, line in enumerate(lines):
        draw_text(draw, (PAD, y + 4 + k * (SMALL + 4)), line, SMALL, fill=MUTED)
    bottom = y + 4 + len(lines) * (SMALL + 4) + 8
    return to_png(image.crop((0, 0, WIDTH, min(image.height, bottom))), palette())


__all__ = ["GameStats", "ProfileCard", "RecentLine", "profile_png", "slot_colour"]
