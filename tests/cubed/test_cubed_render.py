"""The CUBED pictures: decode them and check the pixels that matter."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig
from render.cubed import PALETTE, BoardLayout, CubedRenderer, hand_layout, seat_tag
from render.cubed.hand import MAX_HEIGHT as MAX_HAND_HEIGHT

ENGINE = CubedEngine()
RENDERER = CubedRenderer()
MAX_SIDE = 1200
MAX_BYTES = 300 * 1024


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def nearest_palette(rgb) -> str:
    return min(PALETTE, key=lambda name: sum((a - b) ** 2 for a, b in zip(PALETTE[name], rgb)))


def play(players, seed, until=None, **config):
    names = ["Ann", "李雷"] + [f"bot{i}" for i in range(10)]
    state = ENGINE.new_game(CubedConfig(**config), [SeatInfo(name=names[i]) for i in range(players)], seed)
    rng = random.Random(seed)
    while not ENGINE.is_over(state) and not (until and until(state)):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    return state


@pytest.fixture(scope="module")
def finished_six():
    return play(6, 5)


def test_board_size_and_weight(finished_six):
    png = RENDERER.board_png(ENGINE.public_view(finished_six))
    image = decode(png)
    assert image.width <= MAX_SIDE and image.height <= MAX_SIDE
    assert len(png) <= MAX_BYTES


def test_faces_show_their_colours(finished_six):
    view = ENGINE.public_view(finished_six)
    image = decode(RENDERER.board_png(view))
    layout = BoardLayout.fit(view)
    s = layout.size
    for piece in view.table[:25]:
        cx, cy = layout.centre(piece.q, piece.r)
        top = image.getpixel((int(cx + 0.45 * s), int(cy - 0.45 * s)))
        right = image.getpixel((int(cx + 0.7 * s), int(cy + 0.1 * s)))
        left = image.getpixel((int(cx - 0.7 * s), int(cy + 0.1 * s)))
        assert [nearest_palette(p) for p in (top, right, left)] == list(piece.faces), piece


def test_blocked_cells_are_hatched_and_open_cells_white():
    state = play(3, 2, until=lambda s: len(s.table) > 30 and any(ENGINE.public_view(s).blocked))
    view = ENGINE.public_view(state)
    assert view.blocked and view.labels
    image = decode(RENDERER.board_png(view))
    layout = BoardLayout.fit(view)
    q, r = view.blocked[0]
    cx, cy = layout.centre(q, r)
    box = image.crop((int(cx - layout.size / 2), int(cy - layout.size / 2),
                      int(cx + layout.size / 2), int(cy + layout.size / 2)))
    colours = {nearest_palette(p) for p in box.get_flattened_data()}
    assert "purple" in colours and len(set(box.get_flattened_data())) > 2  # purple stripes on a light ground
    cell = view.labels[0]
    cx, cy = layout.centre(cell.q, cell.r)
    assert min(image.getpixel((int(cx - 0.6 * layout.size), int(cy)))) >= 250
    # the label's dark digits sit in the middle of the cell
    middle = image.crop((int(cx - 4), int(cy - 4), int(cx + 4), int(cy + 4)))
    assert min(sum(p) for p in middle.get_flattened_data()) < 200


def test_eleven_players_at_round_end_is_small():
    state = play(11, 4, until=lambda s: s.round == 2)
    view = ENGINE.public_view(state)
    png = RENDERER.board_png(view)
    image = decode(png)
    assert image.width <= MAX_SIDE and image.height <= MAX_SIDE and len(png) <= MAX_BYTES
    assert view.previous_table  # the board area shows how round 1 ended
    without = decode(RENDERER.board_png(view.model_copy(update={"previous_table": []})))
    assert image.size == without.size  # a steady canvas: the message does not jump
    assert image.tobytes() != without.tobytes()


def test_hand_png_shows_every_piece():
    state = play(2, 1, until=lambda s: True)
    view = ENGINE.private_view(state, 0)
    image = decode(RENDERER.hand_png(view))
    assert image.width <= MAX_SIDE and image.height <= MAX_SIDE
    rows = -(-len(view.hand) // 5)
    assert image.height >= rows * 100
    smaller = view.model_copy(update={"hand": view.hand[:5]})
    assert decode(RENDERER.hand_png(smaller)).height < image.height
    assert RENDERER.hand_text(view).split() == [f"`{p.id}`" for p in view.hand]


def test_images_carry_real_names():
    state = play(2, 1, until=lambda s: True)
    view = ENGINE.public_view(state)
    assert seat_tag(view, 0) == "P1 Ann"
    assert seat_tag(view, 1) == "P2 李雷"  # names in any script
    decode(RENDERER.board_png(view))


def test_solo_board():
    state = play(1, 2, solo=True)
    image = decode(RENDERER.board_png(ENGINE.public_view(state)))
    assert image.width <= MAX_SIDE


def test_a_huge_hand_still_fits():
    state = play(2, 1, until=lambda s: True)
    seat = 0
    state.hands[seat] += state.bag
    state.bag = []
    view = ENGINE.private_view(state, seat)
    assert len(view.hand) == 63
    png = RENDERER.hand_png(view)
    image = decode(png)
    assert image.width <= MAX_SIDE and len(png) <= MAX_BYTES
    assert image.height > MAX_HAND_HEIGHT and image.height * 360 / image.width <= 2 * 720  # two phone screens
    assert [card.piece.id for card in hand_layout(view).cards] == [p.id for p in view.hand]
    assert decode(RENDERER.hand_png(view.model_dump(mode="json"))).size == image.size
