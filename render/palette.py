"""Fixed palettes: each game's pictures are drawn in RGB and then mapped to
one palette built once per process, instead of quantizing every picture
(an adaptive quantizer costs 3-16 ms a picture and may merge colours the
legend tells apart; a nearest-colour lookup into a fixed palette costs
1-2 ms and keeps every declared colour exact).

A palette holds the renderer's own colours, exactly, and the antialiasing
ramps between the inks it draws (text, lines, outlines) and the grounds it
draws them on. When the ramps do not all fit into the 256 entries left,
they are merged by a median cut over the ramp colours alone, so the exact
colours are never moved.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from PIL import Image

RGB = tuple[int, int, int]
MAX_COLOURS = 256
RAMP_STEPS = (0.2, 0.4, 0.6, 0.8)  # 4 shades between ink and ground: edges read as smooth at 1×
# Pillow's nearest-colour lookup answers for 4×4×4 blocks of RGB values, so
# a shade this close to an exact colour could take that colour's pixels.
KEEP_CLEAR = 6


def blend(ink: RGB, ground: RGB, amount: float) -> RGB:
    """``amount`` of ``ink`` over ``ground``."""
    return tuple(round(g + (i - g) * amount) for i, g in zip(ink, ground))  # type: ignore[return-value]


def _unique(colours: Iterable[RGB]) -> list[RGB]:
    seen: dict[RGB, None] = {}
    for colour in colours:
        seen.setdefault(tuple(int(c) for c in colour), None)  # type: ignore[arg-type]
    return list(seen)


@dataclass(frozen=True)
class PaletteSpec:
    """What a game's pictures are made of."""

    exact: Sequence[RGB]  # flat colours: kept as they are
    inks: Sequence[RGB]  # drawn with antialiased edges (text, lines, outlines)
    grounds: Sequence[RGB]  # what those inks are drawn on

    def colours(self) -> list[RGB]:
        """The palette: exact colours first (in the order given), then the
        ramps, merged down to what fits."""
        exact = _unique([*self.exact, *self.inks, *self.grounds])
        if len(exact) > MAX_COLOURS:
            raise ValueError(f"{len(exact)} exact colours do not fit a palette")
        ramps = _unique(blend(ink, ground, step) for ink in self.inks for ground in self.grounds
                        if ink != ground for step in RAMP_STEPS)
        ramps = _clear_of(ramps, exact)
        room = MAX_COLOURS - len(exact)
        if len(ramps) > room:
            ramps = _clear_of(_merge(ramps, room), exact)
        return exact + ramps


def _clear_of(colours: list[RGB], exact: list[RGB]) -> list[RGB]:
    """``colours`` without those within KEEP_CLEAR (per channel) of an exact colour."""
    return [c for c in colours
            if all(max(abs(a - b) for a, b in zip(c, e)) > KEEP_CLEAR for e in exact)]


def _merge(colours: list[RGB], count: int) -> list[RGB]:
    """``count`` colours standing for ``colours`` (median cut)."""
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    reduced = strip.quantize(count, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = reduced.getpalette()[: 3 * count]  # type: ignore[index]
    return _unique(tuple(flat[i:i + 3]) for i in range(0, len(flat), 3))  # type: ignore[misc]


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A 1×1 "P" image carrying ``colours`` as its palette (what
    ``Image.quantize(palette=...)`` takes). Unused entries repeat the first
    colour, so nothing maps to black by accident."""
    if not colours:
        raise ValueError("an empty palette")
    padded = list(colours) + [colours[0]] * (MAX_COLOURS - len(colours))
    image = Image.new("P", (1, 1))
    image.putpalette([c for colour in padded for c in colour])
    return image


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` (RGB) mapped to the nearest colours of ``palette``, no dithering
    (flat areas stay flat, and the same picture always gives the same bytes)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
