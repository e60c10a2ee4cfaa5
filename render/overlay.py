"""Marks drawn over a board picture for the move builder's previews: every
legal target outlined, the chosen ones outlined thicker, a piece shown where
it would go, and a short caption. Shapes differ as well as colours (a thin
ring with a dot for "you may pick this", a thick double ring for "chosen"),
so the marks read without colour too."""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from render.common import draw_text, phone_min
from render.fit import fit_lines
from render.watching import note_mark

TARGET = (20, 150, 70)  # may be picked
CHOSEN = (200, 0, 140)  # picked
SOURCE = (230, 120, 0)  # the piece or unit that acts
CAPTION_BG = (30, 30, 40)
CAPTION_INK = (255, 255, 255)
STYLES = {"target": (TARGET, 3), "chosen": (CHOSEN, 6), "source": (SOURCE, 4)}
Style = Literal["target", "chosen", "source"]


@dataclass(frozen=True)
class Hex:
    cx: float
    cy: float
    size: float  # centre to corner, pointy top


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    dot: tuple[float, float] | None = None  # where a target's dot goes (None: on the ring, top middle)


def hex_points(shape: Hex, grow: float = 0.0) -> list[tuple[float, float]]:
    size = shape.size + grow
    return [(shape.cx + size * math.cos(math.radians(30 + 60 * i)),
             shape.cy - size * math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def mark(image: Image.Image, shape: Hex | Box, style: Style) -> None:
    """Outline ``shape`` on ``image`` in place."""
    colour, width = STYLES[style]
    draw = ImageDraw.Draw(image)
    if isinstance(shape, Hex):
        draw.polygon(hex_points(shape, -1), outline=colour, width=width)
        if style == "chosen":
            draw.polygon(hex_points(shape, 2), outline=(255, 255, 255), width=2)
        centre, radius = (shape.cx, shape.cy - shape.size * 0.62), max(3, shape.size * 0.12)
    else:
        # In a box's outer 4 px (and, thick, 2 px past it): clear of the texts inside, which keep 5 px away.
        grow = 2 if style == "chosen" else 0
        ring = (shape.x0 - grow, shape.y0 - grow, shape.x1 + grow, shape.y1 + grow)
        draw.rectangle(ring, outline=colour, width=width)
        _note_frame(image, ring, width, f"{style} ring")
        if style == "chosen":
            inner = (shape.x0 + 3, shape.y0 + 3, shape.x1 - 3, shape.y1 - 3)
            draw.rectangle(inner, outline=(255, 255, 255), width=2)
            _note_frame(image, inner, 2, "chosen inner ring")
        centre, radius = shape.dot or ((shape.x0 + shape.x1) / 2, shape.y0 + 4), 6
    if style == "target":  # the dot: a second cue besides the colour
        x, y = centre
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=TARGET, outline=(255, 255, 255))
        note_mark(image, (x - radius, y - radius, x + radius, y + radius), "target dot")


def _note_frame(image: Image.Image, box: tuple[float, float, float, float], width: int, name: str) -> None:
    """A rectangle's outline as the four bands a layout checker must find no text under."""
    x0, y0, x1, y1 = box
    for band in ((x0, y0, x1, y0 + width), (x0, y1 - width, x1, y1), (x0, y0, x0 + width, y1),
                 (x1 - width, y0, x1, y1)):
        note_mark(image, band, name)


def label(image: Image.Image, shape: Box, text: str) -> None:
    """``text`` (a card's or tile's name) on a white band across the middle
    of ``shape``: what would stand there; on two lines where one would not
    hold it at a size a phone reads."""
    draw = ImageDraw.Draw(image)
    height = shape.y1 - shape.y0
    least = phone_min(image.width)
    room = shape.x1 - shape.x0 - 28
    size, lines = fit_lines(text, max(least, int(height * 0.2)), room, bold=True, min_size=least)
    cy = (shape.y0 + shape.y1) / 2
    half = size * (0.8 if len(lines) == 1 else 1.25)
    draw.rectangle((shape.x0 + 8, cy - half, shape.x1 - 8, cy + half), fill=(255, 255, 255), outline=CHOSEN, width=2)
    for k, line in enumerate(lines):
        y = cy + (k - (len(lines) - 1) / 2) * size * 1.08
        draw_text(draw, ((shape.x0 + shape.x1) / 2, y), line, size, fill=(20, 20, 20), bold=True, anchor="mm",
                  max_width=shape.x1 - shape.x0 - 20)


def paste_centred(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))),
                sprite if sprite.mode == "RGBA" else None)


def caption(image: Image.Image, text: str) -> Image.Image:
    """The picture with a one-line band on top (any script: fonts fall back per character)."""
    if not text:
        return image
    size = max(phone_min(image.width), min(28, image.width // 22))
    band = size + 14
    out = Image.new("RGB", (image.width, image.height + band), CAPTION_BG)
    out.paste(image.convert("RGB"), (0, band))
    draw_text(ImageDraw.Draw(out), (10, band // 2), text, size, fill=CAPTION_INK, bold=True, anchor="lm",
              max_width=image.width - 20)
    return out


def encode(image: Image.Image, max_side: int = 1000) -> bytes:
    """A JPEG at most ``max_side`` pixels wide (a tall board keeps its
    height: shrinking it would shrink its text below what a phone reads).
    A preview is drawn at every click: JPEG is written several times faster
    than a PNG of the same picture, and full-resolution colour (no chroma
    subsampling) keeps the thin rings and small letters sharp."""
    if image.width > max_side:
        scale = max_side / image.width
        image = image.resize((int(image.width * scale), int(image.height * scale)), Image.Resampling.BILINEAR)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=90, subsampling=0)
    return buf.getvalue()


def legend(image: Image.Image, entries: list[tuple[Style, str]]) -> Image.Image:
    """The picture with a line under it saying what each ring means: a small
    square marked in each style, then its words (the viewer's language)."""
    if not entries:
        return image
    size = max(phone_min(image.width) + 1, min(24, image.width // 30))
    swatch = size + 10
    band = swatch + 16
    out = Image.new("RGB", (image.width, image.height + band), CAPTION_BG)
    out.paste(image.convert("RGB"), (0, 0))
    draw = ImageDraw.Draw(out)
    x, y = 10.0, image.height + 8
    room = (image.width - 10) / len(entries)
    for style, text in entries:
        out.paste((60, 66, 80), (int(x), y, int(x) + swatch, y + swatch))
        mark(out, Box(x, y, x + swatch, y + swatch), style)
        draw_text(draw, (x + swatch + 6, y + swatch / 2), text, size, fill=CAPTION_INK, anchor="lm",
                  max_width=room - swatch - 16)
        x += room
    return out
