"""A rules topic's picture (``engines.lessons.Position``): the game's own
board or hand drawn by its renderer, the topic's places marked with the move
builder's rings (``render.overlay``: shapes differ, not only colours), cut to
the playing area and titled in the viewer's language."""
from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image

from engines.base import Region, Renderer
from engines.lessons import Position
from render import overlay

RING_OUT = 4  # a hex ring drawn just outside the cell: the letters on a piece's faces stay clear


def shape_of(region: Region) -> overlay.Hex | overlay.Box:
    x0, y0, x1, y1 = region.box
    if region.kind == "cell" and region.id.count(",") == 1:  # a hex cell "q,r": its box is the hexagon's width
        return overlay.Hex((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / math.sqrt(3) + RING_OUT)
    return overlay.Box(x0, y0, x1, y1)


def crop_box(regions: list[Region], size: tuple[int, int], pad: int) -> tuple[int, int, int, int]:
    x0 = min(r.box[0] for r in regions) - pad
    y0 = min(r.box[1] for r in regions) - pad
    x1 = max(r.box[2] for r in regions) + pad
    y1 = max(r.box[3] for r in regions) + pad
    return max(0, x0), max(0, y0), min(size[0], x1), min(size[1], y1)


def lesson_image(engine: Any, renderer: Renderer, position: Position, locale: str, title: str) -> Image.Image:
    if position.picture == "hand":
        view = engine.private_view(position.state, position.seat)
        png, regions = renderer.hand_png(view, locale), renderer.hand_regions(view, locale)
    else:
        view = engine.public_view(position.state)
        png, regions = renderer.board_png(view, locale), renderer.board_regions(view, locale)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    by_id = {region.id: region for region in regions}
    for mark in position.marks:
        region = by_id.get(mark.region)
        if region is None:
            raise KeyError(f"no region {mark.region!r} on this picture")
        overlay.mark(image, shape_of(region), mark.style)
    if position.crop and regions:
        image = image.crop(crop_box(regions, image.size, position.pad))
    return overlay.caption(image, title)


def lesson_png(engine: Any, renderer: Renderer, position: Position, locale: str, title: str) -> bytes:
    buf = io.BytesIO()
    lesson_image(engine, renderer, position, locale, title).save(buf, format="PNG", optimize=True)
    return buf.getvalue()
