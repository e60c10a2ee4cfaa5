"""CUBED pictures: the public board (``board``), a player's whole hand
(``hand``), over the palette and sprites in ``sprites``. Every face carries
its colour's letter in the reader's language besides its colour."""
from __future__ import annotations

from typing import Collection

from PIL import Image

from engines.base import ALT_LIMIT, TEXT_LIMIT, Region, Renderer
from engines.cubed.models import CubedPrivateView, CubedPublicView
from render.common import to_png
from render.cubed.alt import board_words, hand_words
from render.cubed.board import BoardLayout, board_image, board_regions, board_size, seat_name, seat_tag
from render.cubed.hand import hand_image, hand_layout, hand_regions
from render.cubed.sprites import (
    BOARD_SIZE,
    FACE_FILLS,
    FITS,
    HIGHLIGHT,
    PALETTE,
    PALETTE_SPEC,
    PREVIEW,
    RECENT,
    cell_sprite,
    cube_sprite,
    fixed_palette,
)

__all__ = ["BoardLayout", "CubedRenderer", "FACE_FILLS", "FITS", "HIGHLIGHT", "PALETTE", "PALETTE_SPEC", "PREVIEW",
           "RECENT", "cell_sprite", "cube_sprite", "fixed_palette", "hand_layout", "seat_name", "seat_tag"]


def _encode(image: Image.Image) -> bytes:
    """A palette PNG over CUBED's fixed palette."""
    return to_png(image, fixed_palette())


class CubedRenderer(Renderer):
    def board_png(self, view: CubedPublicView, locale: str = "en", *,  # type: ignore[override]
                  highlight: Collection[tuple[int, int]] = (),
                  ghost: tuple[tuple[str, str, str], tuple[int, int]] | None = None) -> bytes:
        """``highlight``: cells ``(q, r)`` the move builder outlines (e.g. every
        legal cell); ``ghost``: a piece's shown faces (top, right, left) and the
        cell where it is drawn half transparent (the previewed placement)."""
        if isinstance(view, dict):
            view = CubedPublicView.model_validate(view)
        return _encode(self.board_image(view, locale, highlight=highlight, ghost=ghost))

    def board_image(self, view: CubedPublicView, locale: str = "en", *,
                    highlight: Collection[tuple[int, int]] = (),
                    ghost: tuple[tuple[str, str, str], tuple[int, int]] | None = None) -> Image.Image:
        return board_image(view, locale, highlight=highlight, ghost=ghost)

    def hand_png(self, view: CubedPrivateView, locale: str = "en", *,  # type: ignore[override]
                 highlight: Collection[str] = ()) -> bytes:
        """The whole hand in one picture; ``highlight``: piece ids the move
        builder outlines."""
        if isinstance(view, dict):
            view = CubedPrivateView.model_validate(view)
        return _encode(self.hand_image(view, locale, highlight=highlight))

    def hand_image(self, view: CubedPrivateView, locale: str = "en", *,
                   highlight: Collection[str] = ()) -> Image.Image:
        return hand_image(view, locale, highlight=highlight)

    def board_regions(self, view: CubedPublicView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        return board_regions(_public(view))

    def hand_regions(self, view: CubedPrivateView, locale: str = "en") -> list[Region]:  # type: ignore[override]
        return hand_regions(_private(view), locale)

    def board_size(self, view: CubedPublicView, locale: str = "en") -> tuple[int, int]:
        """The size ``board_png`` draws (no highlight), without drawing."""
        return board_size(_public(view), locale)

    def hand_size(self, view: CubedPrivateView, locale: str = "en") -> tuple[int, int]:
        return BOARD_SIZE, hand_layout(_private(view), locale).height

    def hand_text(self, view: CubedPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return " ".join(f"`{p.id}`" for p in view.hand)

    def board_alt(self, view: CubedPublicView, locale: str = "en") -> str:  # type: ignore[override]
        return board_words(_public(view), locale, ALT_LIMIT)

    def hand_alt(self, view: CubedPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return hand_words(_private(view), locale, ALT_LIMIT)

    def board_text(self, view: CubedPublicView, locale: str = "en") -> str:  # type: ignore[override]
        return board_words(_public(view), locale, TEXT_LIMIT)

    def hand_text_full(self, view: CubedPrivateView, locale: str = "en") -> str:  # type: ignore[override]
        return hand_words(_private(view), locale, TEXT_LIMIT)


def _public(view: CubedPublicView | dict) -> CubedPublicView:
    return view if isinstance(view, CubedPublicView) else CubedPublicView.model_validate(view)


def _private(view: CubedPrivateView | dict) -> CubedPrivateView:
    return view if isinstance(view, CubedPrivateView) else CubedPrivateView.model_validate(view)
