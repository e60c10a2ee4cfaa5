"""Take-away's pictures: the pile as counters (taken ones hollow), each
player's played cards and hidden card backs; a hand as its cards. Every
word comes from the catalogue (``toy.render.*``)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engines.base import Renderer
from i18n import t
from render.common import draw_text, to_png
from tests.support.toy.engine import ToyPrivateView, ToyPublicView

WIDTH, PER_ROW, DOT = 400, 15, 24
INK, PAPER, COUNTER, CARD, BACK, GOLD = (30, 30, 40), (250, 247, 238), (200, 70, 50), (255, 255, 255), \
    (70, 90, 160), (230, 180, 40)


def card(draw: ImageDraw.ImageDraw, x: int, y: int, value: int | None, size: int = 26) -> None:
    """A card face with its number, or (value None) a face-down back."""
    box = (x, y, x + size, y + size * 4 // 3)
    draw.rounded_rectangle(box, radius=4, fill=BACK if value is None else CARD, outline=INK)
    if value is not None:
        draw_text(draw, (x + size / 2, y + size * 2 / 3), str(value), size * 2 // 3, fill=INK, anchor="mm")


class ToyRenderer(Renderer):
    def board_png(self, view: ToyPublicView, locale: str = "en") -> bytes:
        rows = -(-view.start // PER_ROW)
        top = 44 + rows * DOT
        image = Image.new("RGB", (WIDTH, top + 56 * len(view.names) + 8), PAPER)
        draw = ImageDraw.Draw(image)
        draw_text(draw, (12, 12), t("toy.render.pile", locale, left=view.pile, start=view.start), 18, fill=INK)
        draw_text(draw, (WIDTH - 12, 14), t("toy.render.deck", locale, n=view.deck_count), 14, fill=INK, anchor="ra")
        for i in range(view.start):
            x, y = 14 + (i % PER_ROW) * DOT, 40 + (i // PER_ROW) * DOT
            draw.ellipse((x, y, x + DOT - 6, y + DOT - 6), outline=COUNTER, width=2,
                         fill=COUNTER if i < view.pile else None)
        for seat, name in enumerate(view.names):
            y = top + 56 * seat
            mark = "▶ " if view.turn == seat else "★ " if view.winner == seat else ""
            note = t("toy.render.wins", locale) if view.winner == seat else \
                t("toy.render.took", locale, n=sum(view.played[seat]))
            draw_text(draw, (12, y + 6), mark + name, 16, fill=GOLD if view.winner == seat else INK, max_width=150)
            draw_text(draw, (12, y + 28), note, 14, fill=INK, max_width=150)
            x = 170
            for value in view.played[seat]:
                card(draw, x, y + 4, value)
                x += 30
            for _ in range(view.hand_counts[seat]):
                card(draw, x + 8, y + 4, None)
                x += 30
        return to_png(image)

    def hand_png(self, view: ToyPrivateView, locale: str = "en") -> bytes:
        image = Image.new("RGB", (300, 110), PAPER)
        draw = ImageDraw.Draw(image)
        draw_text(draw, (12, 10), t("toy.render.hand", locale), 16, fill=INK)
        for i, value in enumerate(view.hand):
            card(draw, 12 + 60 * i, 36, value, size=40)
        return to_png(image)

    def hand_text(self, view: ToyPrivateView, locale: str = "en") -> str:
        return t("toy.hand.text", locale, cards=" ".join(f"[{c}]" for c in view.hand))

    def board_alt(self, view: ToyPublicView, locale: str = "en") -> str:
        players = ", ".join(t("toy.render.alt_player", locale, name=name, n=sum(view.played[seat]),
                              hand=view.hand_counts[seat]) for seat, name in enumerate(view.names))
        return "\n".join([t("toy.render.pile", locale, left=view.pile, start=view.start),
                          t("toy.render.deck", locale, n=view.deck_count), players])

    def hand_alt(self, view: ToyPrivateView, locale: str = "en") -> str:
        return self.hand_text(view, locale)
