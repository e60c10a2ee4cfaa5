"""CUBED's public board: the hex table with isometric cubes, and the panel
below it (round, bag, status, scores, legend).

Every face shows its colour and its letter in the board's language; blockers
are midnight purple with an X, blocked cells are hatched, and every open cell
where a piece could go carries its label and, small, its axial ``q,r``.
Drawn for a phone: the canvas is always BOARD_SIZE wide and the board area
square, so the message does not jump between turns; the hex size follows
the table's extent and a face letter is half the hex size, which keeps it
at 9 px or more when the picture is shown 400 px wide for any table up to
21 cells across.
"""
from __future__ import annotations

from typing import Collection

from PIL import Image, ImageDraw

from engines.base import Region
from engines.cubed.labels import face_letter
from engines.cubed.models import CubedPublicView
from engines.cubed.pieces import COLOURS
from i18n import t
from render.common import carry_colour_glyphs, draw_text
from render.cubed.sprites import (
    BACKGROUND,
    BOARD_SIZE,
    CURRENT_ROW,
    GRID,
    HIGHLIGHT,
    INK,
    MAX_HEX,
    MIN_TEXT,
    PALETTE,
    PANEL_FILL,
    PREVIEW,
    PURPLE_INK,
    RECENT,
    SQRT3,
    cell_sprite,
    cube_sprite,
    hexagon,
)


def seat_name(view: CubedPublicView, seat: int, locale: str = "en") -> str:
    """The player's display name in any script; "Player N" when empty."""
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    return name or t("render.common.player", locale, n=seat + 1)


def seat_tag(view: CubedPublicView, seat: int, locale: str = "en") -> str:
    """P1 … P11 and the display name."""
    name = seat_name(view, seat, locale)
    return name if name == f"P{seat + 1}" else f"P{seat + 1} {name}"


def coords(q: int, r: int) -> str:
    return f"{q},{r}"  # the notation /cubed place cell: accepts


class BoardLayout:
    """Where each cell goes: the hex size that fits every drawn cell into
    the square board area, and the pixel centre of a cell."""

    def __init__(self, size: int, ox: float, oy: float, width: int, height: int) -> None:
        self.size, self.ox, self.oy, self.width, self.height = size, ox, oy, width, height

    @classmethod
    def fit(cls, view: CubedPublicView, extra: Collection[tuple[int, int]] = ()) -> "BoardLayout":
        cells = drawn_cells(view) + list(extra)
        return cls.around(cells or [(0, 0)], BOARD_SIZE, BOARD_SIZE, MAX_HEX)

    @classmethod
    def around(cls, cells: list[tuple[int, int]], width: int, height: int, max_hex: int) -> "BoardLayout":
        xs = [SQRT3 * (q + r / 2) for q, r in cells]
        ys = [1.5 * r for _, r in cells]
        span_x = max(xs) - min(xs) + SQRT3 + 0.2
        span_y = max(ys) - min(ys) + 2 + 0.2
        size = max(6, int(min(max_hex, (width - 12) / span_x, (height - 12) / span_y)))
        ox = width / 2 - (max(xs) + min(xs)) / 2 * size
        oy = height / 2 - (max(ys) + min(ys)) / 2 * size
        return cls(size, ox, oy, width, height)

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return (self.ox + SQRT3 * (q + r / 2) * self.size, self.oy + 1.5 * r * self.size)

    def cell_box(self, q: int, r: int) -> tuple[int, int, int, int]:
        """A cell's tap box (``x1``, ``y1`` exclusive): as wide as its hexagon
        and three quarters as tall, centred on it, so that the boxes of
        neighbours tile the table like bricks, never overlapping. Edges come
        from whole half-steps of the hex grid, so two neighbours share one."""
        def x(k: int) -> int:  # k half hex widths from the origin
            return round(self.ox + SQRT3 * self.size * k / 2)

        def y(k: int) -> int:  # k half row pitches from the origin
            return round(self.oy + 0.75 * self.size * k)

        return x(2 * q + r - 1), y(2 * r - 1), x(2 * q + r + 1), y(2 * r + 1)


def drawn_cells(view: CubedPublicView) -> list[tuple[int, int]]:
    """Every cell the board draws: blocked, open (labelled) and taken."""
    return list(view.blocked) + [(c.q, c.r) for c in view.labels] + [(p.q, p.r) for p in view.table]


def recap_shown(view: CubedPublicView) -> bool:
    """The board area shows the previous round's table (the new one is empty)."""
    return not view.table and bool(view.previous_table)


def board_regions(view: CubedPublicView) -> list[Region]:
    """A region per drawn cell, by its ``q,r``. While the recap fills the
    board area, the new round's open cell (the centre, the only one on an
    empty table) is the whole board area: the first piece goes there."""
    if recap_shown(view):
        return [Region(coords(c.q, c.r), "cell", (0, 0, BOARD_SIZE, BOARD_SIZE)) for c in view.labels]
    layout = BoardLayout.fit(view)
    return [Region(coords(q, r), "cell", layout.cell_box(q, r)) for q, r in drawn_cells(view)]



