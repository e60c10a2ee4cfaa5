"""A post-game review's picture: the legend on top (what was played, what
was better), then the board before the move (the game's own picture, cut
to its playing area) with both moves marked. The two marks differ in shape
and thickness as well as colour: the played move a thin orange ring with a
square tag, the better move a thick blue double ring with a round tag, so
they read without colour. Every text reads at least 11 px on a phone
(``render.common.phone_min``)."""
from __future__ import annotations

import io
from typing import Iterable

from PIL import Image, ImageDraw

from render.common import draw_text, phone_min, to_png, wrap_text

PLAYED = (230, 110, 0)
BETTER = (20, 90, 220)
BAND = (30, 30, 40)
INK = (255, 255, 255)
Box = tuple[int, int, int, int]
GAP = 6  # board rows kept above and below the playing area's edges (where a mark's outer ring lies)


def _tag_size(width: int) -> int:
    return max(10, width // 40)


def _played_mark(draw: ImageDraw.ImageDraw, box: Box, tag: int) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), outline=PLAYED, width=max(3, tag // 3))
    draw.rectangle((x0 + 1, y0 + 1, x0 + 1 + tag, y0 + 1 + tag), fill=PLAYED, outline=INK)


def _better_mark(draw: ImageDraw.ImageDraw, box: Box, tag: int) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), outline=BETTER, width=max(5, tag // 2))
    draw.rectangle((x0 - 5, y0 - 5, x1 + 4, y1 + 4), outline=INK, width=1)
    draw.ellipse((x1 - tag - 1, y0 - 1, x1 + 1, y0 + tag + 1), fill=BETTER, outline=INK)


def _legend_row(draw: ImageDraw.ImageDraw, y: int, x: int, size: int, colour: tuple[int, int, int],
                round_tag: bool, lines: list[str]) -> int:
    tag = size
    shape = (x, y + 2, x + tag, y + 2 + tag)
    if round_tag:
        draw.ellipse(shape, fill=colour, outline=INK)
    else:
        draw.rectangle(shape, fill=colour, outline=INK)
    for line in lines:
        draw_text(draw, (x + tag + size // 2, y), line, size, fill=INK)
        y += int(size * 1.35)
    return y


def _uniform(image: Image.Image, y: int) -> bool:
    """Whether row ``y`` of an RGB picture is one colour across."""
    row = image.crop((0, y, image.width, y + 1)).tobytes()
    return row == row[:3] * image.width


def rows_around(image: Image.Image, area: Box) -> tuple[int, int]:
    """The rows to keep of a board picture to show its playing area
    (``area``, the union of its squares, cells or tiles): from the nearest
    row of one colour across the picture above it to the nearest below it,
    so that no text around the playing area is cut."""
    top = max(0, area[1] - GAP)
    while top > 0 and not _uniform(image, top):
        top -= 1
    bottom = min(image.height - 1, area[3] + GAP)
    while bottom < image.height - 1 and not _uniform(image, bottom):
        bottom += 1
    return top, bottom + 1


def union(boxes: Iterable[Box]) -> Box | None:
    boxes = list(boxes)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def review_picture(board_png: bytes, played: list[Box], better: list[Box], played_text: str,
                   better_text: str, board: Iterable[Box] = ()) -> bytes:
    """The legend (``played_text``, ``better_text``) over ``board_png``
    with the boxes of the played move and of the better one marked; cut
    to the rows of the playing area when ``board`` (the boxes of every
    square, cell or tile of the picture) is given."""
    image = Image.open(io.BytesIO(board_png)).convert("RGB")
    width = image.width
    size = phone_min(width)
    tag = _tag_size(width)
    draw = ImageDraw.Draw(image)
    for box in better:
        _better_mark(draw, box, tag)
    for box in played:
        _played_mark(draw, box, tag)
    area = union(board)
    if area is not None:
        top, bottom = rows_around(image, union([area, *played, *better]) or area)
        image = image.crop((0, top, width, bottom))
    text_width = width - 3 * size
    played_lines = wrap_text(played_text, size, text_width, max_lines=2)
    better_lines = wrap_text(better_text, size, text_width, max_lines=2)
    line = int(size * 1.35)
    band_height = line * (len(played_lines) + len(better_lines)) + size // 3 + size
    out = Image.new("RGB", (width, band_height + image.height), BAND)
    out.paste(image, (0, band_height))
    draw = ImageDraw.Draw(out)
    y = _legend_row(draw, size // 2, size // 2, size, PLAYED, False, played_lines)
    _legend_row(draw, y + size // 3, size // 2, size, BETTER, True, better_lines)
    return to_png(out)
