"""SETUP pictures: the board with the score track, and a private hand.

Only symbols, digits and Latin labels are drawn (no player names, which may
be CJK). Every colour has a second cue: seat labels (P1.., A1..) on squares,
pawns and score rows; suit symbols on tiles.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import Renderer
from engines.setup import rules
from engines.setup.models import SetupPrivateView, SetupPublicView
from render.common import font, to_png

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
DIM_TEXT = (160, 170, 184)
HIGHLIGHT = (0, 229, 255)
FINISH_INK = (255, 90, 90)
FINISH_FILL = (110, 40, 48)

WIDTH, HEIGHT = 960, 850
CELL, SQUARE = 132, 116  # board grid pitch and square size
BOARD_X, BOARD_Y = 28, 78
PANEL_X = BOARD_X + 4 * CELL + 24
TRACK_Y = BOARD_Y + 4 * CELL + 20
TRACK_CELLS_PER_ROW = 17
TRACK_CELL = (WIDTH - 48) // TRACK_CELLS_PER_ROW
TRACK_ROW_H = 64


def _tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """Mix ``colour`` with white (amount 0 = colour, 1 = white)."""
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def square_box(square: str) -> tuple[int, int, int, int]:
    row, col = rules.SQUARE_POSITIONS[square]
    x = BOARD_X + col * CELL + (CELL - SQUARE) // 2
    y = BOARD_Y + row * CELL + (CELL - SQUARE) // 2
    return x, y, x + SQUARE, y + SQUARE


def _centre(square: str) -> tuple[int, int]:
    x0, y0, x1, y1 = square_box(square)
    return (x0 + x1) // 2, (y0 + y1) // 2


def track_cell(space: int) -> tuple[int, int, int, int]:
    row, col = divmod(space, TRACK_CELLS_PER_ROW)
    x = 24 + col * TRACK_CELL
    y = TRACK_Y + 26 + row * TRACK_ROW_H
    return x, y, x + TRACK_CELL - 2, y + TRACK_ROW_H - 8


def draw_tile(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], tile: str) -> None:
    """A face-up tile: suit symbol over the number, both in the suit colour."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    draw.rounded_rectangle(box, radius=size // 8, fill=TILE_FACE, outline=TILE_EDGE, width=2)
    colour = SUIT_COLOURS[rules.tile_suit(tile)]
    cx = (x0 + x1) // 2
    draw.text((cx, y0 + size * 0.30), rules.tile_suit(tile), font=font(int(size * 0.42)), fill=colour,
              anchor="mm")
    draw.text((cx, y0 + size * 0.72), str(rules.tile_number(tile)), font=font(int(size * 0.40), True),
              fill=colour, anchor="mm")


