"""A player's profile card (``/profile``): name, games, wins, favourite game,
the rating history of each game as a chart, each game's numbers and the
last results. Plain data in, PNG bytes out; every word from
``render.profile.*`` in the viewer's language.

Laid out 800 px wide for a ~400 px phone view: the smallest text is 20 px
(10 px on the phone). A game's line in the chart has its colour *and* its
marker shape (circle, square, triangle, diamond), and the table under the
chart names each game beside the same marker, so the chart reads without
colour. An outcome is a coloured badge with a letter (W / D / L)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from i18n import t
from render.common import draw_text, fit_text, to_png, wrap_text
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

WIDTH = 800
PAD = 28
BG = (30, 32, 38)
PANEL = (42, 45, 53)
INK = (236, 237, 241)
MUTED = (170, 174, 184)
RULE = (70, 74, 84)
TITLE, BIG, HEAD, BODY, SMALL = 40, 36, 26, 24, 20
WHITE = (255, 255, 255)
OUTCOME_COLOURS = {"win": (46, 160, 67), "draw": (212, 160, 23), "loss": (207, 60, 60)}
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
    draw.rectangle((0, 0, WIDTH, 96), fill=PANEL)
    label = _w("title", locale) if card.season is None else f"{_w('title', locale)} · {card.season}"
    draw_text(draw, (PAD, 14), label, SMALL, fill=MUTED, max_width=WIDTH - 2 * PAD)
    draw_text(draw, (PAD, 40), card.name, TITLE, fill=INK, bold=True, max_width=WIDTH - 2 * PAD)
    return 96


def _tiles(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """Games · Wins (share) · Favourite game, as three tiles."""
    gap = 14
    width = (WIDTH - 2 * PAD - 2 * gap) // 3
    share = round(100 * card.wins / card.games) if card.games else 0
    tiles = [
        (_w("games", locale), str(card.games), _w("all_games", locale)),
        (_w("wins", locale), str(card.wins), _w("win_share", locale, pct=share)),
        (_w("favourite", locale), card.favourite or _w("none", locale), ""),
    ]
    for n, (label, value, note) in enumerate(tiles):
        x = PAD + n * (width + gap)
        draw.rounded_rectangle((x, y, x + width, y + 124), radius=10, fill=PANEL)
        draw_text(draw, (x + 14, y + 10), label, SMALL, fill=MUTED, max_width=width - 28)
        if n < 2:
            draw_text(draw, (x + 14, y + 40), value, BIG, fill=INK, bold=True, max_width=width - 28)
        else:  # a game's name: two lines where it needs them ("连线计划（SETUP）")
            for row, line in enumerate(wrap_text(value, HEAD, width - 28, bold=True, max_lines=2)):
                draw_text(draw, (x + 14, y + 42 + row * (HEAD + 8)), line, HEAD, fill=INK, bold=True,
                          max_width=width - 28)
        if note:
            draw_text(draw, (x + 14, y + 88), note, SMALL, fill=MUTED, max_width=width - 28)
    return y + 124


def _section(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    draw_text(draw, (PAD, y), title, HEAD, fill=INK, bold=True, max_width=WIDTH - 2 * PAD)
    return y + HEAD + 14


COLUMNS = (0.56, 0.70, 0.84)  # where Games, Wins and Rating end, as shares of the width


def _table(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """One row per game: its marker and name (the chart's legend), games,
    wins, the rating now."""
    inner = WIDTH - 2 * PAD
    ends = [PAD + int(inner * c) for c in COLUMNS] + [WIDTH - PAD]
    heads = [_w("col_games", locale), _w("col_wins", locale), _w("col_rating", locale)]
    draw_text(draw, (PAD + 34, y), _w("col_game", locale), SMALL, fill=MUTED, max_width=ends[0] - PAD - 150)
    for end, head in zip(ends[1:], heads):
        draw_text(draw, (end, y), head, SMALL, fill=MUTED, anchor="ra", max_width=end - ends[0] - 10)
    y += SMALL + 10
    for stats in card.per_game:
        draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=1)
        y += 10
        draw_marker(draw, stats.slot, (PAD + 12, y + BODY * 0.6), 9)
        draw_text(draw, (PAD + 34, y), stats.name, BODY, fill=INK, bold=True, max_width=ends[0] - PAD - 44)
        rating = _w("none", locale) if stats.rating is None else f"{stats.rating:.1f}"
        for end, value in zip(ends[1:], (str(stats.games), str(stats.wins), rating)):
            draw_text(draw, (end, y), value, BODY, fill=INK, anchor="ra")
        y += BODY + 14
    return y


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, outcome: Outcome, locale: str) -> None:
    draw.rounded_rectangle((x, y, x + 40, y + 40), radius=8, fill=OUTCOME_COLOURS[outcome])
    draw_text(draw, (x + 20, y + 20), _w(f"short_{outcome}", locale), BODY, fill=WHITE, bold=True,
              anchor="mm", max_width=36)


def _recent(draw: ImageDraw.ImageDraw, card: ProfileCard, locale: str, y: int) -> int:
    """The last results, newest first: badge, outcome and game, place and date."""
    for line in card.recent:
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 66), radius=10, fill=PANEL)
        _badge(draw, PAD + 12, y + 13, line.outcome, locale)
        text_x = PAD + 66
        date_width = draw_text(draw, (WIDTH - PAD - 14, y + 8), line.date, SMALL, fill=MUTED, anchor="ra")
        words = f"{_w(line.outcome, locale)} · {line.game}"
        draw_text(draw, (text_x, y + 6), words, BODY, fill=INK, bold=True,
                  max_width=WIDTH - PAD - 14 - date_width - 16 - text_x)
        place = _w("place", locale, place=line.place, n=line.of)
        if not line.rated:
            place = f"{place} · {_w('unrated', locale)}"
        draw_text(draw, (text_x, y + 38), place, SMALL, fill=MUTED, max_width=WIDTH - PAD - 14 - text_x)
        y += 76
    return y


def _series(card: ProfileCard) -> list[Series]:
    return [Series(stats.slot, stats.points, stats.breaks) for stats in card.per_game if stats.points]


def _empty(card: ProfileCard, locale: str) -> bytes:
    image = Image.new("RGB", (WIDTH, 320), BG)
    draw = ImageDraw.Draw(image)
    y = _header(draw, card, locale) + 60
    draw_text(draw, (WIDTH // 2, y), _w("empty", locale), HEAD, fill=INK, bold=True, anchor="ma",
              max_width=WIDTH - 2 * PAD)
    hint = fit_text(_w("empty_hint", locale), BODY, WIDTH - 2 * PAD)
    draw_text(draw, (WIDTH // 2, y + 56), hint, BODY, fill=MUTED, anchor="ma")
    return to_png(image, palette())


def card_height(card: ProfileCard) -> int:
    """Room for every part (see ``profile_png``, which crops what is left over)."""
    height = 96 + 20 + 124 + 26  # header, tiles
    height += HEAD + 14 + CHART_HEIGHT + 20  # the chart
    height += SMALL + 10 + len(card.per_game) * (BODY + 24) + 20  # the table
    if card.recent:
        height += HEAD + 14 + 76 * len(card.recent)
    return height + SMALL + 2 * PAD


def profile_png(card: ProfileCard, locale: str = "en") -> bytes:
    if not card.games:
        return _empty(card, locale)
    image = Image.new("RGB", (WIDTH, card_height(card)), BG)
    draw = ImageDraw.Draw(image)
    y = _header(draw, card, locale) + 20
    y = _tiles(draw, card, locale, y) + 26
    y = _section(draw, y, _w("history", locale))
    series = _series(card)
    chart_height = CHART_HEIGHT if series else NO_CHART_HEIGHT
    draw_chart(draw, (PAD, y, WIDTH - PAD, y + chart_height), series, axis_y=_w("axis_rating", locale),
               axis_x=_w("axis_games", locale), nothing=_w("no_rated", locale), muted=MUTED, rule=RULE,
               panel=PANEL)
    y += chart_height + 20
    y = _table(draw, card, locale, y) + 20
    if card.recent:
        y = _section(draw, y, _w("recent", locale))
        y = _recent(draw, card, locale, y)
    draw_text(draw, (PAD, y + 6), _w("footnote", locale), SMALL, fill=MUTED, max_width=WIDTH - 2 * PAD)
    return to_png(image.crop((0, 0, WIDTH, min(image.height, y + 6 + SMALL + PAD))), palette())


__all__ = ["GameStats", "ProfileCard", "RecentLine", "profile_png", "slot_colour"]
