"""Shared drawing helpers: bundled fonts (so images look the same on every
machine) and PNG encoding."""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (covers ★♥♦♣♠ and arrows), cached per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG (renderers quantise flat-colour art themselves where it pays)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()
