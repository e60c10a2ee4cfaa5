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
from render.common import carry_colour_glyphs, draw_named, draw_text, text_width
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
    draw_mark,
    hexagon,
    lettered,
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
    layout = recap_layout(view) if recap_shown(view) else BoardLayout.fit(view, extra)
    panel = _panel(view, locale, lettered(layout.size))
    image = Image.new("RGB", (BOARD_SIZE, BOARD_SIZE + panel.height), BACKGROUND)
    image.paste(panel, (0, BOARD_SIZE))
    carry_colour_glyphs(image, panel)
    draw = ImageDraw.Draw(image)
    if recap_shown(view):
        _recap(image, draw, view, locale, layout)
        return image

    def paste(sprite: Image.Image, q: int, r: int) -> None:
        cx, cy = layout.centre(q, r)
        image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)

    size = layout.size
    for q, r in view.blocked:
        paste(cell_sprite("blocked", size), q, r)
    for cell in view.labels:
        paste(cell_sprite("open", size, cell.label), cell.q, cell.r)
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


RECAP_TITLE = 30  # the recap's title line over the previous round's table


def recap_layout(view: CubedPublicView) -> BoardLayout:
    cells = [(p.q, p.r) for p in view.previous_table]
    layout = BoardLayout.around(cells, BOARD_SIZE, BOARD_SIZE - RECAP_TITLE, MAX_HEX)
    return BoardLayout(layout.size, layout.ox, layout.oy + RECAP_TITLE, BOARD_SIZE, BOARD_SIZE)


# ---- the panel under the board ----------------------------------------------------------
TITLE, STATUS, ROW = 20, 17, 22
LEGEND_ROW = 26
SWATCH = 20
COLUMN = 50  # a number column of the score table


def panel_height(view: CubedPublicView, locale: str) -> int:
    """The panel under the board area: title (and the variants' line), status, the score table and the legend."""
    variants = view.config.bridge or view.config.fill or view.config.draw3
    rows = len(view.seat_names)
    return 8 + 28 + (24 if variants else 0) + 28 + ROW + rows * ROW + 8 + LEGEND_ROW * len(legend_rows(locale)) + 4


def board_size(view: CubedPublicView, locale: str = "en") -> tuple[int, int]:
    """The size ``board_image`` draws, without drawing."""
    return BOARD_SIZE, BOARD_SIZE + panel_height(view, locale)


def _panel(view: CubedPublicView, locale: str, letters: bool) -> Image.Image:
    title, variants = _title(view, locale)
    legend = legend_rows(locale)
    panel = Image.new("RGB", (BOARD_SIZE, panel_height(view, locale)), PANEL_FILL)
    draw = ImageDraw.Draw(panel)
    y = 8
    bag = t("render.cubed.bag", locale, n=view.bag_count)
    bag_width = draw_text(draw, (BOARD_SIZE - 12, y + 4), bag, MIN_TEXT, fill=INK, anchor="ra")
    draw_text(draw, (12, y), title, TITLE, fill=INK, bold=True, max_width=BOARD_SIZE - 36 - bag_width)
    y += 28
    if variants:
        draw_text(draw, (12, y), variants, MIN_TEXT, fill=INK, max_width=BOARD_SIZE - 24)
        y += 24
    _status(draw, view, locale, y)
    y = _score_table(draw, view, locale, y + 28) + 8
    _legend(panel, draw, locale, y, legend, letters)
    return panel


def _title(view: CubedPublicView, locale: str) -> tuple[str, str]:
    title = t("render.cubed.title", locale) + " · " + (
        t("render.cubed.solo", locale) if view.config.solo
        else t("render.cubed.round", locale, round=view.round, rounds=view.rounds))
    variants = [t(f"render.cubed.{n}", locale) for n, on in (("bridge", view.config.bridge),
                                                             ("fill", view.config.fill),
                                                             ("draw3", view.config.draw3)) if on]
    return title, " · ".join(variants)


def _recap(image: Image.Image, draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str,
           layout: BoardLayout) -> None:
    """How the previous round ended, in the board area while the new table is empty."""
    draw_text(draw, (12, 8), t("render.cubed.recap", locale, n=view.round - 1), 18, fill=INK, bold=True,
              max_width=BOARD_SIZE - 24)
    for piece in view.previous_table:
        sprite = cube_sprite(tuple(piece.faces), layout.size, locale)  # type: ignore[arg-type]
        cx, cy = layout.centre(piece.q, piece.r)
        image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def _status(draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str, y: int) -> None:
    room = BOARD_SIZE - 24
    if view.config.solo:
        text = (t("render.cubed.won", locale) if view.solo_outcome == "won"
                else t("render.cubed.lost", locale) if view.solo_outcome == "lost"
                else t("render.cubed.solo_draws", locale, n=view.solo_draws))
        draw_text(draw, (12, y), text, STATUS, fill=HIGHLIGHT, bold=True, max_width=room)
        return
    if view.phase == "over":
        text = t("render.cubed.winner", locale, names=", ".join(seat_tag(view, s, locale) for s in view.winners))
        draw_text(draw, (12, y), text, STATUS, fill=HIGHLIGHT, bold=True, max_width=room)
        return
    hint = t(f"render.cubed.phase_{view.phase}", locale) if view.phase in ("drawn", "bonus", "give", "keep") else ""
    seat = view.current
    tag = f"P{seat + 1}"

    def make(name: str) -> str:
        who = name if name == tag else f"{tag} {name}"
        return t("render.cubed.turn", locale, name=who) + (f" {hint}" if hint else "")

    draw_named(draw, (12, y), make, seat_name(view, seat, locale), STATUS, fill=HIGHLIGHT, bold=True, max_width=room)


