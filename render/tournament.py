"""A tournament's pictures: the standings after a round and the podium at
the end. Plain data in, PNG bytes out (the render layer knows no tables).

Drawn 480 px wide for a phone: every text at least 15 px (11 px shown
360 px wide). Words come from ``render.tournament`` in the viewer's language;
entrants' names in any script, cut by display width. Colour always has a
second cue: a medal carries its place number, a knocked-out line a ✕ and
its own word."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import has, t
from render.common import draw_text, fit_text, phone_min, text_width, to_png
from render.palette import PaletteSpec, palette_image

WIDTH = 480
PAD = 12
ROW = 28
MAX_LINES = 32
SMALL = phone_min(WIDTH)  # 15
TEXT = SMALL + 1
COLUMN = 62  # a number column's width
HEAD = 72  # the title band
NAME_X = 40  # where an entrant's name starts
BACKGROUND = (34, 40, 49)
BAND = (26, 31, 38)
STRIPE = (44, 52, 63)
INK = (236, 239, 244)
DIM = (160, 170, 184)
OUT_INK = (128, 136, 148)
RULE = (72, 82, 96)
MEDALS = {1: (222, 178, 40), 2: (178, 186, 198), 3: (190, 118, 62)}  # gold, silver, bronze
MEDAL_INK = (30, 30, 30)
STEP = (58, 68, 82)
PALETTE = PaletteSpec(
    exact=[BACKGROUND, BAND, STRIPE, INK, DIM, OUT_INK, RULE, *MEDALS.values(), MEDAL_INK, STEP],
    inks=[INK, DIM, OUT_INK, MEDAL_INK, RULE, *MEDALS.values()],
    grounds=[BACKGROUND, BAND, STRIPE, STEP, *MEDALS.values()],
)


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    points: float
    buchholz: float
    wins: int
    draws: int
    losses: int
    byes: int
    eliminated: bool = False
    sonneborn_berger: float = 0.0


@dataclass(frozen=True)
class StandingsSheet:
    title: str          # e.g. the tournament's name, already localized by the caller
    game_type: str
    format: str
    round_no: int
    rounds: int
    lines: list[StandingLine] = field(default_factory=list)
    finished: bool = False


@dataclass(frozen=True)
class PodiumPlace:
    place: int
    names: list[str]
    points: float


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    return palette_image(PALETTE.colours())


def _word(key: str, locale: str, **params: object) -> str:
    return t(f"render.tournament.{key}", locale, **params)


def game_title(game_type: str, locale: str) -> str:
    key = f"core.game.{game_type}"
    return t(key, locale) if has(key, locale) else game_type


def score(value: float) -> str:
    """2.5 → "2½", 0.5 → "½", 3.0 → "3", -1.5 → "-1½"."""
    whole, half = divmod(abs(round(value * 2)), 2)
    return ("-" if value < 0 else "") + (str(whole) if whole or not half else "") + ("½" if half else "")


# ---- the standings -------------------------------------------------------------------

@dataclass(frozen=True)
class _Column:
    header: str
    right: float  # right edge (numbers are right-aligned)


def _columns(format: str, locale: str) -> list[_Column]:
    middle = {"swiss": "buchholz", "round-robin": "sonneborn_berger"}.get(format)
    headers = [_word(f"col_{h}", locale) for h in ["points", *([middle] if middle else []), "record", "byes"]]
    columns, right = [], WIDTH - PAD - 4
    for header in reversed(headers):  # from the right: each as wide as its header, at least COLUMN
        columns.append(_Column(header, right))
        right -= max(COLUMN, int(text_width(header, SMALL)) + 14)
    return columns[::-1]


def _cells(line: StandingLine, format: str) -> list[str]:
    middle = {"swiss": [score(line.buchholz)], "round-robin": [score(line.sonneborn_berger)]}.get(format, [])
    return [score(line.points), *middle, f"{line.wins}-{line.draws}-{line.losses}", str(line.byes)]


def _subtitle(sheet: StandingsSheet, locale: str) -> str:
    fmt = t(f"pairing.format.{sheet.format}", locale) if has(f"pairing.format.{sheet.format}", locale) else sheet.format
    stage = (_word("final", locale) if sheet.finished
             else _word("after_round", locale, round=sheet.round_no, rounds=sheet.rounds))
    return _word("subtitle", locale, game=game_title(sheet.game_type, locale), format=fmt, stage=stage)


def _medal(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, place: int, size: int) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=MEDALS[place], outline=MEDAL_INK)
    draw_text(draw, (x, y), str(place), size, fill=MEDAL_INK, bold=True, anchor="mm")


def _header(draw: ImageDraw.ImageDraw, sheet: StandingsSheet, locale: str) -> int:
    draw.rectangle((0, 0, WIDTH, HEAD), fill=BAND)
    draw_text(draw, (PAD, 10), sheet.title, 22, fill=INK, bold=True, max_width=WIDTH - 2 * PAD)
    draw_text(draw, (PAD, 42), _subtitle(sheet, locale), SMALL, fill=DIM, max_width=WIDTH - 2 * PAD)
    return HEAD + 8


def _column_heads(draw: ImageDraw.ImageDraw, columns: list[_Column], top: int, locale: str) -> int:
    draw_text(draw, (PAD, top), _word("col_rank", locale), SMALL, fill=DIM)
    draw_text(draw, (PAD + NAME_X, top), _word("col_name", locale), SMALL, fill=DIM)
    for column in columns:
        draw_text(draw, (column.right, top), column.header, SMALL, fill=DIM, anchor="ra")
    draw.line((PAD, top + 22, WIDTH - PAD, top + 22), fill=RULE, width=1)
    return top + 26


def _line(draw: ImageDraw.ImageDraw, line: StandingLine, index: int, top: int, columns: list[_Column],
          format: str, locale: str) -> None:
    if index % 2:
        draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=STRIPE)
    middle = top + ROW / 2
    ink = OUT_INK if line.eliminated else INK
    if line.rank in MEDALS:
        _medal(draw, (PAD + 14, middle), 12, line.rank, SMALL)
    else:
        draw_text(draw, (PAD + 14, middle), str(line.rank), TEXT, fill=ink, anchor="mm")
    name_right = columns[0].right - text_width("0000", TEXT) - 8
    name = line.name
    if line.eliminated:
        tag = _word("out", locale)
        name = f"{fit_text(name, TEXT, name_right - PAD - NAME_X - text_width(' ✕ ' + tag, TEXT))} ✕ {tag}"
    draw_text(draw, (PAD + NAME_X, middle), name, TEXT, fill=ink, anchor="lm", max_width=name_right - PAD - NAME_X)
    for column, cell in zip(columns, _cells(line, format)):
        draw_text(draw, (column.right, middle), cell, TEXT, fill=ink, anchor="rm",
                  bold=column is columns[0])


def _footer(draw: ImageDraw.ImageDraw, sheet: StandingsSheet, top: int, hidden: int, locale: str) -> None:
    if hidden:
        draw_text(draw, (PAD + NAME_X, top + 4), _word("more", locale, n=hidden), SMALL, fill=DIM)
        top += ROW
    draw.line((PAD, top + 4, WIDTH - PAD, top + 4), fill=RULE, width=1)
    draw_text(draw, (PAD, top + 12), _word(f"order_{sheet.format}", locale), SMALL, fill=DIM,
              max_width=WIDTH - 2 * PAD)
    draw_text(draw, (PAD, top + 34), _word("legend", locale), SMALL, fill=DIM, max_width=WIDTH - 2 * PAD)


def standings_png(sheet: StandingsSheet, locale: str) -> bytes:
    """The standings table: rank (a medal for the top three), name, points,
    the format's tie-break, wins-draws-losses and byes; a knocked-out entrant
    greyed and marked ✕. Up to MAX_LINES lines, then "+n more"."""
    shown = sheet.lines[:MAX_LINES]
    hidden = len(sheet.lines) - len(shown)
    height = HEAD + 8 + 26 + ROW * len(shown) + (ROW if hidden else 0) + 60
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    columns = _columns(sheet.format, locale)
    top = _column_heads(draw, columns, _header(draw, sheet, locale), locale)
    for index, line in enumerate(shown):
        _line(draw, line, index, top + index * ROW, columns, sheet.format, locale)
    _footer(draw, sheet, top + ROW * len(shown), hidden, locale)
    return to_png(image, palette())


# ---- the podium ------------------------------------------------------------------------

STEP_WIDTH = 142
STEP_RISE = {1: 0, 2: 44, 3: 80}  # how far below the first step's top each step's top lies
STEP_HEIGHT = 186  # the first step, from its top to the picture's bottom edge
STEP_LEFT = {2: PAD + 4, 1: (WIDTH - STEP_WIDTH) // 2, 3: WIDTH - PAD - 4 - STEP_WIDTH}
NAMES_SHOWN = 3
NAME_ROW = 23


def _rows(entry: PodiumPlace | None) -> int:
    """The lines over a step: its names (up to NAMES_SHOWN, then "+n more"), or "—"."""
    names = entry.names if entry else []
    return max(1, min(len(names), NAMES_SHOWN) + (len(names) > NAMES_SHOWN))


def _first_top(by_place: dict[int, PodiumPlace]) -> int:
    """The first step's top: the names over every step fit under the title band."""
    need = max(NAME_ROW * _rows(by_place.get(place)) + (22 if place in by_place else 0) + 10 - STEP_RISE[place]
               for place in (1, 2, 3))
    return HEAD + 12 + need


