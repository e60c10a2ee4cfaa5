"""CUBED pictures: the hex board with isometric cubes, and a player's hand.

Every face shows its colour and its letter (S L R C A Y); blockers are
midnight purple with an X, blocked cells are hatched, and every open cell
where a piece could go carries its label and, small, its axial ``q,r``.
Piece sprites are drawn at twice the size, shrunk for smooth edges, and
cached per faces and size.

Drawn for a phone: the canvas is always BOARD_SIZE wide and the board area
square, so the message does not jump between turns; the hex size follows
the table's extent and a face letter is half the hex size, which keeps it
at 9 px or more when the picture is shown 400 px wide for any table up to
21 cells across. The panel (scores, legend) sits below the board.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Collection

from PIL import Image, ImageDraw

from engines.base import Renderer
from engines.cubed.models import CubedPrivateView, CubedPublicView
from engines.cubed.pieces import COLOUR_LETTERS, COLOURS, rotations
from i18n import t
from render.cache import MB, bounded
from render.common import carry_colour_glyphs, draw_text, to_png
from render.palette import PaletteSpec, palette_image

SQRT3 = math.sqrt(3)
PALETTE: dict[str, tuple[int, int, int]] = {
    "sky": (120, 190, 240),
    "lilac": (186, 156, 226),
    "rose": (242, 146, 182),
    "coral": (250, 126, 96),
    "amber": (240, 166, 40),
    "lemon": (250, 236, 120),
    "purple": (44, 26, 84),
}
BACKGROUND = (246, 242, 234)
INK = (40, 36, 48)
GRID = (196, 188, 176)
OPEN_FILL = (255, 255, 255)
HIGHLIGHT = (214, 40, 40)
FITS = (30, 140, 70)  # hand pieces that can be placed right now
PREVIEW = (0, 150, 220)  # the ``highlight`` overlay of the move builder
RECENT = (214, 120, 0)  # pieces placed since the viewer's last turn
PURPLE_INK = (235, 230, 250)  # letters on blockers
HATCH_FILL = (222, 214, 230)
COORDS_INK = (120, 110, 100)
PANEL_FILL = (236, 230, 220)
CURRENT_ROW = (250, 222, 200)
HAND_CARD = (255, 252, 246)
ROTATION_INK = (110, 100, 100)
BOARD_SIZE = 640  # the canvas width and the board area's height, every turn
MAX_HEX = 60  # hex size (centre to corner) on a small table
MIN_LETTER_HEX = 11  # smaller cubes carry no letters
LETTER = 0.5  # face letter size / hex size
MIN_TEXT = 15  # 9.4 px at 400 px wide
HAND_PAGE = 16  # hand pieces per image page
SUPERSAMPLE = 2

# Face rhombi as corner angles (degrees, counter-clockwise from east), in
# drawing order after the centre: top, right, left.
FACE_CORNERS = ((30, 90, 150), (30, 330, 270), (270, 210, 150))
FACE_SHADE = (1.05, 0.9, 1.0)  # light from above left


def _shade(rgb: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Above 1: lighten towards white; below 1: darken. Kept mild so that
    shaded faces stay nearest to their own palette colour."""
    if factor >= 1:
        return tuple(int(c + (255 - c) * (factor - 1) * 2) for c in rgb)  # type: ignore[return-value]
    return tuple(int(c * factor) for c in rgb)  # type: ignore[return-value]


