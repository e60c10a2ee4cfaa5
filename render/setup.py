"""SETUP pictures: the board with the score track, and a private hand.

Drawn for a phone: 600 px wide, portrait, every text at least 14 px (9 px
when the picture is shown 400 px wide). Words come from the ``render.setup``
catalogue in the viewer's language; players' display names are drawn in any
script. Every colour has a second cue: seat labels (P1.., A1..) on squares,
pawns and score rows; suit symbols on tiles.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Collection

from PIL import Image, ImageDraw

from engines.base import ALT_LIMIT, TEXT_LIMIT, Region, Renderer
from engines.setup import rules
from engines.setup.models import SetupPrivateView, SetupPublicView
from i18n import t
from render.cache import MB, bounded
from render.common import draw_text, fit_name, note_text, text_width, to_png, wrap_text
from render.palette import PaletteSpec, palette_image
from render.setup_alt import board_words, hand_words
from render.setup_geometry import (
    BOARD_X,
    BOARD_Y,
    CELL,
    HAND_ROW,
    HAND_SLOTS,
    HAND_TOP,
    RING,
    hand_sections,
    hand_tile_box,
    region,
    ringed,
    square_box,
)

SEAT_COLOURS = [(214, 69, 69), (142, 91, 214), (222, 172, 0), (63, 158, 77)]  # red, purple, yellow, green
SUIT_COLOURS = {
    "★": (184, 134, 11),  # gold
    "♥": (214, 40, 40),  # red
    "♦": (31, 95, 214),  # blue
    "♣": (30, 140, 58),  # green
    "♠": (123, 63, 191),  # violet
}
BACKGROUND = (34, 40, 49)
BOARD = (44, 62, 80)
LINE = (245, 245, 245)
PUBLIC_FILL = (214, 219, 226)
PUBLIC_EDGE = (150, 160, 172)
TILE_FACE = (252, 248, 236)
TILE_EDGE = (120, 110, 90)
TEXT = (236, 239, 244)
DIM_TEXT = (170, 180, 194)
HIGHLIGHT = (0, 229, 255)
PREVIEW = (255, 214, 0)  # the ``highlight`` overlay of the move builder
FINISH_INK = (255, 90, 90)
FINISH_FILL = (110, 40, 48)
STACK_FILL = (58, 66, 80)

WIDTH = 600
PANEL_Y = BOARD_Y + 4 * CELL + 14
PLAYER_ROW = 38
TRACK_CELLS_PER_ROW = 10
TRACK_CELL = (WIDTH - 48) // TRACK_CELLS_PER_ROW
TRACK_ROW_H = 66
MIN_TEXT = 14


DARK_INK = (30, 30, 30)  # on a light seat colour (yellow)
WHITE = (255, 255, 255)
SQUARE_INK = (40, 48, 60)
TRACK_FILL, TRACK_FIVE = (52, 60, 72), (66, 76, 90)
SCORED_EDGE = (0, 90, 110)
SQUARE_TINT = 0.55


def _tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """Mix ``colour`` with white (amount 0 = colour, 1 = white)."""
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


SEAT_TINTS = [_tint(c, SQUARE_TINT) for c in SEAT_COLOURS]
PALETTE = PaletteSpec(
    exact=[BACKGROUND, BOARD, LINE, PUBLIC_FILL, PUBLIC_EDGE, TILE_FACE, TILE_EDGE, TEXT, DIM_TEXT, HIGHLIGHT,
           PREVIEW, FINISH_INK, FINISH_FILL, STACK_FILL, DARK_INK, WHITE, SQUARE_INK, TRACK_FILL, TRACK_FIVE,
           SCORED_EDGE, *SEAT_COLOURS, *SEAT_TINTS, *SUIT_COLOURS.values()],
    inks=[TEXT, DIM_TEXT, HIGHLIGHT, PREVIEW, FINISH_INK, DARK_INK, WHITE, SQUARE_INK, LINE, TILE_EDGE, PUBLIC_EDGE,
          SCORED_EDGE, *SUIT_COLOURS.values(), *SEAT_COLOURS],
    grounds=[BACKGROUND, BOARD, PUBLIC_FILL, TILE_FACE, TRACK_FILL, TRACK_FIVE, FINISH_FILL, STACK_FILL,
             *SEAT_COLOURS, *SEAT_TINTS],
)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """SETUP's fixed palette (``render.palette``), built once per process."""
    return palette_image(PALETTE.colours())


