"""Death Front: Blitzkrieg pictures: the board (public view) and a hand
(private view), in the viewer's language: card names from cards.toml,
keywords, ranges and legends from the ``render.deathfront`` catalogue, and
the players' display names in any script. Every faction colour comes with
its tag (US, UK, SS, WH / 美, 英, 党卫, 国防).

Drawn for a phone: the board is 784 px wide and its smallest text 18 px
(9 px when shown 400 px wide); the hand is two cards a row, 630 px wide,
text 16 px and up. A used (exhausted) unit gets a red corner and grey
stats, never hatching over its name.
"""
from __future__ import annotations

from typing import Collection

from engines.base import Renderer
from engines.deathfront.cards import card_name
from engines.deathfront.models import DeathFrontPrivateView, DeathFrontPublicView
from render.common import to_png
from render.deathfront.board import BoardPicture, grid_image, tile_sprite
from render.deathfront.hand import card_stats, draw_hand
from render.deathfront.style import (
    ATTACK_RED,
    CELL,
    FACTION_COLOUR,
    HEADER,
    MARGIN,
    MOVE_BLUE,
    PALETTE,
    PREVIEW,
    TERRITORY,
    USED_RED,
    palette,
)

__all__ = [
    "ATTACK_RED", "CELL", "FACTION_COLOUR", "HEADER", "MARGIN", "MOVE_BLUE", "PALETTE", "PREVIEW", "TERRITORY",
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

    def hand_text(self, view: DeathFrontPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        """One line per card: the id to type (autocomplete offers it too),
        the localized name and its attack/defence or kind."""
        return "\n".join(f"`{card.uid}` {card_name(card.id, locale)} · {card_stats(card, locale)}"
                         for card in view.hand)
