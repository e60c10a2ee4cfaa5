"""A SETUP hand picture: the player's tiles, a partner's (teams: a team's
shared picture names each row's player) and the common hand, one framed
row each with its title and what may be played from it."""
from __future__ import annotations

from typing import Callable, Collection

from PIL import Image, ImageDraw

from engines.setup.models import SetupPrivateView
from i18n import t
from render.common import draw_named, draw_text, text_width
from render.setup.geometry import (
    HAND_ROW,
    HAND_SLOTS,
    HAND_TOP,
    MIN_TEXT,
    RING,
    WIDTH,
    hand_height,
    hand_sections,
    hand_tile_box,
    ringed,
)
from render.setup.style import (
    BACKGROUND,
    DIM_TEXT,
    HIGHLIGHT,
    PREVIEW,
    PUBLIC_EDGE,
    SEAT_COLOURS,
    TEXT,
    draw_tile,
)

TITLE = 20
ROW_TITLE = 17
TEXT_LEFT = 20
TEXT_ROOM = WIDTH - TEXT_LEFT - 16


Named = tuple[Callable[[str], str], str]  # a text with a display name in it: make(name), and the name


def draw_hand(view: SetupPrivateView, locale: str, highlight: Collection[str] = ()) -> Image.Image:
    chosen = set(highlight)
    sections = hand_sections(view)
    image = Image.new("RGB", (WIDTH, hand_height(len(sections))), BACKGROUND)
    draw = ImageDraw.Draw(image)
    (make, name), squares, turn = hand_title(view, locale)
    draw_named(draw, (16, 10), make, name, TITLE, fill=HIGHLIGHT if turn else TEXT, bold=True, max_width=WIDTH - 32)
    draw_text(draw, (16, 40), squares, MIN_TEXT, fill=DIM_TEXT, max_width=WIDTH - 32)
    for row, (kind, tiles) in enumerate(sections):
        (make, name), colour, hints = row_words(view, kind, locale)
        y = HAND_TOP + row * HAND_ROW
        draw.rounded_rectangle((10, y - 4, WIDTH - 10, y + HAND_ROW - 12), radius=14, outline=colour, width=3)
        draw_named(draw, (TEXT_LEFT, y + 6), make, name, ROW_TITLE, fill=TEXT, bold=True, max_width=TEXT_ROOM)
        for i in range(HAND_SLOTS):
            box = hand_tile_box(row, i)
            if i < len(tiles):
                draw_tile(image, box, tiles[i])
                if tiles[i] in chosen:
                    draw.rounded_rectangle(ringed(box), radius=16, outline=PREVIEW, width=RING)
            else:
                draw.rounded_rectangle(box, radius=12, outline=DIM_TEXT, width=2)
        for k, (make, name) in enumerate(hints):
            draw_named(draw, (TEXT_LEFT, box[3] + 8 + k * (MIN_TEXT + 5)), make, name, MIN_TEXT, fill=DIM_TEXT,
                       max_width=TEXT_ROOM)
    return image


def _plain(text: str) -> Named:
    return (lambda _: text), ""


def hand_title(view: SetupPrivateView, locale: str) -> tuple[Named, str, bool]:
    """The title, the squares line and whether a turn is shown (a team's
    picture names whose turn it is; a player's says "your turn")."""
    title = t("render.setup.title", locale)
    allowed = " ".join(view.allowed_squares)
    if not view.shared:
        if view.your_turn:
            title += " · " + t("render.setup.your_turn", locale)
        return _plain(title), t("render.setup.squares", locale, squares=allowed), view.your_turn
    title += " · " + t("render.setup.team_hands", locale)
    to_play = view.seat_name if view.your_turn else view.partner_name if view.partner_turn else None
    note = t("render.setup.team_note", locale)
    if to_play is None:
        return _plain(title), note, False
    return (lambda n: title + " · " + t("render.setup.turn_of", locale, name=n), to_play.strip()), note, True


def row_words(view: SetupPrivateView, kind: str, locale: str) -> tuple[Named, tuple[int, int, int], list[Named]]:
    """A hand row's title, frame colour and hint (one or two lines)."""
    if view.shared and kind in ("tile", "partner"):
        seat, label, name, squares = (
            (view.seat, view.seat_label, view.seat_name, view.allowed_squares) if kind == "tile" else
            (view.partner_seat, view.partner_label, view.partner_name, view.partner_squares or []))
        assert seat is not None
        who = (name or label or "").strip()
        return (lambda n: f"{label} {n}".strip(), (name or "").strip()), SEAT_COLOURS[seat], \
            _hint_lines(t("render.setup.hint_only", locale, name="\x00", squares=" ".join(squares)), who)
    if kind == "tile":
        return (_plain(t("render.setup.your_hand", locale) + f"  {view.seat_label}"), SEAT_COLOURS[view.seat],
                [_plain(t("render.setup.hint_play", locale))])
    if kind == "partner":
        assert view.partner_seat is not None
        partner = (view.partner_name or "").strip() or view.partner_label or ""
        return ((lambda n: t("render.setup.partner", locale, name=f"{view.partner_label} {n}".strip()), partner),
                SEAT_COLOURS[view.partner_seat], [_plain(t("render.setup.hint_partner", locale))])
    return _plain(t("render.setup.common_hand", locale)), PUBLIC_EDGE, [_plain(t("render.setup.hint_common", locale))]


def _hint_lines(template: str, name: str) -> list[Named]:
    """A hint with a display name in it (``\x00`` marks where) on one line,
    or, too long for one, on two: split at its " · "."""
    def line(text: str) -> Named:
        return (lambda n: text.replace("\x00", n)), name if "\x00" in text else ""

    whole = template.replace("\x00", name)
    if text_width(whole, MIN_TEXT) <= TEXT_ROOM or " · " not in template:
        return [line(template)]
    first, _, second = template.partition(" · ")
    return [line(first), line(second)]
