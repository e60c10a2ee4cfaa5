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
    FINISH_FILL,
    HIGHLIGHT,
    PUBLIC_FILL,
    SEAT_COLOURS,
    SUIT_COLOURS,
    TRACK_ROW_H,
    WIDTH,
    SetupRenderer,
    board_height,
    square_box,
    track_cell,
)

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
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    assert image.size == (WIDTH, board_height(4, 30))
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


def test_pawns_and_finish_line_on_the_track():
    """Finish 30: the track ends on the finish line; a pawn past it stands on it."""
    state = game(moves=0)
    state.scores = [0, 12, 12, 34]
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    x0, y0, x1, y1 = track_cell(30)
    assert image.getpixel((x1 - 4, y1 - 4)) == FINISH_FILL
    x0, y0, x1, y1 = track_cell(12)
    assert count_colour(image, (x0, y0, x1, y1), SEAT_COLOURS[1]) > 30
    assert count_colour(image, (x0, y0, x1, y1), SEAT_COLOURS[2]) > 30
    assert count_colour(image, track_cell(30), SEAT_COLOURS[3]) > 30
    assert count_colour(image, track_cell(12), SEAT_COLOURS[0]) == 0
    assert image.getpixel(track_cell(31)[:2]) == BACKGROUND


def finish_board(finish: int) -> Image.Image:
    state = ENGINE.new_game(SetupConfig(finish=finish), [SeatInfo(name="a"), SeatInfo(name="b")], 3)
    state.scores = [finish, 5]
    return decode(RENDERER.board_png(ENGINE.public_view(state)))


def test_the_track_runs_to_the_finish_line():
    """Issue 21: finish 12 draws spaces 0-12 (two rows), not 0-50; the
    picture is shorter by the rows it no longer needs, and nothing is drawn
    where space 13 would be."""
    short, long = finish_board(12), finish_board(50)
    assert short.size == (WIDTH, board_height(2, 12)) and long.size == (WIDTH, board_height(2, 50))
    assert long.height - short.height == 4 * TRACK_ROW_H
    x0, y0, x1, y1 = track_cell(12, 2)
    assert short.getpixel((x1 - 4, y1 - 4)) == FINISH_FILL
    assert count_colour(short, track_cell(12, 2), SEAT_COLOURS[0]) > 30
    x0, y0, x1, y1 = track_cell(13, 2)
    assert count_colour(short, (x0, y0, x1, y1), BACKGROUND) == (x1 - x0) * (y1 - y0)
    below = (0, track_cell(12, 2)[3] + 6, WIDTH, short.height)
    assert count_colour(short, below, BACKGROUND) == (below[2] - below[0]) * (below[3] - below[1])
    x0, y0, x1, y1 = track_cell(50, 2)
    assert long.getpixel((x1 - 4, y1 - 4)) == FINISH_FILL


def test_the_longest_track_stays_legible_at_phone_width():
    """Finish 50 keeps ten spaces a row: each space is over 33 px wide when
    the picture is shown 400 px wide."""
    x0, _, x1, _ = track_cell(50, 2)
    assert (x1 - x0) * 400 / WIDTH > 33
    assert track_cell(50, 2)[0] == track_cell(0, 2)[0]


def test_hand_shows_own_common_and_partner_tiles():
    state = game(mode="teams", moves=3)
    view = ENGINE.private_view(state, 0)
    image = decode(RENDERER.hand_png(view))
    solo = decode(RENDERER.hand_png(ENGINE.private_view(game(moves=3), 0)))
    assert image.height > solo.height and 600 <= image.width <= 1000
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
    assert decode(RENDERER.board_png(view)).size == (WIDTH, board_height(3, 35))


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