def _score_table(draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str, y: int) -> int:
    rounds = 0 if view.config.solo else view.rounds
    right = BOARD_SIZE - 12
    # numeric columns from the right: total, rounds, hand
    num_cols = (["total"] if not view.config.solo else []) + [f"r{i}" for i in reversed(range(rounds))] + ["hand"]
    xs = {name: right - COLUMN * k for k, name in enumerate(num_cols)}
    header = {"total": t("render.cubed.col_total", locale), "hand": t("render.cubed.col_hand", locale)}
    header.update({f"r{i}": t("render.cubed.col_round", locale, n=i + 1) for i in range(rounds)})
    name_limit = xs["hand"] - COLUMN - 4
    draw_text(draw, (12, y), t("render.cubed.col_player", locale), MIN_TEXT, fill=INK, bold=True,
              max_width=name_limit)
    for key, x in xs.items():
        draw_text(draw, (x, y), header[key], MIN_TEXT, fill=INK, bold=True, anchor="ra")
    y += ROW
    draw.line([(8, y - 3), (BOARD_SIZE - 8, y - 3)], fill=GRID, width=1)
    for seat in range(len(view.seat_names)):
        if seat == view.current and view.phase != "over":
            draw.rectangle([(6, y - 2), (BOARD_SIZE - 6, y + ROW - 3)], fill=CURRENT_ROW)
        draw_named(draw, (12, y), _row_name(seat, seat in view.winners), seat_name(view, seat, locale), MIN_TEXT,
                   fill=INK, bold=True, max_width=name_limit)
        values = {"hand": str(view.hand_sizes[seat])}
        for i in range(rounds):
            values[f"r{i}"] = str(view.round_scores[i][seat]) if i < len(view.round_scores) else "-"
        if not view.config.solo:
            values["total"] = str(view.totals[seat])
        for key, x in xs.items():
            draw_text(draw, (x, y), values[key], MIN_TEXT, fill=INK, anchor="ra", bold=key == "total")
        y += ROW
    return y


def _row_name(seat: int, won: bool):
    tag, mark = f"P{seat + 1}", "★ " if won else ""
    return lambda name: mark + (name if name == tag else f"{tag} {name}")


# ---- the legend ------------------------------------------------------------------------------
Entry = tuple[str, str]  # (what its sample is: a colour, "blocker", "blocked" or "recent"; its words)


def legend_rows(locale: str) -> list[list[Entry]]:
    """The legend's entries on rows that fit the width: the six colours,
    then the blocker, a blocked cell and the pieces placed lately."""
    colours = [(colour, t(f"render.cubed.{colour}", locale)) for colour in COLOURS]
    others = [("blocker", t("render.cubed.blocker", locale)), ("blocked", t("render.cubed.blocked_cell", locale)),
              ("recent", t("render.cubed.recent", locale))]
    return _flow(colours) + _flow(others)


def _entry_width(entry: Entry) -> float:
    return SWATCH + 5 + text_width(entry[1], MIN_TEXT) + 11


def _flow(entries: list[Entry]) -> list[list[Entry]]:
    rows: list[list[Entry]] = [[]]
    x = 12.0
    for entry in entries:
        w = _entry_width(entry)
        if rows[-1] and x + w - 11 > BOARD_SIZE - 12:
            rows.append([])
            x = 12.0
        rows[-1].append(entry)
        x += w
    return rows


def _legend(panel: Image.Image, draw: ImageDraw.ImageDraw, locale: str, y: int, rows: list[list[Entry]],
            letters: bool) -> None:
    """Each colour's swatch with the letter (or, where the board's cubes are
    too small for letters, the mark) its faces carry; the blocker, a blocked
    cell, and the ring around pieces placed since the viewer's turn."""
    for row in rows:
        x = 12
        for what, words in row:
            box = (x, y, x + SWATCH, y + SWATCH)
            if what in PALETTE:
                draw.rectangle(box, fill=PALETTE[what], outline=INK)
                if letters:
                    draw_text(draw, (x + SWATCH / 2, y + SWATCH / 2), face_letter(what, locale), MIN_TEXT, fill=INK,
                              anchor="mm", bold=True)
                else:
                    draw_mark(draw, what, x + SWATCH / 2, y + SWATCH / 2, SWATCH * 0.3, INK)
            elif what == "blocker":
                draw.rectangle(box, fill=PALETTE["purple"], outline=INK)
                draw_mark(draw, "purple", x + SWATCH / 2, y + SWATCH / 2, SWATCH * 0.3, PURPLE_INK)
            elif what == "blocked":
                hatch = cell_sprite("blocked", 12)
                panel.paste(hatch, (x + (SWATCH - hatch.width) // 2, y + (SWATCH - hatch.height) // 2), hatch)
            else:
                draw.line([(x, y + SWATCH // 2), (x + SWATCH, y + SWATCH // 2)], fill=RECENT, width=4)
            draw_text(draw, (x + SWATCH + 5, y + 1), words, MIN_TEXT, fill=INK)
            x += round(_entry_width((what, words)))
        y += LEGEND_ROW
