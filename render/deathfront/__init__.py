"""Death Front: Blitzkrieg pictures: the board (public view) and a hand
(private view), in the viewer's language: card names from cards.toml,
keywords, ranges and legends from the ``render.deathfront`` catalogue, and
the players' display names in any script. Every faction colour comes with
its tag (US, UK, SS, WH / 美, 英, 党卫, 国防).

Drawn for a phone: the board is 472 px wide (4 columns) or 576 (5), its
text 18 px, shrunk (to 14 px, 13 for the codes under a tile) or put on two
lines to fit, never cut (``fit.py``); the hand is two cards a row, 630 px
wide, text 16 px and up. Hands name cards, never their ids. A used (exhausted) unit gets a red corner and grey
stats, never hatching over its name.
"""
from __future__ import annotations

from collections import Counter
from typing import Collection

from engines.base import ALT_LIMIT, TEXT_LIMIT, Region, Renderer
from engines.deathfront.cards import card_name
from engines.deathfront.models import DeathFrontPrivateView, DeathFrontPublicView
from i18n import t
from render.common import to_png
from render.deathfront.alt import board_words, hand_words
from render.deathfront.board import BoardPicture, grid_image
from render.deathfront.hand import card_stats, cards_top, draw_hand, hand_regions, hand_size
from render.deathfront.style import (
    ATTACK_RED,
    CELL,
    FACTION_COLOUR,
    HEADER,
    MARGIN,
    MARGIN_X,
    MOVE_BLUE,
    PALETTE,
    PREVIEW,
    TERRITORY,
    USED_RED,
    palette,
)
from render.deathfront.tile import tile_sprite

__all__ = [
    "ATTACK_RED", "CELL", "FACTION_COLOUR", "HEADER", "MARGIN", "MARGIN_X", "MOVE_BLUE", "PALETTE", "PREVIEW", "TERRITORY",
    "USED_RED", "BoardPicture", "DeathFrontRenderer", "card_stats", "draw_hand", "grid_image", "palette",
    "tile_sprite",
]


class DeathFrontRenderer(Renderer):
    def board_png(self, view: DeathFrontPublicView, locale: str = "en", *,  # type: ignore[override]
                  highlight: Collection[str] = ()) -> bytes:
        """``highlight``: cells (e.g. "B4") the move builder outlines."""
        return to_png(BoardPicture(view, locale, set(highlight)).draw(), palette())

    def hand_png(self, view: DeathFrontPrivateView, locale: str = "en", *,  # type: ignore[override]
                 highlight: Collection[str] = ()) -> bytes:
        """``highlight``: card uids the move builder outlines."""
        return to_png(draw_hand(view, locale, set(highlight)), palette())

    def board_regions(self, view: DeathFrontPublicView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        return BoardPicture(view, locale).regions()

    def hand_regions(self, view: DeathFrontPrivateView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        return hand_regions(view)

    def board_size(self, view: DeathFrontPublicView, locale: str = "en") -> tuple[int, int]:
        """The size ``board_png`` draws, from the same layout, without drawing."""
        picture = BoardPicture(view, locale)
        return picture.width, picture.height

    def hand_size(self, view: DeathFrontPrivateView, locale: str = "en") -> tuple[int, int]:
        return hand_size(len(view.hand), cards_top(view))

    def hand_text(self, view: DeathFrontPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        """One line per kind of card: its name in the reader's language (typed
        commands take names), how many copies, and what it does."""
        counts = Counter(card.id for card in view.hand)
        lines: dict[str, str] = {}
        for card in view.hand:
            if card.id not in lines:
                name = card_name(card.id, locale)
                if counts[card.id] > 1:
                    name += " " + t("deathfront.label.copies", locale, n=counts[card.id])
                lines[card.id] = f"**{name}** · {card_stats(card, locale)}"
        return "\n".join(lines.values())

    def board_alt(self, view: DeathFrontPublicView, locale: str = "en") -> str:  # type: ignore[override]
        return board_words(view, locale, ALT_LIMIT)

    def hand_alt(self, view: DeathFrontPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return hand_words(view, locale, ALT_LIMIT)

    def board_text(self, view: DeathFrontPublicView, locale: str = "en") -> str:  # type: ignore[override]
        return board_words(view, locale, TEXT_LIMIT)

    def hand_text_full(self, view: DeathFrontPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return hand_words(view, locale, TEXT_LIMIT)