FACE_FILLS = [_shade(rgb, factor) for rgb in PALETTE.values() for factor in FACE_SHADE]
PALETTE_SPEC = PaletteSpec(
    exact=[BACKGROUND, INK, GRID, OPEN_FILL, HIGHLIGHT, FITS, PREVIEW, RECENT, PURPLE_INK, HATCH_FILL, COORDS_INK,
           PANEL_FILL, CURRENT_ROW, HAND_CARD, ROTATION_INK, *PALETTE.values(), *FACE_FILLS],
    inks=[INK, GRID, HIGHLIGHT, FITS, PREVIEW, RECENT, PURPLE_INK, COORDS_INK, ROTATION_INK, PALETTE["purple"]],
    grounds=[BACKGROUND, OPEN_FILL, PANEL_FILL, CURRENT_ROW, HAND_CARD, HATCH_FILL, *PALETTE.values(), *FACE_FILLS],
)


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    """CUBED's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE_SPEC.colours())


def _corner(cx: float, cy: float, size: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + size * math.cos(a), cy - size * math.sin(a))


def _hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [_corner(cx, cy, size, 30 + 60 * i) for i in range(6)]


def _sprite_box(size: int) -> tuple[int, int]:
    return (int(math.ceil(SQRT3 * size)) + 2, 2 * size + 2)


@bounded("cubed pieces", max_items=8192, max_bytes=64 * MB)
def cube_sprite(faces: tuple[str, str, str], size: int) -> Image.Image:
    """An RGBA picture of one piece as shown (top, right, left)."""
    big = size * SUPERSAMPLE
    w, h = _sprite_box(size)
    image = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = image.width / 2, image.height / 2
    letter_px = max(7, int(big * LETTER))
    for slot, colour in enumerate(faces):
        corners = [(cx, cy)] + [_corner(cx, cy, big, a) for a in FACE_CORNERS[slot]]
        fill = _shade(PALETTE[colour], FACE_SHADE[slot])
        draw.polygon(corners, fill=fill, outline=INK, width=max(1, SUPERSAMPLE))
        # the letter sits at the middle of the rhombus
        mx = sum(x for x, _ in corners) / 4
        my = sum(y for _, y in corners) / 4
        letter = COLOUR_LETTERS[colour]
        ink = PURPLE_INK if colour == "purple" else INK
        if size >= MIN_LETTER_HEX:
            draw_text(draw, (mx, my), letter, letter_px, fill=ink, anchor="mm", bold=True, scale=1 / SUPERSAMPLE)
    draw.polygon(_hexagon(cx, cy, big), outline=INK, width=2 * SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)


@bounded("cubed cells", max_items=16384, max_bytes=24 * MB)
def _cell_sprite(kind: str, size: int, label: str = "", coords: str = "") -> Image.Image:
    """An open (labelled, with its ``q,r`` below) or blocked (hatched) empty cell."""
    big = size * SUPERSAMPLE
    w, h = _sprite_box(size)
    image = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = image.width / 2, image.height / 2
    outline = _hexagon(cx, cy, big * 0.94)
    if kind == "blocked":
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).polygon(outline, fill=255)
        hatch = Image.new("RGBA", image.size, (0, 0, 0, 0))
        hd = ImageDraw.Draw(hatch)
        hd.polygon(outline, fill=(*HATCH_FILL, 255))
        step = max(6, big // 4)
        for x in range(-image.height, image.width, step):
            hd.line([(x, image.height), (x + image.height, 0)], fill=PALETTE["purple"], width=SUPERSAMPLE * 2)
        image.paste(hatch, (0, 0), mask)
        draw.polygon(outline, outline=PALETTE["purple"], width=SUPERSAMPLE * 2)
    else:
        draw.polygon(outline, fill=OPEN_FILL, outline=GRID, width=SUPERSAMPLE * 2)
        size_px = max(MIN_TEXT * SUPERSAMPLE, int(big * (0.62 if len(label) < 3 else 0.5)))
        if coords:
            small = max(MIN_TEXT * SUPERSAMPLE, int(big * 0.3))
            draw_text(draw, (cx, cy - small * 0.45), label, size_px, fill=INK, anchor="mm", bold=True,
                      scale=1 / SUPERSAMPLE)
            draw_text(draw, (cx, cy + size_px * 0.55), coords, small, fill=COORDS_INK, anchor="mm",
                      scale=1 / SUPERSAMPLE, max_width=big * 1.6)
        else:
            draw_text(draw, (cx, cy), label, size_px, fill=INK, anchor="mm", bold=True, scale=1 / SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)


def _encode(image: Image.Image) -> bytes:
    """A palette PNG over CUBED's fixed palette."""
    return to_png(image, fixed_palette())