def board_image(view: CubedPublicView, locale: str = "en", *,
                highlight: Collection[tuple[int, int]] = (),
                ghost: tuple[tuple[str, str, str], tuple[int, int]] | None = None) -> Image.Image:
    extra = list(highlight) + ([ghost[1]] if ghost else [])
    layout = BoardLayout.fit(view, extra)
    panel = _panel(view, locale)
    image = Image.new("RGB", (BOARD_SIZE, BOARD_SIZE + panel.height), BACKGROUND)
    image.paste(panel, (0, BOARD_SIZE))
    carry_colour_glyphs(image, panel)
    draw = ImageDraw.Draw(image)
    if recap_shown(view):
        _recap(image, draw, view, locale)
        return image

    def paste(sprite: Image.Image, q: int, r: int) -> None:
        cx, cy = layout.centre(q, r)
        image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)

    size = layout.size
    for q, r in view.blocked:
        paste(cell_sprite("blocked", size), q, r)
    for cell in view.labels:
        paste(cell_sprite("open", size, cell.label, coords(cell.q, cell.r)), cell.q, cell.r)
    for piece in view.table:
        paste(cube_sprite(tuple(piece.faces), size, locale), piece.q, piece.r)  # type: ignore[arg-type]
    recent = list(getattr(view, "recent_placed", None) or [])
    for q, r in recent:
        cx, cy = layout.centre(q, r)
        draw.polygon(hexagon(cx, cy, size + 1), outline=RECENT, width=3)
    if view.last_placed is not None:
        cx, cy = layout.centre(*view.last_placed)
        draw.polygon(hexagon(cx, cy, size + 1), outline=HIGHLIGHT, width=3)
    for q, r in highlight:
        cx, cy = layout.centre(q, r)
        draw.polygon(hexagon(cx, cy, size * 0.96), outline=PREVIEW, width=4)
    if ghost is not None:
        faces, (q, r) = ghost
        sprite = cube_sprite(tuple(faces), size, locale).copy()  # type: ignore[arg-type]
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 3 // 4))
        paste(sprite, q, r)
        cx, cy = layout.centre(q, r)
        draw.polygon(hexagon(cx, cy, size + 2), outline=PREVIEW, width=4)
    return image

def panel_height(view: CubedPublicView) -> int:
    """The panel under the board area: title, bag, status, the score table and the legend."""
    return 12 + 34 + 28 + 30 + 28 + len(view.seat_names) * 26 + 16 + 4 * 28 + 12


def board_size(view: CubedPublicView) -> tuple[int, int]:
    """The size ``board_image`` draws, without drawing."""
    return BOARD_SIZE, BOARD_SIZE + panel_height(view)


def _panel(view: CubedPublicView, locale: str) -> Image.Image:
    panel = Image.new("RGB", (BOARD_SIZE, panel_height(view)), PANEL_FILL)
    draw = ImageDraw.Draw(panel)
    y = 12
    title = t("render.cubed.title", locale) + " · " + (
        t("render.cubed.solo", locale) if view.config.solo
        else t("render.cubed.round", locale, round=view.round, rounds=view.rounds))
    draw_text(draw, (14, y), title, 22, fill=INK, bold=True)
    y += 34
    variants = [t(f"render.cubed.{n}", locale) for n, on in (("bridge", view.config.bridge),
                                                             ("fill", view.config.fill),
                                                             ("draw3", view.config.draw3)) if on]
    line = t("render.cubed.bag", locale, n=view.bag_count) + ("  · " + " · ".join(variants) if variants else "")
    draw_text(draw, (14, y), line, MIN_TEXT, fill=INK, max_width=BOARD_SIZE - 28)
    y += 28
    draw_text(draw, (14, y), _status(view, locale), 17, fill=HIGHLIGHT, bold=True,
              max_width=BOARD_SIZE - 28)
    y += 30
    y = _score_table(draw, view, locale, y)
    y += 16
    _legend(panel, draw, locale, y, recent=bool(getattr(view, "recent_placed", None)))
    return panel

def _recap(image: Image.Image, draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str) -> None:
    """How the previous round ended, in the board area while the new table is empty."""
    draw_text(draw, (14, 10), t("render.cubed.recap", locale, n=view.round - 1), 18, fill=INK, bold=True)
    cells = [(p.q, p.r) for p in view.previous_table]
    layout = BoardLayout.around(cells, BOARD_SIZE, BOARD_SIZE - 40, MAX_HEX)
    for piece in view.previous_table:
        sprite = cube_sprite(tuple(piece.faces), layout.size, locale)  # type: ignore[arg-type]
        cx, cy = layout.centre(piece.q, piece.r)
        image.paste(sprite, (int(cx - sprite.width / 2), int(cy + 40 - sprite.height / 2)), sprite)

