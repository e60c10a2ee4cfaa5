"""CUBED's drawing parts: the palette, piece sprites (every face in its
colour and marked with its colour's letter in the reader's language) and
empty cells. Sprites are drawn at twice the size, shrunk for smooth edges,
and cached per faces, size and language."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.cubed.labels import face_letter
from render.cache import MB, bounded
from render.common import draw_text, phone_min
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
PANEL_FILL = (236, 230, 220)
CURRENT_ROW = (250, 222, 200)
HAND_CARD = (255, 252, 246)
ROTATION_INK = (110, 100, 100)
BOARD_SIZE = 480  # the canvas width and the board area's height, every turn
MAX_HEX = 64  # hex size (centre to corner) on a small table
LETTER = 0.56  # face letter size / hex size
MIN_TEXT = phone_min(BOARD_SIZE)  # 15 px: 11.25 px when a picture is shown 360 px wide
SUPERSAMPLE = 2
# A face too small for a legible letter carries its colour's mark instead:
# a shape, not a word (the board's legend shows each colour's mark).
MARKS = {"sky": "dot", "lilac": "triangle", "rose": "square", "coral": "ring", "amber": "plus", "lemon": "bar",
         "purple": "cross"}

# Face rhombi as corner angles (degrees, counter-clockwise from east), in
# drawing order after the centre: top, right, left.
FACE_CORNERS = ((30, 90, 150), (30, 330, 270), (270, 210, 150))
FACE_SHADE = (1.05, 0.9, 1.0)  # light from above left


def shade(rgb: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Above 1: lighten towards white; below 1: darken. Kept mild so that
    shaded faces stay nearest to their own palette colour."""
    if factor >= 1:
        return tuple(int(c + (255 - c) * (factor - 1) * 2) for c in rgb)  # type: ignore[return-value]
    return tuple(int(c * factor) for c in rgb)  # type: ignore[return-value]


FACE_FILLS = [shade(rgb, factor) for rgb in PALETTE.values() for factor in FACE_SHADE]
PALETTE_SPEC = PaletteSpec(
    exact=[BACKGROUND, INK, GRID, OPEN_FILL, HIGHLIGHT, FITS, PREVIEW, RECENT, PURPLE_INK, HATCH_FILL,
           PANEL_FILL, CURRENT_ROW, HAND_CARD, ROTATION_INK, *PALETTE.values(), *FACE_FILLS],
    inks=[INK, GRID, HIGHLIGHT, FITS, PREVIEW, RECENT, PURPLE_INK, ROTATION_INK, PALETTE["purple"]],
    grounds=[BACKGROUND, OPEN_FILL, PANEL_FILL, CURRENT_ROW, HAND_CARD, HATCH_FILL, *PALETTE.values(), *FACE_FILLS],
)


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    """CUBED's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE_SPEC.colours())


def corner(cx: float, cy: float, size: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (cx + size * math.cos(a), cy - size * math.sin(a))


def hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [corner(cx, cy, size, 30 + 60 * i) for i in range(6)]


def sprite_box(size: int) -> tuple[int, int]:
    return (int(math.ceil(SQRT3 * size)) + 2, 2 * size + 2)


def letter_px(size: int) -> int:
    """The face letter's size on a cube of hex ``size`` (as drawn, supersampled)."""
    return max(7, int(size * SUPERSAMPLE * LETTER))


def lettered(size: int) -> bool:
    """Whether a cube of hex ``size`` carries letters (else marks): letters
    only where they read at MIN_TEXT."""
    return letter_px(size) / SUPERSAMPLE >= MIN_TEXT


def draw_mark(draw: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float, ink) -> None:
    """``colour``'s mark centred on (cx, cy), ``r`` from centre to its edge."""
    shape = MARKS[colour]
    w = max(1, round(r / 2.5))
    if shape == "dot":
        draw.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=ink)
    elif shape == "ring":
        draw.ellipse((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), outline=ink, width=w)
    elif shape == "square":
        draw.rectangle((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=ink)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)], fill=ink)
    elif shape == "plus":
        draw.rectangle((cx - r, cy - w, cx + r, cy + w), fill=ink)
        draw.rectangle((cx - w, cy - r, cx + w, cy + r), fill=ink)
    elif shape == "bar":
        draw.rectangle((cx - r, cy - r * 0.35, cx + r, cy + r * 0.35), fill=ink)
    else:  # cross
        draw.line((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=ink, width=w + 1)
        draw.line((cx - r * 0.8, cy + r * 0.8, cx + r * 0.8, cy - r * 0.8), fill=ink, width=w + 1)


@bounded("cubed pieces", max_items=8192, max_bytes=64 * MB)
def cube_sprite(faces: tuple[str, str, str], size: int, locale: str = "en") -> Image.Image:
    """An RGBA picture of one piece as shown (top, right, left), each face
    marked with its colour's letter in ``locale``, or where the cube is too
    small for a legible letter, with its colour's mark."""
    big = size * SUPERSAMPLE
    w, h = sprite_box(size)
    image = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = image.width / 2, image.height / 2
    letters = lettered(size)
    for slot, colour in enumerate(faces):
        corners = [(cx, cy)] + [corner(cx, cy, big, a) for a in FACE_CORNERS[slot]]
        fill = shade(PALETTE[colour], FACE_SHADE[slot])
        draw.polygon(corners, fill=fill, outline=INK, width=max(1, SUPERSAMPLE))
        # the letter or mark sits at the middle of the rhombus
        mx = sum(x for x, _ in corners) / 4
        my = sum(y for _, y in corners) / 4
        ink = PURPLE_INK if colour == "purple" else INK
        if letters:
            draw_text(draw, (mx, my), face_letter(colour, locale), letter_px(size), fill=ink, anchor="mm", bold=True,
                      scale=1 / SUPERSAMPLE)
        else:
            draw_mark(draw, colour, mx, my, big * 0.2, ink)
    draw.polygon(hexagon(cx, cy, big), outline=INK, width=2 * SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)


@bounded("cubed cells", max_items=16384, max_bytes=24 * MB)
def cell_sprite(kind: str, size: int, label: str = "") -> Image.Image:
    """An open (labelled: the name typed commands take) or blocked (hatched) empty cell."""
    big = size * SUPERSAMPLE
    w, h = sprite_box(size)
    image = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = image.width / 2, image.height / 2
    outline = hexagon(cx, cy, big * 0.94)
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
        draw_text(draw, (cx, cy), label, size_px, fill=INK, anchor="mm", bold=True, scale=1 / SUPERSAMPLE)
    return image.reduce(SUPERSAMPLE)
