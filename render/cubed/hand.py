"""A CUBED hand, all of it in one picture: one card per piece (id, points,
whether it fits now, and its rotations drawn as cubes with the reader's face
letters). Two columns with the three rotations each; a hand too large for
1.5 widths that way (a phone shows it 360 px wide) gets three or four
narrower columns showing rotation 0."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Collection

from PIL import Image, ImageDraw

from engines.base import Region
from engines.cubed.labels import face_letter
from engines.cubed.models import CubedPrivateView, HandPiece
from engines.cubed.pieces import COLOUR_LETTERS, COLOURS, rotations
from i18n import t
from render.common import draw_text, wrap_text
from render.cubed.sprites import (
    BACKGROUND,
    BOARD_SIZE,
    FITS,
    GRID,
    HAND_CARD,
    INK,
    MIN_TEXT,
    PREVIEW,
    ROTATION_INK,
    cube_sprite,
)

MAX_HEIGHT = BOARD_SIZE * 3 // 2  # a phone shows the picture 360 px wide: at most 1.5 widths tall
HAND_CUBE = 27  # hex size of a hand's cubes: the smallest whose letters read MIN_TEXT
FULL_ROW = 84  # a card with the piece's three rotations
COMPACT_ROW = 66  # a card with rotation 0 only
TITLE = 30
TEXT_COLUMN = 60  # a card's id, points and "fits"
CUBE_PITCH = 52
EMPTY_ROW = 36  # "(empty)"


@dataclass(frozen=True)
class Card:
    piece: HandPiece
    box: tuple[int, int, int, int]  # x0, y0, width, height


@dataclass(frozen=True)
class HandLayout:
    """Where every piece of the hand and of the Draw 3 choice is drawn."""
    columns: int
    hint_lines: int
    titles: list[tuple[int, str]]  # (y, text)
    cards: list[Card]
    empty_at: list[int]
    height: int

    @property
    def full(self) -> bool:
        """Cards wide enough for all three rotations."""
        return self.columns <= 2


def hint_lines(locale: str) -> list[str]:
    """The rotations hint, and where face letters are not the id letters, the
    key from id letters to them (ids stay Latin: they are what commands take)."""
    lines = [t("render.cubed.rotations", locale)]
    pairs = [(COLOUR_LETTERS[c], face_letter(c, locale)) for c in COLOURS]
    if any(a != b for a, b in pairs):
        lines.append(t("render.cubed.id_key", locale, pairs=" ".join(f"{a}={b}" for a, b in pairs)))
    return [line for text in lines for line in wrap_text(text, MIN_TEXT, BOARD_SIZE - 24, max_lines=2)]


def hand_layout(view: CubedPrivateView, locale: str = "en") -> HandLayout:
    """Every piece gets a card: two columns with the three rotations each
    while the picture stays within MAX_HEIGHT, else three or four narrower
    columns showing rotation 0 (four even if taller: every piece is shown)."""
    sections = [(t("render.cubed.hand", locale, count=len(view.hand), points=sum(p.points for p in view.hand)),
                 view.hand)]
    if view.pending:
        sections.append((t("render.cubed.pending", locale, count=len(view.pending)), view.pending))
    lines = len(hint_lines(locale))
    layout = None
    for columns in (2, 3, 4):
        layout = _place(sections, columns, lines)
        if layout.height <= MAX_HEIGHT:
            break
    assert layout is not None
    return layout


def _place(sections: list[tuple[str, list[HandPiece]]], columns: int, lines: int) -> HandLayout:
    row_h = FULL_ROW if columns <= 2 else COMPACT_ROW
    col_w = (BOARD_SIZE - 8) // columns
    titles: list[tuple[int, str]] = []
    cards: list[Card] = []
    empty_at: list[int] = []
    y = 8 + lines * 20 + 4
    for title, pieces in sections:
        titles.append((y, title))
        y += TITLE
        for i, piece in enumerate(pieces):
            cards.append(Card(piece, (4 + (i % columns) * col_w, y + (i // columns) * row_h, col_w - 4, row_h)))
        if not pieces:
            empty_at.append(y)
        y += math.ceil(len(pieces) / columns) * row_h + (4 if pieces else EMPTY_ROW)
    return HandLayout(columns, lines, titles, cards, empty_at, y + 4)


def hand_regions(view: CubedPrivateView, locale: str = "en") -> list[Region]:
    """A region per card, by piece id: the hand's and the Draw 3 choice's."""
    regions = []
    for card in hand_layout(view, locale).cards:
        x0, y0, w, h = card.box
        regions.append(Region(card.piece.id, "piece", (x0, y0, x0 + w, y0 + h)))
    return regions


def hand_image(view: CubedPrivateView, locale: str = "en", *, highlight: Collection[str] = ()) -> Image.Image:
    chosen = set(highlight)
    layout = hand_layout(view, locale)
    image = Image.new("RGB", (BOARD_SIZE, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for k, line in enumerate(hint_lines(locale)):
        draw_text(draw, (12, 8 + k * 20), line, MIN_TEXT, fill=INK, max_width=BOARD_SIZE - 24)
    for y, title in layout.titles:
        draw_text(draw, (12, y + 4), title, 18, fill=INK, bold=True, max_width=BOARD_SIZE - 24)
    for card in layout.cards:
        _card(image, draw, card, locale, card.piece.id in chosen, layout.full)
    for y in layout.empty_at:
        draw_text(draw, (20, y + 4), t("render.cubed.empty", locale), MIN_TEXT, fill=INK)
    return image


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, card: Card, locale: str, chosen: bool, full: bool) -> None:
    piece, (x0, y0, w, h) = card.piece, card.box
    outline, width = (PREVIEW, 4) if chosen else ((FITS, 3) if piece.fits else (GRID, 1))
    draw.rounded_rectangle([(x0 + 2, y0 + 2), (x0 + w - 2, y0 + h - 4)], radius=8,
                           fill=HAND_CARD, outline=outline, width=width)
    draw_text(draw, (x0 + 9, y0 + 8), piece.id, 17, fill=INK, bold=True, max_width=TEXT_COLUMN)
    points = t("render.cubed.pt" if piece.points == 1 else "render.cubed.pts", locale, n=piece.points)
    draw_text(draw, (x0 + 9, y0 + 29), points, MIN_TEXT, fill=INK, max_width=TEXT_COLUMN)
    if piece.fits:
        draw_text(draw, (x0 + 9, y0 + 47), "✓ " + t("render.cubed.fits", locale), MIN_TEXT, fill=FITS, bold=True,
                  max_width=TEXT_COLUMN)
    shown = rotations(piece.faces) if full else rotations(piece.faces)[:1]
    right = x0 + w - 6
    for k, faces in enumerate(shown):
        sprite = cube_sprite(faces, HAND_CUBE, locale)
        sx = right - (len(shown) - k) * CUBE_PITCH + (CUBE_PITCH - sprite.width) // 2
        image.paste(sprite, (sx, y0 + 5), sprite)
        if full:
            draw_text(draw, (sx + sprite.width / 2, y0 + 62), str(k), MIN_TEXT, fill=ROTATION_INK, anchor="ma")