def _step(draw: ImageDraw.ImageDraw, place: int, entry: PodiumPlace | None, locale: str, first: int,
          height: int) -> None:
    left, top = STEP_LEFT[place], first + STEP_RISE[place]
    bottom = height - PAD
    centre = left + STEP_WIDTH / 2
    draw.rectangle((left, top, left + STEP_WIDTH, bottom), fill=STEP, outline=MEDALS[place], width=3)
    _medal(draw, (centre, top + 30), 20, place, 22)
    draw_text(draw, (centre, top + 56), _word(f"place_{place}", locale), TEXT, fill=INK, bold=True, anchor="ma",
              max_width=STEP_WIDTH - 8)
    names = entry.names if entry else []
    shown = names[:NAMES_SHOWN]
    rows = [*shown, *([_word("more", locale, n=len(names) - len(shown))] if len(names) > len(shown) else [])]
    if not rows:
        rows = ["—"]
    y = top - 10 - NAME_ROW * len(rows) - (22 if entry else 0)
    for row in rows:
        draw_text(draw, (centre, y), row, TEXT + 1, fill=INK, bold=row in shown, anchor="ma",
                  max_width=STEP_WIDTH + 8)
        y += NAME_ROW
    if entry:
        draw_text(draw, (centre, y + 2), _word("points", locale, points=score(entry.points)), SMALL, fill=DIM,
                  anchor="ma", max_width=STEP_WIDTH)


def podium_png(title: str, game_type: str, places: list[PodiumPlace], locale: str) -> bytes:
    """1st on the middle step, 2nd on the left, 3rd on the right; a shared
    place lists every name on its step (up to three, then "+n more"), a place
    nobody holds (after a tie above it) shows "—"."""
    by_place = {entry.place: entry for entry in places}
    first = _first_top(by_place)
    height = first + STEP_HEIGHT
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEAD), fill=BAND)
    draw_text(draw, (WIDTH / 2, 10), title, 22, fill=INK, bold=True, anchor="ma", max_width=WIDTH - 2 * PAD)
    draw_text(draw, (WIDTH / 2, 42), _word("podium", locale, game=game_title(game_type, locale)), SMALL, fill=DIM,
              anchor="ma", max_width=WIDTH - 2 * PAD)
    for place in (1, 2, 3):
        _step(draw, place, by_place.get(place), locale, first, height)
    return to_png(image, palette())
