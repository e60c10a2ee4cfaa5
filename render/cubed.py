"""CUBED pictures: the hex board with isometric cubes, and a player's hand.

Every face shows its colour and its letter (S L R C A Y); blockers are
midnight purple with an X, blocked cells are hatched, and every open cell
where a piece could go carries its label. Piece sprites are drawn at twice
the size, shrunk for smooth edges, and cached per faces and size.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import Renderer
from engines.cubed.models import CubedPrivateView, CubedPublicView
from engines.cubed.pieces import COLOUR_LETTERS, COLOURS, rotations
from render.common import font, to_png

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
PANEL_WIDTH = 300
RECAP_HEIGHT = 240
MAX_BOARD = 880  # the board part never exceeds this many pixels a side
MIN_BOARD = 420
MAX_IMAGE = 1200  # neither side of a picture is longer
MAX_HEX = 46  # hex size (centre to corner) on a small table
MIN_LETTER_HEX = 11  # smaller cubes (the last round's recap) carry no letters
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


def _corner(cx: float, cy: float, size: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + size * math.cos(a), cy - size * math.sin(a))


def _hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [_corner(cx, cy, size, 30 + 60 * i) for i in range(6)]


def _sprite_box(size: int) -> tuple[int, int]:
    return (int(math.ceil(SQRT3 * size)) + 2, 2 * size + 2)


@lru_cache(maxsize=2048)
def cube_sprite(faces: tuple[str, str, str], size: int) -> Image.Image:
    """An RGBA picture of one piece as shown (top, right, left)."""
    big = size * SUPERSAMPLE
    w, h = _sprite_box(size)
    image = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = image.width / 2, image.height / 2
    letter_font = font(max(7, int(big * 0.42)), bold=True)
    for slot, colour in enumerate(faces):
        corners = [(cx, cy)] + [_corner(cx, cy, big, a) for a in FACE_CORNERS[slot]]
        fill = _shade(PALETTE[colour], FACE_SHADE[slot])
        draw.polygon(corners, fill=fill, outline=INK, width=max(1, SUPERSAMPLE))
        # the letter sits at the middle of the rhombus
        mx = sum(x for x, _ in corners) / 4
        my = sum(y for _, y in corners) / 4
        letter = COLOUR_LETTERS[colour]
        ink = (235, 230, 250) if colour == "purple" else INK
        if size >= MIN_LETTER_HEX:
            draw.text((mx, my), letter, font=letter_font, fill=ink, anchor="mm")
    draw.polygon(_hexagon(cx, cy, big), outline=INK, width=2 * SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)


@lru_cache(maxsize=256)
def _cell_sprite(kind: str, size: int, label: str = "") -> Image.Image:
    """An open (labelled) or blocked (hatched) empty cell."""
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
        hd.polygon(outline, fill=(222, 214, 230, 255))
        step = max(6, big // 4)
        for x in range(-image.height, image.width, step):
            hd.line([(x, image.height), (x + image.height, 0)], fill=PALETTE["purple"], width=SUPERSAMPLE * 2)
        image.paste(hatch, (0, 0), mask)
        draw.polygon(outline, outline=PALETTE["purple"], width=SUPERSAMPLE * 2)
    else:
        draw.polygon(outline, fill=OPEN_FILL, outline=GRID, width=SUPERSAMPLE * 2)
        size_px = max(9, int(big * (0.62 if len(label) < 3 else 0.5)))
        draw.text((cx, cy), label, font=font(size_px, bold=True), fill=INK, anchor="mm")
    return image.reduce(SUPERSAMPLE)


def _encode(image: Image.Image) -> bytes:
    """PNG of the image cut down to 128 colours: flat art stays crisp and
    the file stays small (a full board is well under 300 KB)."""
    if max(image.size) > MAX_IMAGE:
        image.thumbnail((MAX_IMAGE, MAX_IMAGE), Image.Resampling.LANCZOS)
    return to_png(image.quantize(128, method=Image.Quantize.FASTOCTREE))


def _ascii_name(name: str, limit: int = 7) -> str:
    return "".join(ch for ch in name if ch.isascii() and ch.isprintable()).strip()[:limit]


def seat_tag(view: CubedPublicView, seat: int) -> str:
    """P1 … P11, with the name when it is plain Latin text."""
    name = _ascii_name(view.seat_names[seat]) if seat < len(view.seat_names) else ""
    return f"P{seat + 1} {name}".strip()


class BoardLayout:
    """Where each cell goes: the hex size that fits every drawn cell into
    the board area, and the pixel centre of a cell."""

    def __init__(self, size: int, ox: float, oy: float, width: int, height: int) -> None:
        self.size, self.ox, self.oy, self.width, self.height = size, ox, oy, width, height

    @classmethod
    def fit(cls, view: CubedPublicView) -> "BoardLayout":
        cells = [(p.q, p.r) for p in view.table] + [(q, r) for q, r in view.blocked]
        cells += [(c.q, c.r) for c in view.labels]
        cells = cells or [(0, 0)]
        xs = [SQRT3 * (q + r / 2) for q, r in cells]
        ys = [1.5 * r for _, r in cells]
        span_x = max(xs) - min(xs) + SQRT3 + 0.4
        span_y = max(ys) - min(ys) + 2 + 0.4
        size = max(8, int(min(MAX_HEX, (MAX_BOARD - 20) / span_x, (MAX_BOARD - 20) / span_y)))
        width = max(MIN_BOARD, int(span_x * size) + 20)
        height = max(MIN_BOARD, int(span_y * size) + 20)
        ox = width / 2 - (max(xs) + min(xs)) / 2 * size
        oy = height / 2 - (max(ys) + min(ys)) / 2 * size
        return cls(size, ox, oy, width, height)

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return (self.ox + SQRT3 * (q + r / 2) * self.size, self.oy + 1.5 * r * self.size)


class CubedRenderer(Renderer):
    # ---- the board ----------------------------------------------------------------
    def board_png(self, view: CubedPublicView) -> bytes:  # type: ignore[override]
        if isinstance(view, dict):
            view = CubedPublicView.model_validate(view)
        return _encode(self.board_image(view))

    def board_image(self, view: CubedPublicView) -> Image.Image:
        layout = BoardLayout.fit(view)
        panel = self._panel(view)
        image = Image.new("RGB", (layout.width + PANEL_WIDTH, max(layout.height, panel.height)), BACKGROUND)
        image.paste(panel, (layout.width, 0))

        def paste(sprite: Image.Image, q: int, r: int) -> None:
            cx, cy = layout.centre(q, r)
            image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)

        size = layout.size
        for q, r in view.blocked:
            paste(_cell_sprite("blocked", size), q, r)
        for cell in view.labels:
            paste(_cell_sprite("open", size, cell.label), cell.q, cell.r)
        for piece in view.table:
            paste(cube_sprite(tuple(piece.faces), size), piece.q, piece.r)  # type: ignore[arg-type]
        if view.last_placed is not None:
            cx, cy = layout.centre(*view.last_placed)
            ImageDraw.Draw(image).polygon(_hexagon(cx, cy, size + 1), outline=HIGHLIGHT, width=3)
        return image

    def _panel(self, view: CubedPublicView) -> Image.Image:
        seats = len(view.seat_names)
        rows = 1 + seats
        height = 150 + rows * 24 + 40 + 7 * 22 + 20 + (RECAP_HEIGHT + 40 if view.previous_table else 0)
        panel = Image.new("RGB", (PANEL_WIDTH, height), (236, 230, 220))
        draw = ImageDraw.Draw(panel)
        y = 12
        title = "CUBED solo" if view.config.solo else f"CUBED  round {view.round}/{view.rounds}"
        draw.text((14, y), title, font=font(20, bold=True), fill=INK)
        y += 30
        variants = [n for n, on in (("Bridge", view.config.bridge), ("Fill", view.config.fill),
                                    ("Draw3", view.config.draw3)) if on]
        draw.text((14, y), f"Bag: {view.bag_count}   " + ("+".join(variants) if variants else ""),
                  font=font(14), fill=INK)
        y += 24
        draw.text((14, y), self._status(view), font=font(15, bold=True), fill=HIGHLIGHT)
        y += 34
        y = self._score_table(draw, view, y)
        y += 16
        y = self._legend(panel, draw, y)
        if view.previous_table:
            y = self._recap(panel, draw, view, y + 8)
        return panel.crop((0, 0, PANEL_WIDTH, y + 10))

    def _recap(self, panel: Image.Image, draw: ImageDraw.ImageDraw, view: CubedPublicView, y: int) -> int:
        """A small picture of how the previous round ended."""
        draw.text((14, y), f"Round {view.round - 1} final table", font=font(13, bold=True), fill=INK)
        y += 22
        cells = [(p.q, p.r) for p in view.previous_table]
        xs = [SQRT3 * (q + r / 2) for q, r in cells]
        ys = [1.5 * r for _, r in cells]
        width, height = PANEL_WIDTH - 28, RECAP_HEIGHT
        size = int(max(4, min(MIN_LETTER_HEX + 3, (width - 4) / (max(xs) - min(xs) + SQRT3),
                              (height - 4) / (max(ys) - min(ys) + 2))))
        ox = 14 + width / 2 - (max(xs) + min(xs)) / 2 * size
        oy = y + height / 2 - (max(ys) + min(ys)) / 2 * size
        for piece, x, yy in zip(view.previous_table, xs, ys):
            sprite = cube_sprite(tuple(piece.faces), size)  # type: ignore[arg-type]
            panel.paste(sprite, (int(ox + x * size - sprite.width / 2), int(oy + yy * size - sprite.height / 2)),
                        sprite)
        return y + height

    def _status(self, view: CubedPublicView) -> str:
        if view.config.solo:
            if view.solo_outcome == "won":
                return "You won!"
            if view.solo_outcome == "lost":
                return "Stuck: game lost"
            return f"Draws since last piece: {view.solo_draws}/2"
        if view.phase == "over":
            return "Winner: " + ", ".join(seat_tag(view, s) for s in view.winners)
        hint = {"drawn": " (drew)", "bonus": " (bridge bonus)", "give": " (may give)",
                "keep": " (keep 1 of 3)"}.get(view.phase, "")
        return f"Turn: {seat_tag(view, view.current)}{hint}"

    def _score_table(self, draw: ImageDraw.ImageDraw, view: CubedPublicView, y: int) -> int:
        small, bold = font(13), font(13, bold=True)
        rounds = 0 if view.config.solo else view.rounds
        cols = [14, 112] + [162 + 32 * i for i in range(rounds)]
        header = ["Player", "Hand"] + [f"R{i + 1}" for i in range(rounds)]
        if not view.config.solo:
            cols.append(162 + 32 * rounds + 4)
            header.append("Total")
        for x, text in zip(cols, header):
            draw.text((x, y), text, font=bold, fill=INK)
        y += 20
        draw.line([(10, y - 2), (PANEL_WIDTH - 10, y - 2)], fill=GRID, width=1)
        for seat in range(len(view.seat_names)):
            if seat == view.current and view.phase != "over":
                draw.rectangle([(8, y - 2), (PANEL_WIDTH - 8, y + 18)], fill=(250, 222, 200))
            cells = [seat_tag(view, seat), str(view.hand_sizes[seat])]
            cells += [str(view.round_scores[i][seat]) if i < len(view.round_scores) else "-" for i in range(rounds)]
            if not view.config.solo:
                cells.append(str(view.totals[seat]))
            for i, (x, text) in enumerate(zip(cols, cells)):
                draw.text((x, y), text, font=bold if i in (0, len(cols) - 1) else small, fill=INK)
            if seat in view.winners:
                draw.text((PANEL_WIDTH - 16, y), "*", font=bold, fill=HIGHLIGHT)
            y += 22
        return y

    def _legend(self, panel: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> int:
        small = font(13)
        for i, colour in enumerate(COLOURS):
            x = 14 + (i % 2) * 140
            row_y = y + (i // 2) * 24
            draw.rectangle([(x, row_y), (x + 20, row_y + 18)], fill=PALETTE[colour], outline=INK)
            draw.text((x + 10, row_y + 9), COLOUR_LETTERS[colour], font=font(12, bold=True), fill=INK, anchor="mm")
            draw.text((x + 28, row_y + 1), colour, font=small, fill=INK)
        y += 3 * 24
        draw.rectangle([(14, y), (34, y + 18)], fill=PALETTE["purple"], outline=INK)
        draw.text((24, y + 9), "X", font=font(12, bold=True), fill=(235, 230, 250), anchor="mm")
        draw.text((42, y + 1), "blocker", font=small, fill=INK)
        hatch = _cell_sprite("blocked", 11)
        panel.paste(hatch, (154, y - 2), hatch)
        draw.text((182, y + 1), "blocked cell", font=small, fill=INK)
        return y + 24

    # ---- a hand --------------------------------------------------------------------
    def hand_png(self, view: CubedPrivateView) -> bytes:  # type: ignore[override]
        if isinstance(view, dict):
            view = CubedPrivateView.model_validate(view)
        return _encode(self.hand_image(view))

    def hand_image(self, view: CubedPrivateView) -> Image.Image:
        tile_w, tile_h = 172, 100
        columns = 5 if len(view.hand) + len(view.pending) <= 30 else 6
        sections = [("Your hand", view.hand)]
        if view.pending:
            sections.append(("Drawn - keep one", view.pending))
        height = 16
        for _, pieces in sections:
            height += 34 + max(1, math.ceil(len(pieces) / columns)) * tile_h
        image = Image.new("RGB", (tile_w * columns + 20, height + 10), BACKGROUND)
        draw = ImageDraw.Draw(image)
        y = 12
        for title, pieces in sections:
            total = sum(p.points for p in pieces)
            hint = "   (rotations 0 1 2; green: fits now)" if title == sections[0][0] else ""
            draw.text((12, y), f"{title}: {len(pieces)} pieces, {total} pts{hint}", font=font(16, bold=True), fill=INK)
            y += 32
            for i, piece in enumerate(pieces):
                x0 = 10 + (i % columns) * tile_w
                y0 = y + (i // columns) * tile_h
                self._hand_tile(image, draw, piece, x0, y0, tile_w, tile_h)
            if not pieces:
                draw.text((20, y + 10), "(empty)", font=font(14), fill=INK)
            y += max(1, math.ceil(len(pieces) / columns)) * tile_h + 2
        return image

    def _hand_tile(self, image: Image.Image, draw: ImageDraw.ImageDraw, piece, x0: int, y0: int,
                   w: int, h: int) -> None:
        fits = getattr(piece, "fits", False)
        draw.rounded_rectangle([(x0 + 3, y0 + 3), (x0 + w - 3, y0 + h - 3)], radius=8,
                               fill=(255, 252, 246), outline=FITS if fits else GRID, width=3 if fits else 1)
        unit = "pt" if piece.points == 1 else "pts"
        draw.text((x0 + 10, y0 + 7), piece.id, font=font(16, bold=True), fill=INK)
        if fits:
            draw.text((x0 + 74, y0 + 10), "\u2713 fits", font=font(13, bold=True), fill=FITS)
        draw.text((x0 + w - 10, y0 + 9), f"{piece.points} {unit}", font=font(13), fill=INK, anchor="ra")
        for k, shown in enumerate(rotations(tuple(piece.faces))):  # type: ignore[arg-type]
            sprite = cube_sprite(shown, 24)
            sx = x0 + 10 + k * 54
            image.paste(sprite, (sx, y0 + 30), sprite)
            draw.text((sx + sprite.width + 2, y0 + 80), str(k), font=font(11), fill=(110, 100, 100), anchor="rm")

    def hand_text(self, view: CubedPrivateView) -> str:  # type: ignore[override]
        return " ".join(f"`{p.id}`" for p in view.hand)