def seat_name(view: CubedPublicView, seat: int, locale: str = "en") -> str:
    """The player's display name in any script; "Player N" when empty."""
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    return name or t("render.common.player", locale, n=seat + 1)


def seat_tag(view: CubedPublicView, seat: int, locale: str = "en") -> str:
    """P1 … P11 and the display name."""
    name = seat_name(view, seat, locale)
    return name if name == f"P{seat + 1}" else f"P{seat + 1} {name}"


def _coords(q: int, r: int) -> str:
    return f"{q},{r}"  # the notation /cubed place cell: accepts


class BoardLayout:
    """Where each cell goes: the hex size that fits every drawn cell into
    the square board area, and the pixel centre of a cell."""

    def __init__(self, size: int, ox: float, oy: float, width: int, height: int) -> None:
        self.size, self.ox, self.oy, self.width, self.height = size, ox, oy, width, height

    @classmethod
    def fit(cls, view: CubedPublicView, extra: Collection[tuple[int, int]] = ()) -> "BoardLayout":
        cells = [(p.q, p.r) for p in view.table] + [(q, r) for q, r in view.blocked]
        cells += [(c.q, c.r) for c in view.labels] + list(extra)
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


class CubedRenderer(Renderer):
    # ---- the board ----------------------------------------------------------------
    def board_png(self, view: CubedPublicView, locale: str = "en", *,  # type: ignore[override]
                  highlight: Collection[tuple[int, int]] = (),
                  ghost: tuple[tuple[str, str, str], tuple[int, int]] | None = None) -> bytes:
        """``highlight``: cells ``(q, r)`` the move builder outlines (e.g. every
        legal cell); ``ghost``: a piece's shown faces (top, right, left) and the
        cell where it is drawn half transparent (the previewed placement)."""
        if isinstance(view, dict):
            view = CubedPublicView.model_validate(view)
        return _encode(self.board_image(view, locale, highlight=highlight, ghost=ghost))

    def board_image(self, view: CubedPublicView, locale: str = "en", *,
                    highlight: Collection[tuple[int, int]] = (),
                    ghost: tuple[tuple[str, str, str], tuple[int, int]] | None = None) -> Image.Image:
        extra = list(highlight) + ([ghost[1]] if ghost else [])
        layout = BoardLayout.fit(view, extra)
        panel = self._panel(view, locale)
        image = Image.new("RGB", (BOARD_SIZE, BOARD_SIZE + panel.height), BACKGROUND)
        image.paste(panel, (0, BOARD_SIZE))
        carry_colour_glyphs(image, panel)
        draw = ImageDraw.Draw(image)
        if not view.table and view.previous_table:
            self._recap(image, draw, view, locale)
            return image

        def paste(sprite: Image.Image, q: int, r: int) -> None:
            cx, cy = layout.centre(q, r)
            image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)

        size = layout.size
        for q, r in view.blocked:
            paste(_cell_sprite("blocked", size), q, r)
        for cell in view.labels:
            paste(_cell_sprite("open", size, cell.label, _coords(cell.q, cell.r)), cell.q, cell.r)
        for piece in view.table:
            paste(cube_sprite(tuple(piece.faces), size), piece.q, piece.r)  # type: ignore[arg-type]
        recent = list(getattr(view, "recent_placed", None) or [])
        for q, r in recent:
            cx, cy = layout.centre(q, r)
            draw.polygon(_hexagon(cx, cy, size + 1), outline=RECENT, width=3)
        if view.last_placed is not None:
            cx, cy = layout.centre(*view.last_placed)
            draw.polygon(_hexagon(cx, cy, size + 1), outline=HIGHLIGHT, width=3)
        for q, r in highlight:
            cx, cy = layout.centre(q, r)
            draw.polygon(_hexagon(cx, cy, size * 0.96), outline=PREVIEW, width=4)
        if ghost is not None:
            faces, (q, r) = ghost
            sprite = cube_sprite(tuple(faces), size).copy()  # type: ignore[arg-type]
            sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 3 // 4))
            paste(sprite, q, r)
            cx, cy = layout.centre(q, r)
            draw.polygon(_hexagon(cx, cy, size + 2), outline=PREVIEW, width=4)
        return image

    def _panel(self, view: CubedPublicView, locale: str) -> Image.Image:
        seats = len(view.seat_names)
        height = 12 + 34 + 28 + 30 + 28 + seats * 26 + 16 + 4 * 28 + 12
        panel = Image.new("RGB", (BOARD_SIZE, height), PANEL_FILL)
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
        draw_text(draw, (14, y), self._status(view, locale), 17, fill=HIGHLIGHT, bold=True,
                  max_width=BOARD_SIZE - 28)
        y += 30
        y = self._score_table(draw, view, locale, y)
        y += 16
        self._legend(panel, draw, locale, y, recent=bool(getattr(view, "recent_placed", None)))
        return panel

    def _recap(self, image: Image.Image, draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str) -> None:
        """How the previous round ended, in the board area while the new table is empty."""
        draw_text(draw, (14, 10), t("render.cubed.recap", locale, n=view.round - 1), 18, fill=INK, bold=True)
        cells = [(p.q, p.r) for p in view.previous_table]
        layout = BoardLayout.around(cells, BOARD_SIZE, BOARD_SIZE - 40, MAX_HEX)
        for piece in view.previous_table:
            sprite = cube_sprite(tuple(piece.faces), layout.size)  # type: ignore[arg-type]
            cx, cy = layout.centre(piece.q, piece.r)
            image.paste(sprite, (int(cx - sprite.width / 2), int(cy + 40 - sprite.height / 2)), sprite)

    def _status(self, view: CubedPublicView, locale: str) -> str:
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

    def _score_table(self, draw: ImageDraw.ImageDraw, view: CubedPublicView, locale: str, y: int) -> int:
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

    def _legend(self, panel: Image.Image, draw: ImageDraw.ImageDraw, locale: str, y: int,
                recent: bool = False) -> int:
        for i, colour in enumerate(COLOURS):
            x = 14 + (i % 3) * 205
            row_y = y + (i // 3) * 28
            draw.rectangle([(x, row_y), (x + 24, row_y + 22)], fill=PALETTE[colour], outline=INK)
            draw_text(draw, (x + 12, row_y + 11), COLOUR_LETTERS[colour], MIN_TEXT, fill=INK, anchor="mm", bold=True)
            draw_text(draw, (x + 32, row_y + 2), t(f"render.cubed.{colour}", locale), MIN_TEXT, fill=INK)
        y += 2 * 28
        draw.rectangle([(14, y), (38, y + 22)], fill=PALETTE["purple"], outline=INK)
        draw_text(draw, (26, y + 11), "X", MIN_TEXT, fill=PURPLE_INK, anchor="mm", bold=True)
        draw_text(draw, (46, y + 2), t("render.cubed.blocker", locale), MIN_TEXT, fill=INK)
        hatch = _cell_sprite("blocked", 13)
        panel.paste(hatch, (219, y - 2), hatch)
        draw_text(draw, (250, y + 2), t("render.cubed.blocked_cell", locale), MIN_TEXT, fill=INK)
        y += 28
        draw_text(draw, (14, y + 2), t("render.cubed.coords", locale), MIN_TEXT, fill=INK)
        if recent:
            draw.line([(BOARD_SIZE // 2 + 20, y + 12), (BOARD_SIZE // 2 + 44, y + 12)], fill=RECENT, width=4)
            draw_text(draw, (BOARD_SIZE // 2 + 52, y + 2), t("render.cubed.recent", locale), MIN_TEXT, fill=INK,
                      max_width=BOARD_SIZE // 2 - 66)
        return y + 28

    # ---- a hand --------------------------------------------------------------------
    def hand_png(self, view: CubedPrivateView, locale: str = "en", *,  # type: ignore[override]
                 highlight: Collection[str] = (), page: int = 0) -> bytes:
        """``highlight``: piece ids the move builder outlines; ``page``: which
        HAND_PAGE pieces of a large hand to show (0-based)."""
        if isinstance(view, dict):
            view = CubedPrivateView.model_validate(view)
        return _encode(self.hand_image(view, locale, highlight=highlight, page=page))

    def hand_image(self, view: CubedPrivateView, locale: str = "en", *,
                   highlight: Collection[str] = (), page: int = 0) -> Image.Image:
        """One piece per row cell (id, its three rotations, points), two
        columns, HAND_PAGE pieces a page."""
        chosen = set(highlight)
        row_h, col_w = 78, BOARD_SIZE // 2
        pages = max(1, math.ceil(len(view.hand) / HAND_PAGE))
        page = min(max(page, 0), pages - 1)
        shown = view.hand[page * HAND_PAGE:(page + 1) * HAND_PAGE]
        sections = [(t("render.cubed.hand", locale, count=len(view.hand), points=sum(p.points for p in view.hand)),
                     shown)]
        if view.pending:
            sections.append((t("render.cubed.pending", locale, count=len(view.pending)), view.pending))
        height = 12 + 28
        for _, pieces in sections:
            height += 36 + max(1, math.ceil(len(pieces) / 2)) * row_h
        image = Image.new("RGB", (BOARD_SIZE, height + 10), BACKGROUND)
        draw = ImageDraw.Draw(image)
        y = 10
        hint = t("render.cubed.rotations", locale)
        if pages > 1:
            hint += " · " + t("render.common.page", locale, page=page + 1, pages=pages)
        draw_text(draw, (12, y), hint, MIN_TEXT, fill=INK, max_width=BOARD_SIZE - 24)
        y += 28
        for title, pieces in sections:
            draw_text(draw, (12, y), title, 18, fill=INK, bold=True, max_width=BOARD_SIZE - 24)
            y += 34
            for i, piece in enumerate(pieces):
                x0 = 6 + (i % 2) * col_w
                y0 = y + (i // 2) * row_h
                self._hand_row(image, draw, piece, x0, y0, col_w - 8, row_h, locale, piece.id in chosen)
            if not pieces:
                draw_text(draw, (20, y + 10), t("render.cubed.empty", locale), MIN_TEXT, fill=INK)
            y += max(1, math.ceil(len(pieces) / 2)) * row_h + 2
        return image

    def _hand_row(self, image: Image.Image, draw: ImageDraw.ImageDraw, piece, x0: int, y0: int,
                  w: int, h: int, locale: str, chosen: bool) -> None:
        fits = getattr(piece, "fits", False)
        outline, width = (PREVIEW, 4) if chosen else ((FITS, 3) if fits else (GRID, 1))
        draw.rounded_rectangle([(x0 + 2, y0 + 2), (x0 + w - 2, y0 + h - 4)], radius=8,
                               fill=HAND_CARD, outline=outline, width=width)
        draw_text(draw, (x0 + 10, y0 + 8), piece.id, 18, fill=INK, bold=True, max_width=70)
        draw_text(draw, (x0 + 10, y0 + 34), t("render.cubed.pt" if piece.points == 1 else "render.cubed.pts", locale, n=piece.points), MIN_TEXT, fill=INK)
        if fits:
            draw_text(draw, (x0 + 10, y0 + 52), "✓ " + t("render.cubed.fits", locale), MIN_TEXT, fill=FITS,
                      bold=True, max_width=72)
        for k, shown in enumerate(rotations(tuple(piece.faces))):  # type: ignore[arg-type]
            sprite = cube_sprite(shown, 30)
            sx = x0 + 86 + k * 70
            image.paste(sprite, (sx, y0 + 6), sprite)
            draw_text(draw, (sx + sprite.width + 2, y0 + h - 22), str(k), MIN_TEXT, fill=ROTATION_INK,
                      anchor="la")

    def hand_text(self, view: CubedPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return " ".join(f"`{p.id}`" for p in view.hand)