def _centre(square: str) -> tuple[int, int]:
    x0, y0, x1, y1 = square_box(square)
    return (x0 + x1) // 2, (y0 + y1) // 2


def _track_top(num_players: int) -> int:
    return PANEL_Y + 150 + PLAYER_ROW * num_players + 120


def track_rows(finish: int) -> int:
    """Rows of the score track: spaces 0 to the finish line, ten a row."""
    return min(finish, rules.TRACK_LENGTH) // TRACK_CELLS_PER_ROW + 1


def board_height(num_players: int, finish: int = rules.TRACK_LENGTH) -> int:
    return _track_top(num_players) + 34 + track_rows(finish) * TRACK_ROW_H + 12


def track_cell(space: int, num_players: int = 4) -> tuple[int, int, int, int]:
    row, col = divmod(space, TRACK_CELLS_PER_ROW)
    x = 24 + col * TRACK_CELL
    y = _track_top(num_players) + 34 + row * TRACK_ROW_H
    return x, y, x + TRACK_CELL - 3, y + TRACK_ROW_H - 6


def draw_tile(image: Image.Image, box: tuple[int, int, int, int], tile: str) -> None:
    """A face-up tile: suit symbol over the number, both in the suit colour
    (a cached sprite: the same pixels as drawing it here, as Pillow's shapes
    have hard edges)."""
    x0, y0, x1, _ = box
    sprite = tile_sprite(tile, x1 - x0)
    image.paste(sprite, (x0, y0), sprite)
    size = x1 - x0
    note_text(max(MIN_TEXT, int(size * 0.42)), rules.tile_suit(tile))  # drawn once, shown on every picture
    note_text(max(MIN_TEXT, int(size * 0.40)), str(rules.tile_number(tile)))


@bounded("setup tiles", max_items=512, max_bytes=16 * MB)
def tile_sprite(tile: str, size: int) -> Image.Image:
    """A tile ``size`` px square, transparent outside its rounded corners."""
    image = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size, size), radius=size // 8, fill=TILE_FACE, outline=TILE_EDGE, width=2)
    colour = SUIT_COLOURS[rules.tile_suit(tile)]
    cx = size // 2
    draw_text(draw, (cx, size * 0.30), rules.tile_suit(tile), max(MIN_TEXT, int(size * 0.42)), fill=colour,
              anchor="mm")
    draw_text(draw, (cx, size * 0.72), str(rules.tile_number(tile)), max(MIN_TEXT, int(size * 0.40)),
              fill=colour, anchor="mm", bold=True)
    return image


def _pill(image: Image.Image, xy: tuple[int, int], text: str, colour, size: int = 15) -> int:
    """A seat label in white on the seat colour (dark text on yellow); returns its width."""
    sprite = pill_sprite(text, tuple(colour), size)
    image.paste(sprite, xy, sprite)
    note_text(size, text)
    return sprite.width - 1


@bounded("setup labels", max_items=512, max_bytes=4 * MB)
def pill_sprite(text: str, colour: tuple[int, int, int], size: int) -> Image.Image:
    width = int(text_width(text, size, True)) + 12
    image = Image.new("RGBA", (width + 1, size + 9), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width, size + 8), radius=(size + 8) // 2, fill=colour)
    ink = DARK_INK if sum(colour) > 500 else WHITE
    draw_text(draw, (width / 2, (size + 8) / 2), text, size, fill=ink, anchor="mm", bold=True)
    return image


@bounded("setup pawns", max_items=256, max_bytes=2 * MB)
def pawn_sprite(label: str, seat: int) -> Image.Image:
    """A seat's pawn on the score track: a 27 px disc with its label."""
    image = Image.new("RGBA", (27, 27), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, 26, 26), fill=SEAT_COLOURS[seat], outline=TEXT, width=2)
    draw_text(draw, (13, 13), label, MIN_TEXT, fill=DARK_INK if seat == 2 else WHITE, anchor="mm", bold=True)
    return image


