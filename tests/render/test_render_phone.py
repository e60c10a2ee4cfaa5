"""Phone legibility: the smallest text on the largest boards and hands,
shown 400 px wide, is at least 9 px high. Sizes are the font sizes the
drawer recorded while drawing (sprites drawn at double size count half)."""
from __future__ import annotations

import pytest
from render_helpers import clear_caches, decode, late

from render.common import record_text
from tables.registry import default_registry

PHONE_WIDTH = 400
MIN_PX = 9
REGISTRY = default_registry()


def smallest_on_phone(draw, *args) -> tuple[float, str, int]:
    clear_caches()
    with record_text() as log:
        png = draw(*args)
    width = decode(png).width
    size, text = min(log)
    return size * PHONE_WIDTH / width, text, width


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_smallest_board_text_is_legible_at_400_px(game, locale):
    spec = REGISTRY.get(game)
    state, seat = late(game)
    px, text, width = smallest_on_phone(spec.renderer.board_png, spec.engine.public_view(state), locale)
    assert px >= MIN_PX, (text, width)
    px, text, width = smallest_on_phone(spec.renderer.hand_png, spec.engine.private_view(state, seat), locale)
    assert px >= MIN_PX, (text, width)


def test_the_largest_boards_are_the_ones_measured():
    cubed, _ = late("cubed")
    assert len(cubed.seat_names) == 11 and len(cubed.table) >= 60  # 11 players, a full round's table
    deathfront, _ = late("deathfront")
    assert len(deathfront.names) == 4 and len(deathfront.pieces) >= 30
    setup, _ = late("setup")
    assert setup.num_players == 4 and setup.finished


def test_cubed_canvas_is_steady_across_turns():
    spec = REGISTRY.get("cubed")
    from bench import states

    run = states.playthrough("cubed")
    sizes = {decode(spec.renderer.board_png(spec.engine.public_view(step.state))).size
             for step in run.steps[::25]}
    assert len(sizes) == 1