def _pill(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, colour, size: int = 15) -> None:
    """A seat label in white on the seat colour (dark text on yellow)."""
    x, y = xy
    f = font(size, True)
    width = int(draw.textlength(text, font=f)) + 10
    draw.rounded_rectangle((x, y, x + width, y + size + 6), radius=(size + 6) // 2, fill=colour)
    ink = (30, 30, 30) if sum(colour) > 500 else (255, 255, 255)
    draw.text((x + width / 2, y + (size + 6) / 2), text, font=f, fill=ink, anchor="mm")


@lru_cache(maxsize=16)
def _static_board(num_players: int, labels: tuple[str, ...]) -> Image.Image:
    """Everything that does not change during a game: lines, squares, track grid."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
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
            draw.rounded_rectangle(box, radius=12, fill=_tint(colour, 0.55), outline=colour, width=5)
            _pill(draw, (box[2] - 40, box[1] + 6), labels[owner], colour, 13)
        draw.text((box[0] + 9, box[1] + 6), square, font=font(15, True), fill=(40, 48, 60))
    # score track
    draw.text((24, TRACK_Y), "SCORE TRACK", font=font(16, True), fill=DIM_TEXT)
    for space in range(rules.TRACK_LENGTH + 1):
        x0, y0, x1, y1 = track_cell(space)
        draw.rectangle((x0, y0, x1, y1), fill=(52, 60, 72) if space % 5 else (66, 76, 90))
        draw.text((x0 + 4, y0 + 2), str(space), font=font(13), fill=DIM_TEXT)
    return image


class SetupRenderer(Renderer):
    def board_png(self, view: SetupPublicView) -> bytes:
        image = _static_board(view.num_players, tuple(view.seat_labels)).copy()
        draw = ImageDraw.Draw(image)
        self._draw_header(draw, view)
        self._draw_squares(draw, view)
        self._draw_panel(draw, view)
        self._draw_track(draw, view)
        return to_png(image)

    # ---- board parts -------------------------------------------------------
    def _draw_header(self, draw: ImageDraw.ImageDraw, view: SetupPublicView) -> None:
        draw.text((28, 18), "SETUP", font=font(30, True), fill=TEXT)
        mode = "2 vs 2" if view.mode == "teams" else f"{view.num_players} players"
        draw.text((150, 30), f"{mode} · finish {view.finish}", font=font(17), fill=DIM_TEXT)
        if view.finished:
            winners = [view.seat_labels[s] for s, rank in enumerate(view.ranks or []) if rank == 1]
            if len(winners) == view.num_players:
                text = "GAME OVER · tie"
            elif view.teams is not None:
                text = f"GAME OVER · team {winners[0][0]} wins"
            else:
                text = "GAME OVER · winner " + " + ".join(winners)
            draw.text((PANEL_X, 22), text, font=font(22, True), fill=HIGHLIGHT)
        elif view.to_act is not None:
            draw.text((PANEL_X, 24), "TO PLAY", font=font(20, True), fill=TEXT)
            _pill(draw, (PANEL_X + 100, 21), view.seat_labels[view.to_act], SEAT_COLOURS[view.to_act], 20)
            draw.text((WIDTH - 28, 30), f"move {view.move_number + 1}", font=font(16), fill=DIM_TEXT,
                      anchor="ra")

    def _draw_squares(self, draw: ImageDraw.ImageDraw, view: SetupPublicView) -> None:
        last = view.last_move
        placed = {sq for _, sq in last.placements} if last and last.kind == "play" else set()
        scoring = set(last.scoring_squares) if last else set()
        for sq in view.squares:
            x0, y0, x1, y1 = square_box(sq.square)
            if sq.square in placed:
                outline = (x0 - 5, y0 - 5, x1 + 5, y1 + 5)
                draw.rounded_rectangle(outline, radius=15, outline=HIGHLIGHT, width=5)
            if sq.top is None:
                continue
            tile_box = (x0 + 22, y0 + 28, x0 + 22 + 72, y0 + 28 + 72)
            draw_tile(draw, tile_box, sq.top)
            if sq.square in scoring:  # a small marker on tiles that scored last move
                draw.ellipse((x0 + 8, y1 - 20, x0 + 20, y1 - 8), fill=HIGHLIGHT, outline=(0, 90, 110))
            if sq.under:
                draw.rounded_rectangle((x1 - 34, y1 - 24, x1 - 4, y1 - 4), radius=8, fill=(40, 48, 60))
                draw.text((x1 - 19, y1 - 14), f"+{sq.under}", font=font(13, True), fill=TEXT, anchor="mm")

    def _draw_panel(self, draw: ImageDraw.ImageDraw, view: SetupPublicView) -> None:
        x, y = PANEL_X, BOARD_Y
        draw.text((x, y), "COMMON HAND", font=font(17, True), fill=DIM_TEXT)
        for i in range(rules.COMMON_SIZE):
            box = (x + i * 90, y + 26, x + i * 90 + 80, y + 106)
            if i < len(view.common):
                draw_tile(draw, box, view.common[i])
            else:
                draw.rounded_rectangle(box, radius=10, outline=DIM_TEXT, width=2)
        y += 128
        draw.text((x, y), f"BAG {view.bag_count}", font=font(17, True), fill=DIM_TEXT)
        y += 34
        draw.text((x, y), "PLAYERS", font=font(17, True), fill=DIM_TEXT)
        draw.text((x + 220, y), "score  hand", font=font(14), fill=DIM_TEXT)
        y += 26
        order = sorted(range(view.num_players), key=lambda s: view.turn_order.index(s))
        for seat in order:
            colour = SEAT_COLOURS[seat]
            if seat == view.to_act:
                row_box = (x - 6, y - 4, WIDTH - 20, y + 34)
                draw.rounded_rectangle(row_box, radius=8, outline=HIGHLIGHT, width=3)
                draw.text((x + 4, y + 15), "▶", font=font(18), fill=HIGHLIGHT, anchor="lm")
            _pill(draw, (x + 28, y + 3), view.seat_labels[seat], colour, 18)
            if view.teams is not None:
                draw.text((x + 90, y + 15), f"team {'AB'[view.teams[seat]]}", font=font(15), fill=DIM_TEXT,
                          anchor="lm")
            if view.ranks is not None:
                rank = f"#{view.ranks[seat]}"
                draw.text((x + 170, y + 15), rank, font=font(17, True), fill=TEXT, anchor="lm")
            draw.text((x + 262, y + 15), str(view.scores[seat]), font=font(22, True), fill=TEXT, anchor="rm")
            hand_count = str(view.hand_counts[seat])
            draw.text((x + 300, y + 15), hand_count, font=font(17), fill=DIM_TEXT, anchor="lm")
            y += 44
        y += 10
        self._draw_last_move(draw, view, x, y)

    def _draw_last_move(self, draw: ImageDraw.ImageDraw, view: SetupPublicView, x: int, y: int) -> None:
        last = view.last_move
        if last is None:
            return
        draw.text((x, y), "LAST MOVE", font=font(17, True), fill=DIM_TEXT)
        y += 28
        _pill(draw, (x, y), view.seat_labels[last.seat], SEAT_COLOURS[last.seat], 16)
        if last.kind == "swap":
            draw.text((x + 52, y + 11), f"swapped {last.swapped}", font=font(18), fill=TEXT, anchor="lm")
            return
        draw.text((x + 52, y + 11), f"+{last.points}", font=font(20, True), fill=HIGHLIGHT, anchor="lm")
        line = ", ".join(f"{tile} {sq}" for tile, sq in last.placements)
        y += 30
        for chunk in _wrap(line, 30):
            draw.text((x, y), chunk, font=font(17), fill=TEXT)
            y += 22
        for seat, points in last.bonuses.items():
            _pill(draw, (x, y + 2), view.seat_labels[seat], SEAT_COLOURS[seat], 14)
            draw.text((x + 44, y + 12), f"+{points} bonus", font=font(16), fill=TEXT, anchor="lm")
            y += 26

    def _draw_track(self, draw: ImageDraw.ImageDraw, view: SetupPublicView) -> None:
        finish = min(view.finish, rules.TRACK_LENGTH)
        x0, y0, x1, y1 = track_cell(finish)
        draw.rectangle((x0, y0, x1, y1), fill=FINISH_FILL)
        draw.text((x0 + 4, y0 + 2), str(finish), font=font(13, True), fill=FINISH_INK)
        draw.line([(x0 - 2, y0 - 4), (x0 - 2, y1 + 4)], fill=FINISH_INK, width=5)
        draw.text((WIDTH - 24, TRACK_Y), f"FINISH LINE {view.finish}", font=font(16, True), fill=FINISH_INK,
                  anchor="ra")
        by_space: dict[int, list[int]] = {}
        for seat, score in enumerate(view.scores):
            by_space.setdefault(min(score, rules.TRACK_LENGTH), []).append(seat)
        for space, seats in by_space.items():
            cx0, cy0, cx1, _ = track_cell(space)
            for i, seat in enumerate(seats):
                px = cx0 + 3 + (i % 2) * 24
                py = cy0 + 18 + (i // 2) * 19 - (10 if len(seats) > 2 else 0)
                draw.ellipse((px, py, px + 22, py + 22), fill=SEAT_COLOURS[seat], outline=TEXT, width=2)
                ink = (30, 30, 30) if seat == 2 else (255, 255, 255)
                label = view.seat_labels[seat]
                draw.text((px + 11, py + 11), label, font=font(10, True), fill=ink, anchor="mm")

    # ---- hand ------------------------------------------------------------------
    def hand_png(self, view: SetupPrivateView) -> bytes:
        rows = [(f"YOUR HAND  {view.seat_label}", view.hand, SEAT_COLOURS[view.seat])]
        if view.partner_hand is not None and view.partner_seat is not None:
            rows.append((f"PARTNER  {view.partner_label}  (view only)", view.partner_hand,
                         SEAT_COLOURS[view.partner_seat]))
        rows.append(("COMMON HAND", view.common, PUBLIC_EDGE))
        tile, pitch, row_h = 110, 124, 160
        width = 40 + 4 * pitch + 300
        image = Image.new("RGB", (width, 70 + row_h * len(rows)), BACKGROUND)
        draw = ImageDraw.Draw(image)
        title = "SETUP · your turn" if view.your_turn else "SETUP"
        draw.text((24, 18), title, font=font(26, True), fill=HIGHLIGHT if view.your_turn else TEXT)
        squares = "squares: " + " ".join(view.allowed_squares)
        draw.text((width - 24, 26), squares, font=font(15), fill=DIM_TEXT, anchor="ra")
        y = 70
        for label, tiles, colour in rows:
            frame = (12, y - 4, width - 12, y + row_h - 14)
            draw.rounded_rectangle(frame, radius=14, outline=colour, width=3)
            draw.text((28, y + 6), label, font=font(18, True), fill=TEXT)
            for i in range(4):
                box = (28 + i * pitch, y + 34, 28 + i * pitch + tile, y + 34 + tile)
                if i < len(tiles):
                    draw_tile(draw, box, tiles[i])
                else:
                    draw.rounded_rectangle(box, radius=12, outline=DIM_TEXT, width=2)
            hint = "play or swap" if colour != PUBLIC_EDGE else "anyone may play these"
            if label.startswith("PARTNER"):
                hint = "only your partner may play these"
            draw.text((40 + 4 * pitch, y + 34 + tile // 2), hint, font=font(16), fill=DIM_TEXT, anchor="lm")
            y += row_h
        return to_png(image)


    def hand_text(self, view: SetupPrivateView) -> str:
        """The tiles as text to copy into ``/setup play`` or ``/setup swap``."""
        parts = [f"{view.seat_label}: {' '.join(view.hand)}", f"common: {' '.join(view.common)}"]
        if view.partner_hand is not None:
            parts.append(f"partner {view.partner_label}: {' '.join(view.partner_hand)}")
        return " · ".join(parts)


def _wrap(text: str, width: int) -> list[str]:
    lines, current = [], ""
    for word in text.split(", "):
        candidate = f"{current}, {word}" if current else word
        if len(candidate) > width and current:
            lines.append(current + ",")
            current = word
        else:
            current = candidate
    return lines + ([current] if current else [])