def _stack_badge(draw: ImageDraw.ImageDraw, right: int, bottom: int, count: int) -> None:
    """Tiles underneath: a little pile of cards and the count, in grey (not a +N that reads as points)."""
    label = f"×{count}"
    w = int(text_width(label, 15, True)) + 30
    x0, y0 = right - w, bottom - 24
    draw.rounded_rectangle((x0, y0, right, bottom), radius=6, fill=STACK_FILL)
    _stack_icon(draw, x0 + 5, y0 + 5)
    draw_text(draw, (right - 4, y0 + 12), label, 15, fill=TEXT, anchor="rm", bold=True)


def _stack_icon(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    for k in range(3):
        draw.rectangle((x + k * 3, y + 8 - k * 4, x + k * 3 + 10, y + 14 - k * 4), fill=TILE_FACE, outline=STACK_FILL)


def seat_name(view: SetupPublicView, seat: int, locale: str) -> str:
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    return name or t("render.common.player", locale, n=seat + 1)


@bounded("setup boards", max_items=64, max_bytes=48 * MB)
def _static_board(num_players: int, labels: tuple[str, ...], locale: str, finish: int) -> Image.Image:
    """Everything that does not change during a game: lines, squares, the
    track grid up to the finish line."""
    image = Image.new("RGB", (WIDTH, board_height(num_players, finish)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((BOARD_X - 8, BOARD_Y - 8, BOARD_X + 4 * CELL + 8, BOARD_Y + 4 * CELL + 8),
                           radius=18, fill=BOARD)
    for a, b in rules.LINES:
        draw.line([_centre(a), _centre(b)], fill=LINE, width=5)
    owners = rules.square_owners(num_players)
    for square in rules.SQUARES:
        owner = owners[square]
        box = square_box(square)
        if owner is None:
            draw.rounded_rectangle(box, radius=12, fill=PUBLIC_FILL, outline=PUBLIC_EDGE, width=3)
        else:
            colour = SEAT_COLOURS[owner]
            draw.rounded_rectangle(box, radius=12, fill=SEAT_TINTS[owner], outline=colour, width=5)
            label = labels[owner]
            _pill(image, (box[2] - int(text_width(label, 14, True)) - 20, box[1] + 6), label, colour, 14)
        draw_text(draw, (box[0] + 11, box[1] + 8), square, 16, fill=SQUARE_INK, bold=True)  # inside a preview's rings
    top = _track_top(num_players)
    draw_text(draw, (24, top), t("render.setup.score_track", locale), 16, fill=DIM_TEXT, bold=True)
    for space in range(min(finish, rules.TRACK_LENGTH) + 1):
        x0, y0, x1, y1 = track_cell(space, num_players)
        draw.rectangle((x0, y0, x1, y1), fill=TRACK_FILL if space % 5 else TRACK_FIVE)
        if space < min(finish, rules.TRACK_LENGTH):  # the finish space: numbered in red by _draw_track
            draw_text(draw, (x0 + 4, y0 + 2), str(space), MIN_TEXT, fill=DIM_TEXT)
    return image


class SetupRenderer(Renderer):
    def board_png(self, view: SetupPublicView, locale: str = "en", *,
                  highlight: Collection[str] = ()) -> bytes:
        """``highlight``: squares (e.g. "C1") the move builder outlines in yellow."""
        image = _static_board(view.num_players, tuple(view.seat_labels), locale, view.finish).copy()
        draw = ImageDraw.Draw(image)
        self._draw_header(image, draw, view, locale)
        self._draw_squares(image, draw, view, set(highlight))
        y = self._draw_common(image, draw, view, locale)
        y = self._draw_players(image, draw, view, locale, y)
        self._draw_last_move(image, draw, view, locale, y)
        self._draw_track(image, draw, view, locale)
        return to_png(image, palette())

    # ---- board parts -------------------------------------------------------
    def _draw_header(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                     view: SetupPublicView, locale: str) -> None:
        draw_text(draw, (24, 12), t("render.setup.title", locale), 26, fill=TEXT, bold=True)
        mode = (t("render.setup.mode_teams", locale) if view.mode == "teams"
                else t("render.setup.mode_players", locale, n=view.num_players))
        sub = f"{mode} · {t('render.setup.finish', locale, n=view.finish)}"
        if not view.finished:
            sub += f" · {t('render.setup.move', locale, n=view.move_number + 1)}"
        draw_text(draw, (24, 54), sub, 15, fill=DIM_TEXT)
        right = WIDTH - 24
        if view.finished:
            winners = [s for s, rank in enumerate(view.ranks or []) if rank == 1]
            if len(winners) == view.num_players:
                text = t("render.setup.over_tie", locale)
            elif view.teams is not None:
                text = t("render.setup.over_team", locale, team=view.seat_labels[winners[0]][0])
            else:
                names = " + ".join(seat_name(view, s, locale) for s in winners)
                text = fit_name(lambda n: t("render.setup.over_winner", locale, names=n), names, 18, 320, bold=True)
            draw_text(draw, (right, 20), text, 18, fill=HIGHLIGHT, anchor="ra", bold=True, max_width=320)
        elif view.to_act is not None:
            seat = view.to_act
            name = seat_name(view, seat, locale)
            draw_text(draw, (right, 58), name, 16, fill=TEXT, anchor="ra", bold=True, max_width=250)
            label = view.seat_labels[seat]
            w = int(text_width(label, 18, True)) + 12
            _pill(image, (right - w, 16), label, SEAT_COLOURS[seat], 18)
            draw_text(draw, (right - w - 8, 29), t("render.setup.to_play", locale), 18, fill=TEXT, anchor="rm",
                      bold=True)

    def _draw_squares(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                      view: SetupPublicView, highlight: set[str]) -> None:
        last = view.last_move
        placed = {sq for _, sq in last.placements} if last and last.kind == "play" else set()
        scoring = set(last.scoring_squares) if last else set()
        for sq in view.squares:
            x0, y0, x1, y1 = square_box(sq.square)
            if sq.square in placed:
                draw.rounded_rectangle(ringed((x0, y0, x1, y1)), radius=15, outline=HIGHLIGHT, width=RING)
            if sq.square in highlight:
                draw.rounded_rectangle(ringed((x0, y0, x1, y1)), radius=15, outline=PREVIEW, width=RING)
            if sq.top is None:
                continue
            draw_tile(image, (x0 + 20, y0 + 30, x0 + 20 + 62, y0 + 30 + 62), sq.top)
            if sq.square in scoring:  # a small marker on tiles that scored last move
                draw.ellipse((x0 + 6, y1 - 20, x0 + 18, y1 - 8), fill=HIGHLIGHT, outline=SCORED_EDGE)
            if sq.under:
                _stack_badge(draw, x1 - 4, y1 - 4, sq.under)

    def _draw_common(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                     view: SetupPublicView, locale: str) -> int:
        x, y = 24, PANEL_Y
        draw_text(draw, (x, y), t("render.setup.common_hand", locale), 16, fill=DIM_TEXT, bold=True)
        draw_text(draw, (WIDTH - 24, y), t("render.setup.bag", locale, n=view.bag_count), 16, fill=DIM_TEXT,
                  bold=True, anchor="ra")
        for i in range(rules.COMMON_SIZE):
            box = (x + i * 78, y + 26, x + i * 78 + 70, y + 96)
            if i < len(view.common):
                draw_tile(image, box, view.common[i])
            else:
                draw.rounded_rectangle(box, radius=10, outline=DIM_TEXT, width=2)
        # what the grey pile badge means
        _stack_icon(draw, x + 4 * 78 + 10, y + 48)
        legend = t("render.setup.under_legend", locale)
        for k, line in enumerate(wrap_text(legend, 14, WIDTH - (x + 4 * 78 + 36) - 20, max_lines=3)):
            draw_text(draw, (x + 4 * 78 + 34, y + 36 + k * 18), line, 14, fill=DIM_TEXT)
        return y + 110

    def _draw_players(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                      view: SetupPublicView, locale: str, y: int) -> int:
        x = 24
        draw_text(draw, (x, y), t("render.setup.players", locale), 16, fill=DIM_TEXT, bold=True)
        draw_text(draw, (WIDTH - 84, y + 2), t("render.setup.col_score", locale), 14, fill=DIM_TEXT, anchor="ra")
        draw_text(draw, (WIDTH - 24, y + 2), t("render.setup.col_hand", locale), 14, fill=DIM_TEXT, anchor="ra")
        y += 28
        order = sorted(range(view.num_players), key=lambda s: view.turn_order.index(s))
        for seat in order:
            colour = SEAT_COLOURS[seat]
            mid = y + PLAYER_ROW // 2 - 3
            if seat == view.to_act:
                draw.rounded_rectangle((x - 6, y - 4, WIDTH - 14, y + PLAYER_ROW - 6), radius=8, outline=HIGHLIGHT,
                                       width=3)
                draw_text(draw, (x + 2, mid), "▶", 16, fill=HIGHLIGHT, anchor="lm")
            w = _pill(image, (x + 22, mid - 12), view.seat_labels[seat], colour, 16)
            nx = x + 22 + w + 8
            extra = ""
            if view.ranks is not None:
                extra = f"#{view.ranks[seat]} "
            if view.teams is not None:
                extra += t("render.setup.team", locale, team="AB"[view.teams[seat]]) + " "
            if extra:
                nx += int(draw_text(draw, (nx, mid), extra, 15, fill=DIM_TEXT, anchor="lm", bold=True))
            draw_text(draw, (nx, mid), seat_name(view, seat, locale), 17, fill=TEXT, anchor="lm",
                      max_width=WIDTH - 130 - nx)
            draw_text(draw, (WIDTH - 84, mid), str(view.scores[seat]), 22, fill=TEXT, anchor="rm", bold=True)
            draw_text(draw, (WIDTH - 24, mid), str(view.hand_counts[seat]), 17, fill=DIM_TEXT, anchor="rm")
            y += PLAYER_ROW
        return y + 8

    def _draw_last_move(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                        view: SetupPublicView, locale: str, y: int) -> None:
        last = view.last_move
        if last is None:
            return
        x = 24
        draw_text(draw, (x, y), t("render.setup.last_move", locale), 16, fill=DIM_TEXT, bold=True)
        y += 26
        w = _pill(image, (x, y), view.seat_labels[last.seat], SEAT_COLOURS[last.seat], 16)
        if last.kind == "swap":
            draw_text(draw, (x + w + 8, y + 12), t("render.setup.swapped", locale, n=last.swapped), 17, fill=TEXT,
                      anchor="lm")
            return
        px = x + w + 8
        px += int(draw_text(draw, (px, y + 12), t("render.setup.points", locale, n=last.points), 18,
                            fill=HIGHLIGHT, anchor="lm", bold=True)) + 14
        line = ", ".join(f"{tile} {sq}" for tile, sq in last.placements)
        draw_text(draw, (px, y + 12), line, 17, fill=TEXT, anchor="lm", max_width=WIDTH - 24 - px)
        y += 32
        for seat, points in last.bonuses.items():
            w = _pill(image, (x, y), view.seat_labels[seat], SEAT_COLOURS[seat], 14)
            draw_text(draw, (x + w + 8, y + 11), t("render.setup.bonus", locale, n=points), 16, fill=TEXT,
                      anchor="lm")
            y += 28

    def _draw_track(self, image: Image.Image, draw: ImageDraw.ImageDraw,
                    view: SetupPublicView, locale: str) -> None:
        n = view.num_players
        finish = min(view.finish, rules.TRACK_LENGTH)
        x0, y0, x1, y1 = track_cell(finish, n)
        draw.rectangle((x0, y0, x1, y1), fill=FINISH_FILL)
        draw_text(draw, (x0 + 4, y0 + 2), str(finish), MIN_TEXT, fill=FINISH_INK, bold=True)
        draw.line([(x0 - 2, y0 - 4), (x0 - 2, y1 + 4)], fill=FINISH_INK, width=5)
        draw_text(draw, (WIDTH - 24, _track_top(n)), t("render.setup.finish_line", locale, n=view.finish), 16,
                  fill=FINISH_INK, anchor="ra", bold=True)
        by_space: dict[int, list[int]] = {}
        for seat, score in enumerate(view.scores):
            by_space.setdefault(min(score, finish), []).append(seat)
        for space, seats in by_space.items():
            cx0, cy0, cx1, _ = track_cell(space, n)
            for i, seat in enumerate(seats):
                px = cx0 + 1 + (i % 2) * 26
                py = cy0 + 16 + (i // 2) * 22 - (6 if len(seats) > 2 else 0)
                pawn = pawn_sprite(view.seat_labels[seat], seat)
                image.paste(pawn, (px, py), pawn)
                note_text(MIN_TEXT, view.seat_labels[seat])

    # ---- hand ------------------------------------------------------------------
    def hand_png(self, view: SetupPrivateView, locale: str = "en", *, highlight: Collection[str] = ()) -> bytes:
        """``highlight``: tiles (e.g. "★7") the move builder has chosen, outlined in yellow."""
        chosen = set(highlight)
        sections = hand_sections(view)
        width, height = self.hand_size(view)
        image = Image.new("RGB", (width, height), BACKGROUND)
        draw = ImageDraw.Draw(image)
        title, squares, turn = self._hand_title(view, locale)
        draw_text(draw, (24, 14), title, 26, fill=HIGHLIGHT if turn else TEXT, bold=True, max_width=width - 48)
        draw_text(draw, (24, 54), squares, 16, fill=DIM_TEXT, max_width=width - 48)
        for row, (kind, tiles) in enumerate(sections):
            label, colour, hint = self._hand_row_words(view, kind, locale)
            y = HAND_TOP + row * HAND_ROW
            draw.rounded_rectangle((12, y - 4, width - 12, y + HAND_ROW - 14), radius=14, outline=colour, width=3)
            draw_text(draw, (28, y + 6), label, 18, fill=TEXT, bold=True, max_width=width - 56)
            for i in range(HAND_SLOTS):
                box = hand_tile_box(row, i)
                if i < len(tiles):
                    draw_tile(image, box, tiles[i])
                    if tiles[i] in chosen:
                        draw.rounded_rectangle(ringed(box), radius=16, outline=PREVIEW, width=RING)
                else:
                    draw.rounded_rectangle(box, radius=12, outline=DIM_TEXT, width=2)
            draw_text(draw, (28, box[3] + 8), hint, 15, fill=DIM_TEXT, max_width=width - 56)
        return to_png(image, palette())

    @staticmethod
    def _hand_title(view: SetupPrivateView, locale: str) -> tuple[str, str, bool]:
        """The title, the squares line and whether a turn is shown (a team's
        picture names whose turn it is; a player's says "your turn")."""
        title = t("render.setup.title", locale)
        allowed = " ".join(view.allowed_squares)
        if not view.shared:
            if view.your_turn:
                title += " · " + t("render.setup.your_turn", locale)
            return title, t("render.setup.squares", locale, squares=allowed), view.your_turn
        title += " · " + t("render.setup.team_hands", locale)
        to_play = view.seat_name if view.your_turn else view.partner_name if view.partner_turn else None
        if to_play is not None:
            title += " · " + t("render.setup.turn_of", locale, name=to_play.strip())
        return title, t("render.setup.team_note", locale), to_play is not None

    @staticmethod
    def _hand_row_words(view: SetupPrivateView, kind: str, locale: str) -> tuple[str, tuple[int, int, int], str]:
        """A hand row's title, frame colour and hint."""
        if view.shared and kind in ("tile", "partner"):
            seat, label, name, squares = (
                (view.seat, view.seat_label, view.seat_name, view.allowed_squares) if kind == "tile" else
                (view.partner_seat, view.partner_label, view.partner_name, view.partner_squares or []))
            assert seat is not None
            shown = fit_name(lambda n: f"{label} {n}".strip(), (name or "").strip(), 18, WIDTH - 56, bold=True)
            hint = fit_name(lambda n: t("render.setup.hint_only", locale, name=n, squares=" ".join(squares)),
                            (name or label or "").strip(), 15, WIDTH - 56)
            return shown, SEAT_COLOURS[seat], hint
        if kind == "tile":
            return (t("render.setup.your_hand", locale) + f"  {view.seat_label}", SEAT_COLOURS[view.seat],
                    t("render.setup.hint_play", locale))
        if kind == "partner":
            assert view.partner_seat is not None
            partner = (view.partner_name or "").strip() or view.partner_label or ""
            label = fit_name(lambda n: t("render.setup.partner", locale, name=f"{view.partner_label} {n}".strip()),
                             partner, 18, WIDTH - 56, bold=True)
            return label, SEAT_COLOURS[view.partner_seat], t("render.setup.hint_partner", locale)
        return t("render.setup.common_hand", locale), PUBLIC_EDGE, t("render.setup.hint_common", locale)

    # ---- tap regions -----------------------------------------------------------
    def board_size(self, view: SetupPublicView, locale: str = "en") -> tuple[int, int]:
        return WIDTH, board_height(view.num_players, view.finish)  # the size board_png draws, without drawing

    def hand_size(self, view: SetupPrivateView, locale: str = "en") -> tuple[int, int]:
        return WIDTH, HAND_TOP + HAND_ROW * len(hand_sections(view))

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