def _status(view: CubedPublicView, locale: str) -> str:
    if view.config.solo:
        if view.solo_outcome == "won":
            return t("render.cubed.won", locale)
        if view.solo_outcome == "lost":
            return t("render.cubed.lost", locale)
        return t("render.cubed.solo_draws", locale, n=view.solo_draws)
    if view.phase == "over":
        return t("render.cubed.winner", locale, names=", ".join(seat_tag(view, s, locale) for s in view.winners))
    hint = t(f"render.cubed.phase_{view.phase}", locale) if view.phase in ("drawn", "bonus", "give", "keep") else ""
    return t("render.cubed.turn", locale, name=seat_tag(view, view.current, locale)) + (f" {hint}" if hint else "")

def _score_table(draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str, y: int) -> int:
    rounds = 0 if view.config.solo else view.rounds
    right = BOARD_SIZE - 14
    # numeric columns from the right: total, rounds, hand
    num_cols = (["total"] if not view.config.solo else []) + [f"r{i}" for i in reversed(range(rounds))] + ["hand"]
    xs = {name: right - 62 * k for k, name in enumerate(num_cols)}
    header = {"total": t("render.cubed.col_total", locale), "hand": t("render.cubed.col_hand", locale)}
    header.update({f"r{i}": t("render.cubed.col_round", locale, n=i + 1) for i in range(rounds)})
    name_limit = xs["hand"] - 62 - 14
    draw_text(draw, (14, y), t("render.cubed.col_player", locale), MIN_TEXT, fill=INK, bold=True)
    for key, x in xs.items():
        draw_text(draw, (x, y), header[key], MIN_TEXT, fill=INK, bold=True, anchor="ra")
    y += 24
    draw.line([(10, y - 2), (BOARD_SIZE - 10, y - 2)], fill=GRID, width=1)
    for seat in range(len(view.seat_names)):
        if seat == view.current and view.phase != "over":
            draw.rectangle([(8, y - 2), (BOARD_SIZE - 8, y + 22)], fill=CURRENT_ROW)
        mark = "★ " if seat in view.winners else ""
        draw_text(draw, (14, y), mark + seat_tag(view, seat, locale), MIN_TEXT + 1, fill=INK, bold=True,
                  max_width=name_limit)
        values = {"hand": str(view.hand_sizes[seat])}
        for i in range(rounds):
            values[f"r{i}"] = str(view.round_scores[i][seat]) if i < len(view.round_scores) else "-"
        if not view.config.solo:
            values["total"] = str(view.totals[seat])
        for key, x in xs.items():
            draw_text(draw, (x, y), values[key], MIN_TEXT + 1, fill=INK, anchor="ra", bold=key == "total")
        y += 26
    return y

def _legend(panel: Image.Image, draw: ImageDraw.ImageDraw, locale: str, y: int,
            recent: bool = False) -> int:
    for i, colour in enumerate(COLOURS):
        x = 14 + (i % 3) * 205
        row_y = y + (i // 3) * 28
        draw.rectangle([(x, row_y), (x + 24, row_y + 22)], fill=PALETTE[colour], outline=INK)
        draw_text(draw, (x + 12, row_y + 11), face_letter(colour, locale), MIN_TEXT, fill=INK, anchor="mm", bold=True)
        draw_text(draw, (x + 32, row_y + 2), t(f"render.cubed.{colour}", locale), MIN_TEXT, fill=INK)
    y += 2 * 28
    draw.rectangle([(14, y), (38, y + 22)], fill=PALETTE["purple"], outline=INK)
    draw_text(draw, (26, y + 11), "X", MIN_TEXT, fill=PURPLE_INK, anchor="mm", bold=True)
    draw_text(draw, (46, y + 2), t("render.cubed.blocker", locale), MIN_TEXT, fill=INK)
    hatch = cell_sprite("blocked", 13)
    panel.paste(hatch, (219, y - 2), hatch)
    draw_text(draw, (250, y + 2), t("render.cubed.blocked_cell", locale), MIN_TEXT, fill=INK)
    y += 28
    draw_text(draw, (14, y + 2), t("render.cubed.coords", locale), MIN_TEXT, fill=INK)
    if recent:
        draw.line([(BOARD_SIZE // 2 + 20, y + 12), (BOARD_SIZE // 2 + 44, y + 12)], fill=RECENT, width=4)
        draw_text(draw, (BOARD_SIZE // 2 + 52, y + 2), t("render.cubed.recent", locale), MIN_TEXT, fill=INK,
                  max_width=BOARD_SIZE // 2 - 66)
    return y + 28

