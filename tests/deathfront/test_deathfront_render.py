"""The board and hand pictures: decode the PNG, check size, time and key pixels."""
from __future__ import annotations

import io

from PIL import Image
from test_deathfront_support import ENGINE, empty_position, give, put

from engines.deathfront import rules as R
from engines.deathfront.models import Arrow
from render.deathfront import CELL, FACTION_COLOUR, TERRITORY, USED_RED, BoardPicture, DeathFrontRenderer
from render.deathfront.style import board_width

RENDERER = DeathFrontRenderer()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def close(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def cell_origin(label: str, state) -> tuple[int, int]:
    return BoardPicture(ENGINE.public_view(state)).cell_box(label)[:2]


def full_board():
    state = empty_position(players=4)
    cells = [f"{c}{r}" for r in range(1, 8) for c in "ABCDE"]
    for n, cell in enumerate(cells):
        seat = n % 4
        uid = next(u for u in state.decks[seat] if R.card(u).type in ("unit", "resource"))
        state.decks[seat].remove(uid)
        state.pieces[cell] = uid
    for cell, card in (("A1", "us_minefield"), ("B2", "us_bunker"), ("C6", "ss_anti_tank")):
        put(state, cell, card)
    state.exhausted = [state.pieces["C3"]]
    state.last = Arrow(kind="attack", seat=0, sources=["B3", "C4"], target="C5", total=7, defence=6,
                       destroyed=True)
    return state


def test_empty_board_shows_both_territories_and_labels():
    state = empty_position()
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    assert image.size == (board_width(4), image.size[1])
    x, y = cell_origin("B2", state)
    assert close(image.getpixel((x + CELL // 2, y + 20)), TERRITORY[0])
    x, y = cell_origin("B6", state)
    assert close(image.getpixel((x + CELL // 2, y + 20)), TERRITORY[1])


def test_units_show_owner_colour_and_a_used_corner_clear_of_the_name():
    state = empty_position()
    uid = put(state, "B2", "us_sherman")
    put(state, "C6", "ss_panther")
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    x, y = cell_origin("C6", state)
    assert close(image.getpixel((x + 12, y + 60)), FACTION_COLOUR["ss"])
    x, y = cell_origin("B2", state)
    corner = (x + 6, y + 40)  # the tile's left edge
    name_band = (x + 12, y + 64, x + CELL - 12, y + 90)
    assert not close(image.getpixel(corner), USED_RED)
    state.exhausted = [uid]
    used = decode(RENDERER.board_png(ENGINE.public_view(state)))
    assert close(used.getpixel(corner), USED_RED)
    before, after = image.crop(name_band).get_flattened_data(), used.crop(name_band).get_flattened_data()
    changed = sum(not close(a, b, 30) for a, b in zip(before, after))
    assert changed <= 10  # the name stays readable (a few anti-aliased pixels change palette)


def test_last_attack_arrow_is_drawn_in_red():
    state = full_board()
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    x0, y0 = cell_origin("C4", state)
    x1, y1 = cell_origin("C5", state)
    column = [image.getpixel((x0 + CELL // 2, y)) for y in range(y1 + CELL // 2 + 16, y0 + CELL // 2 - 16)]
    assert any(close(p, (200, 30, 30), 30) for p in column)


def test_full_four_player_board_is_small():
    view = ENGINE.public_view(full_board())
    png = RENDERER.board_png(view)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) <= 300_000
    assert decode(png).size[0] == board_width(5)


def test_hand_picture_shows_every_card_with_a_range_grid():
    state = empty_position()
    for card in ("us_sherman", "us_supply_dump", "us_bunker", "us_p47", "us_rifle_squad"):
        give(state, card)
    view = ENGINE.private_view(state, 0)
    image = decode(RENDERER.hand_png(view))
    assert image.size[1] > 2 * 250  # two rows of cards
    blue = sum(1 for px in image.get_flattened_data() if close(px, (40, 90, 200), 25))
    assert blue >= 3 * 150  # the card's own square in three pattern grids (units and resource)


def test_finished_game_still_renders():
    from test_deathfront_support import new_game, play_out

    state = play_out(new_game(players=2, seed=3), seed=3)
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    assert image.size[1] > 7 * CELL
