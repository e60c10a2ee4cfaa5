"""The board and hand pictures: size, weight, speed and the pixels that matter."""
import io
import random

from PIL import Image

from engines.base import SeatInfo
from engines.setup.engine import SetupEngine
from engines.setup.models import LastMove, SetupConfig
from engines.setup.rules import plain
from render.setup import (
    BACKGROUND,
    FINISH_INK,
    HIGHLIGHT,
    PUBLIC_FILL,
    SEAT_COLOURS,
    SUIT_COLOURS,
    WIDTH,
    SetupRenderer,
    board_height,
    lane_x,
    square_box,
)
from render.setup.board import panel_of
from render.setup.geometry import LANE, PLAYER_ROW

ENGINE = SetupEngine()
RENDERER = SetupRenderer()


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def count_colour(image, box, colour):
    return sum(1 for px in image.crop(box).get_flattened_data() if px == colour)


def game(mode="ffa", players=4, moves=6, seed=2):
    state = ENGINE.new_game(SetupConfig(mode=mode), [SeatInfo(name=f"p{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    return state


def test_board_size_owner_tints_and_tiles():
    state = game()
    view = ENGINE.public_view(state)
    image = decode(RENDERER.board_png(view))
    assert image.size == (WIDTH, board_height(4, panel_of(view, "en").last_lines))
    x0, y0, x1, y1 = square_box("C1")
    assert image.getpixel((x0 + 10, y1 - 6)) == PUBLIC_FILL
    for square, seat in (("S1", 0), ("W2", 1), ("N1", 2), ("E2", 3)):
        x0, y0, x1, y1 = square_box(square)
        r, g, b = image.getpixel((x0 + 12, (y0 + y1) // 2))
        expected = SEAT_COLOURS[seat]
        assert max(abs(r - (expected[0] + (255 - expected[0]) * 0.55)),
                   abs(g - (expected[1] + (255 - expected[1]) * 0.55)),
                   abs(b - (expected[2] + (255 - expected[2]) * 0.55))) <= 1
    for square in ("C1", "C2", "C3", "C4"):
        top = state.stacks[square][-1]
        assert count_colour(image, square_box(square), SUIT_COLOURS[top[0]]) > 40


def test_unused_seats_squares_are_drawn_public():
    image = decode(RENDERER.board_png(ENGINE.public_view(game(players=2, moves=0))))
    x0, y0, x1, y1 = square_box("W1")
    assert image.getpixel((x0 + 10, y1 - 6)) == PUBLIC_FILL
    x0, y0, x1, y1 = square_box("N1")
    assert image.getpixel((x0 + 10, y1 - 6)) != PUBLIC_FILL  # seat 2 sits opposite on N


def test_last_move_is_highlighted():
    state = game(moves=0)
    seat = ENGINE.to_act(state)[0]
    state.last_move = LastMove(seat=seat, kind="play", placements=[("★7", "E1")], points=2)
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    x0, y0, x1, y1 = square_box("E1")
    assert image.getpixel(((x0 + x1) // 2, y0 - 3)) == HIGHLIGHT
    x0, y0, x1, y1 = square_box("W1")
    assert image.getpixel(((x0 + x1) // 2, y0 - 3)) != HIGHLIGHT


def lane_mid(view, seat: int) -> int:
    """The middle of ``seat``'s row (players are listed in turn order)."""
    return panel_of(view, "en").player_row(view.turn_order.index(seat)) + PLAYER_ROW // 2 - 1


def test_pawns_and_finish_line_on_the_track():
    """Each player's row has a lane of the score track, up to the finish
    line (30 here); a pawn past it stands on it."""
    state = game(moves=0)
    state.scores = [0, 12, 12, 34]
    view = ENGINE.public_view(state)
    image = decode(RENDERER.board_png(view))
    for seat, score in enumerate(state.scores):
        mid = lane_mid(view, seat)
        assert image.getpixel((LANE[1] + 2, mid - 8)) == FINISH_INK  # the finish line on every lane (over a pawn)
        x = round(lane_x(score, 30))
        assert count_colour(image, (x - 5, mid - 5, x + 6, mid + 6), SEAT_COLOURS[seat]) > 30  # the pawn
    assert round(lane_x(34, 30)) == LANE[1] and round(lane_x(0, 30)) == LANE[0]
    twelve = round(lane_x(12, 30))
    assert image.getpixel((twelve + 12, lane_mid(view, 1))) != SEAT_COLOURS[1]  # filled up to 12 only
    assert image.getpixel((twelve - 12, lane_mid(view, 1))) == SEAT_COLOURS[1]
    assert count_colour(image, (LANE[0] + 10, lane_mid(view, 0) - 5, LANE[1], lane_mid(view, 0) + 5),
                        SEAT_COLOURS[0]) == 0  # 0 points: nothing filled


def finish_board(finish: int) -> tuple[Image.Image, object]:
    state = ENGINE.new_game(SetupConfig(finish=finish), [SeatInfo(name="a"), SeatInfo(name="b")], 3)
    state.scores = [finish, 5]
    view = ENGINE.public_view(state)
    return decode(RENDERER.board_png(view)), view


def test_the_track_runs_to_the_finish_line():
    """Issue 21: the track ends on the finish line (12, or 50): a player on
    it stands at the end of the lane, a player on 5 a fifth or a tenth of
    the way; a five-point tick every five spaces up to the finish."""
    (short, short_view), (long, long_view) = finish_board(12), finish_board(50)
    assert short.size == long.size == (WIDTH, board_height(2, 0))
    for image, view, finish in ((short, short_view, 12), (long, long_view, 50)):
        mid = lane_mid(view, 0)
        assert image.getpixel((LANE[1] - 3, mid)) == SEAT_COLOURS[0]
        assert image.getpixel((LANE[1] + 2, mid - 8)) == FINISH_INK
        five = round(lane_x(5, finish))
        assert count_colour(image, (five - 6, lane_mid(view, 1) - 6, five + 7, lane_mid(view, 1) + 7),
                            SEAT_COLOURS[1]) > 30
    assert round(lane_x(5, 12)) - LANE[0] > 2 * (round(lane_x(5, 50)) - LANE[0])


def test_the_longest_track_stays_legible_at_phone_width():
    """Finish 50: the five-point ticks stand over 9 px apart when the
    picture is shown 360 px wide."""
    assert (lane_x(10, 50) - lane_x(5, 50)) * 360 / WIDTH > 9


def test_hand_shows_own_common_and_partner_tiles():
    state = game(mode="teams", moves=3)
    view = ENGINE.private_view(state, 0)
    image = decode(RENDERER.hand_png(view))
    solo = decode(RENDERER.hand_png(ENGINE.private_view(game(moves=3), 0)))
    assert image.height > solo.height and image.width == solo.width == WIDTH
    assert image.getpixel((3, 3)) == BACKGROUND
    for tile in view.hand + view.partner_hand + view.common:
        assert count_colour(image, (0, 0, image.width, image.height), SUIT_COLOURS[tile[0]]) > 100


def test_hand_text_lists_the_tiles():
    state = game(mode="teams", moves=0)
    text = RENDERER.hand_text(ENGINE.private_view(state, 3))
    assert text.startswith("B2: " + plain(" ".join(state.hands[3])))
    assert "common: " + plain(" ".join(state.common)) in text
    assert text.endswith("partner B1: " + plain(" ".join(state.hands[2])))


def test_images_are_small():
    state = game(moves=10)
    public, private = ENGINE.public_view(state), ENGINE.private_view(state, 1)
    board = RENDERER.board_png(public)
    hand = RENDERER.hand_png(private)
    assert len(board) <= 300_000 and len(hand) <= 300_000


def test_finished_game_renders():
    state = game(players=3, moves=0)
    state.scores = [36, 10, 20]
    state.finished = True
    state.end_reason = "setup.end.finish_line"
    view = ENGINE.public_view(state)
    assert view.to_act is None and view.ranks == [1, 3, 2]
    assert decode(RENDERER.board_png(view)).size == (WIDTH, board_height(3, 0))


def test_suits_in_text_ask_for_their_text_form_so_only_the_tiles_colour_them():
    """Issue 21: chat apps draw a bare ♦ as a red emoji (♥ red, ♣ ♠ black),
    while the rules make each suit a colour and the tiles draw ♦ blue. Text
    writes ♥♦♣♠ with U+FE0E (text presentation): the plain glyph in the
    text's colour, as ★ already is; the pictures alone carry the suit colours.
    What a reader copies from that text still parses, and a picture that
    draws such text draws it as before."""
    from engines.setup.notation import parse_move, parse_swap
    from render.common import text_width

    assert plain("★7 C1, ♥7 S1, ♦3 C2, ♣4 C3, ♠6 C4") == \
        "★7 C1, ♥\ufe0e7 S1, ♦\ufe0e3 C2, ♣\ufe0e4 C3, ♠\ufe0e6 C4"
    assert parse_move(plain("♦7 C1, ♠6 S1")) == [("♦7", "C1"), ("♠6", "S1")]
    assert parse_swap(plain("♥3 ★9")) == ["♥3", "★9"]
    state = game(moves=0)
    text = RENDERER.hand_text(ENGINE.private_view(state, 0))
    assert all(text[i + 1] == "\ufe0e" for i, ch in enumerate(text) if ch in "♥♦♣♠")
    r, g, b = SUIT_COLOURS["♦"]
    assert b > 150 > r  # the tiles' ♦ is blue, and the text no longer says red
    assert text_width(plain("♦10 C1"), 18) == text_width("♦10 C1", 18)
