"""SETUP pictures: the board with the players' lanes of the score track
(``board``), a private hand (``hand``), both laid out for a phone
(``geometry``: 480 px wide, every text at least 15 px, 11 px when shown
360 px wide) over the colours and sprites of ``style``, and in words
(``alt``). Words come from the ``render.setup`` catalogue in the viewer's
language; players' display names are drawn in any script. Every colour has
a second cue: seat labels (P1.., A1..) on squares, lanes and rows; suit
symbols on tiles.
"""
from __future__ import annotations

from typing import Collection

from engines.base import ALT_LIMIT, TEXT_LIMIT, Region, Renderer
from engines.setup import rules
from engines.setup.models import SetupPrivateView, SetupPublicView
from i18n import t
from render.common import to_png
from render.setup.alt import board_words, hand_words
from render.setup.board import draw_board, lane_x, panel_of, static_board
from render.setup.geometry import (
    BOARD_Y,
    MIN_TEXT,
    PANEL_Y,
    WIDTH,
    board_height,
    hand_height,
    hand_sections,
    hand_tile_box,
    region,
    square_box,
)
from render.setup.hand import draw_hand
from render.setup.style import (
    BACKGROUND,
    FINISH_INK,
    HIGHLIGHT,
    PALETTE,
    PREVIEW,
    PUBLIC_FILL,
    SEAT_COLOURS,
    SEAT_TINTS,
    SUIT_COLOURS,
    draw_tile,
    palette,
    tile_sprite,
)

__all__ = ["BACKGROUND", "BOARD_Y", "FINISH_INK", "HIGHLIGHT", "MIN_TEXT", "PALETTE", "PANEL_Y", "PREVIEW",
           "PUBLIC_FILL", "SEAT_COLOURS", "SEAT_TINTS", "SUIT_COLOURS", "WIDTH", "SetupRenderer", "board_height", "draw_tile", "lane_x",
           "palette", "square_box", "static_board", "tile_sprite"]


class SetupRenderer(Renderer):
    def board_png(self, view: SetupPublicView, locale: str = "en", *,
                  highlight: Collection[str] = ()) -> bytes:
        """``highlight``: squares (e.g. "C1") the move builder outlines in yellow."""
        return to_png(draw_board(view, locale, highlight), palette())

    def hand_png(self, view: SetupPrivateView, locale: str = "en", *, highlight: Collection[str] = ()) -> bytes:
        """``highlight``: tiles (e.g. "★7") the move builder has chosen, outlined in yellow."""
        return to_png(draw_hand(view, locale, highlight), palette())

    # ---- sizes, without drawing ---------------------------------------------------
    def board_size(self, view: SetupPublicView, locale: str = "en") -> tuple[int, int]:
        return WIDTH, panel_of(view, locale).height

    def hand_size(self, view: SetupPrivateView, locale: str = "en") -> tuple[int, int]:
        return WIDTH, hand_height(len(hand_sections(view)))

    # ---- tap regions -----------------------------------------------------------
    def board_regions(self, view: SetupPublicView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        """Every square with the ring a preview draws around it."""
        return [region(sq.square, "square", square_box(sq.square)) for sq in view.squares]

    def hand_regions(self, view: SetupPrivateView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        """Every tile of the hand picture with its preview ring, by its text."""
        return [region(tile, kind, hand_tile_box(row, i))
                for row, (kind, tiles) in enumerate(hand_sections(view)) for i, tile in enumerate(tiles)]

    def hand_text(self, view: SetupPrivateView, locale: str = "en") -> str:
        """The tiles as text to copy into ``/setup play`` or ``/setup swap``."""
        def line(label: str, tiles: list[str]) -> str:
            return t("render.setup.text_label", locale, label=label, tiles=rules.plain(" ".join(tiles)))

        parts = [line(view.seat_label, view.hand), line(t("render.setup.text_common", locale), view.common)]
        if view.partner_hand is not None:
            parts.append(line(t("render.setup.text_partner", locale, label=view.partner_label), view.partner_hand))
        return " · ".join(parts)

    # ---- in words ---------------------------------------------------------------
    def board_alt(self, view: SetupPublicView, locale: str = "en") -> str:
        return board_words(view, locale, ALT_LIMIT)

    def hand_alt(self, view: SetupPrivateView, locale: str = "en") -> str:
        return hand_words(view, locale, ALT_LIMIT)

    def board_text(self, view: SetupPublicView, locale: str = "en") -> str:
        return board_words(view, locale, TEXT_LIMIT)

    def hand_text_full(self, view: SetupPrivateView, locale: str = "en") -> str:
        return hand_words(view, locale, TEXT_LIMIT)

