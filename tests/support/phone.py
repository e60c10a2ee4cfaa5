"""What a phone reader meets in a picture (issue 31): a picture W px wide is
shown 360 px wide (a narrower one at its own size), so a text drawn s px
tall reads s·360/W px. Every text at least 11 px there; no picture taller
than 1.5× its width unless a written reason says why its content needs it;
no empty band across the picture; and the layout checks of
``tests.support.text_layout`` (nothing cut, over another text or outside)."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Iterable

from PIL import Image, ImageChops

from tests.support.text_layout import Layered, Placed, problems

PHONE_WIDTH = 360
MIN_PX = 11.0
MAX_ASPECT = 1.5
BAND_PX = 24  # an empty band at least this tall on the phone is a defect
BAND_TOLERANCE = 10  # a JPEG's uniform rows vary this much per channel


def on_phone(size: float, width: int) -> float:
    """How tall text drawn ``size`` px in a picture ``width`` px wide reads on the phone."""
    return size * PHONE_WIDTH / max(width, PHONE_WIDTH)


@dataclass(frozen=True)
class Tall:
    """A picture allowed to be taller than MAX_ASPECT, and why."""
    reason: str
    up_to: float  # ... but never taller than this many widths


@dataclass(frozen=True)
class Surface:
    """Rows of a picture where an empty band is a playing surface, and why."""
    reason: str
    top: int
    bottom: int | None = None  # None: to the picture's bottom


def small_texts(size: tuple[int, int], texts: list[Placed]) -> list[str]:
    width = size[0]
    return [f"{on_phone(t.size, width):.1f} px on a phone: {t.text!r} (drawn {t.size:.1f} px, picture {width} wide)"
            for t in texts if not t.mark and on_phone(t.size, width) < MIN_PX - 1e-6]


def _uniform_rows(image: Image.Image) -> list[tuple[int, int, int] | None]:
    """Each row's colour where the row is one colour across (within a
    JPEG's noise), else None. Whole rows at once, in Pillow's C code."""
    width, height = image.size
    data = image.tobytes()
    stride = width * 3
    exact = [data[y * stride:y * stride + 3] * width == data[y * stride:(y + 1) * stride] for y in range(height)]
    means = list(image.resize((1, height), Image.Resampling.BOX).get_flattened_data())
    if image.format != "JPEG" and not image.info.get("jpeg"):
        return [means[y] if exact[y] else None for y in range(height)]
    # a JPEG: a row is even where no pixel differs much from its neighbour
    base, shifted = image.crop((0, 0, width - 1, height)), image.crop((1, 0, width, height))
    steps = ImageChops.difference(base, shifted).convert("L").point(lambda v: 255 if v > 2 * BAND_TOLERANCE else 0)
    jumps = list(steps.convert("F").resize((1, height), Image.Resampling.BOX).get_flattened_data())  # > 0: a pixel jumps
    return [means[y] if exact[y] or jumps[y] == 0 else None for y in range(height)]


def empty_bands(image: Image.Image, jpeg: bool = False) -> list[tuple[int, int]]:
    """(top, height) of every full-width band of one colour at least BAND_PX tall on the phone."""
    rgb = image.convert("RGB")
    rgb = Image.frombytes("RGB", rgb.size, rgb.tobytes())  # a copy a layout recorder does not follow
    if jpeg:
        rgb.info["jpeg"] = True
    width, height = rgb.size
    need = BAND_PX * max(width, PHONE_WIDTH) / PHONE_WIDTH
    rows = _uniform_rows(rgb)
    bands, start, colour = [], None, None
    for y in range(height + 1):
        row = rows[y] if y < height else None
        if row is not None and colour is not None and all(abs(a - b) <= BAND_TOLERANCE for a, b in zip(row, colour)):
            continue
        if start is not None and y - start >= need:
            bands.append((start, y - start))
        start, colour = (y, row) if row is not None else (None, None)
    return bands


def phone_problems(encoded: bytes, size: tuple[int, int], texts: list[Placed], names: Iterable[str] = (),
                   layered: Iterable[Layered] = (), tall: Tall | None = None,
                   surface: Surface | None = None) -> list[str]:
    """Every way a picture fails a phone reader, as sentences."""
    found = problems(size, texts, names, layered) + small_texts(size, texts)
    width, height = size
    aspect = height / width
    if aspect > (tall.up_to if tall else MAX_ASPECT) + 1e-9:
        why = f" (allowed up to {tall.up_to}: {tall.reason})" if tall else ""
        found.append(f"{width}x{height} is {aspect:.2f} widths tall{why}")
    image = Image.open(io.BytesIO(encoded))
    for top, band in empty_bands(image, jpeg=image.format == "JPEG"):
        if surface is not None and surface.top <= top and top + band <= (surface.bottom or height):
            continue
        found.append(f"an empty band {band} px tall at y={top} across the {width}x{height} picture")
    return found
