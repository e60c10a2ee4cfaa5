"""A post-game review's picture: the board before a move (the game's own
picture), the move played and the better one marked on it, and a legend
under it. The two marks differ in shape and thickness as well as colour:
the played move a thin orange ring with a square tag, the better move a
thick blue double ring with a round tag, so they read without colour."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.common import draw_text, to_png, wrap_text

PLAYED = (230, 110, 0)
BETTER = (20, 90, 220)
BAND = (30, 30, 40)
INK = (255, 255, 255)
Box = tuple[int, int, int, int]


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


def review_picture(board_png: bytes, played: list[Box], better: list[Box], played_text: str,
                   better_text: str) -> bytes:
    """``board_png`` with the boxes of the played move and of the better one
    marked, and the legend (``played_text``, ``better_text``) under it."""
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    width = board.width
    size = max(14, round(width * 0.032))  # >= 12 px shown 400 px wide
    tag = _tag_size(width)
    draw = ImageDraw.Draw(board)
    for box in better:
        _better_mark(draw, box, tag)
    for box in played:
        _played_mark(draw, box, tag)
    text_width = width - 3 * size
    played_lines = wrap_text(played_text, size, text_width, max_lines=2)
    better_lines = wrap_text(better_text, size, text_width, max_lines=2)
    band_height = int(size * 1.35) * (len(played_lines) + len(better_lines)) + size * 2
    out = Image.new("RGB", (width, board.height + band_height), BAND)
    out.paste(board, (0, 0))
    draw = ImageDraw.Draw(out)
    y = board.height + size // 2
    y = _legend_row(draw, y, size // 2, size, PLAYED, False, played_lines)
    _legend_row(draw, y + size // 3, size // 2, size, BETTER, True, better_lines)
    return to_png(out)
