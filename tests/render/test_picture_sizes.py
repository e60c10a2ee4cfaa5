"""A renderer says the size of its board and hand pictures without drawing
them (``board_size`` / ``hand_size``, from the same layout as the drawing):
the web board lays out its tap regions before the PNGs arrive. Checked at
every position of whole AI games, against the PNG drawn, in English and Chinese."""
from __future__ import annotations

import random
import struct
from typing import Any

import pytest

from tables.registry import default_registry

# (game, players, lobby config): the sizes follow the seat count, teams, variants and the board's width.
GAMES = [
    ("setup", 2, {"finish": 20}),
    ("setup", 4, {"finish": 15, "mode": "teams"}),
    ("cubed", 3, {"rounds": 1, "draw3": True}),
    ("cubed", 1, {}),
    ("deathfront", 2, {"round_limit": 4}),
    ("deathfront", 4, {"round_limit": 3, "players": 4}),
]
MAX_MOVES = 400
SAMPLE = 7  # besides every change of a said size, one position in SAMPLE is drawn


def png_size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def positions(game: str, players: int, config: dict[str, Any], seed: int):
    """Every state of one AI game, the first and the last included."""
    from engines.base import SeatInfo

    definition = default_registry().get(game)
    engine = definition.engine
    lobby = definition.config_for(players, dict(config))
    state = engine.new_game(engine.config_from_json(lobby), [SeatInfo(name=f"P{n}") for n in range(players)], seed)
    rng = random.Random(seed)
    yield state
    for _ in range(MAX_MOVES):
        if engine.is_over(state):
            return
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.ai_action(state, seat, rng))
        yield state
    raise AssertionError(f"{game} did not end in {MAX_MOVES} moves")


@pytest.mark.parametrize(("game", "players", "config"), GAMES, ids=[f"{g}-{n}" for g, n, _ in GAMES])
def test_the_sizes_a_renderer_says_are_the_sizes_it_draws(game, players, config):
    """Every position's sizes are said (the board, and one seat's hand in
    turn, in English and Chinese in turn); a picture is drawn to check them
    whenever a said size changes, and every ``SAMPLE``-th position besides."""
    definition = default_registry().get(game)
    engine, renderer = definition.engine, definition.renderer
    said: dict[Any, tuple[int, int]] = {}
    drawn = 0
    for number, state in enumerate(positions(game, players, config, seed=3)):
        locale = ("en", "zh-CN")[number // players % 2]
        view = engine.public_view(state)
        size = renderer.board_size(view, locale)
        if said.get(("board", locale)) != size or number % SAMPLE == 0:
            assert size == png_size(renderer.board_png(view, locale)), (number, locale)
            drawn += 1
        said[("board", locale)] = size
        seat = number % players
        own = engine.private_view(state, seat)
        size = renderer.hand_size(own, locale)
        if said.get((seat, locale)) != size or number % SAMPLE == 0:
            assert size == png_size(renderer.hand_png(own, locale)), (number, seat, locale)
            drawn += 1
        said[(seat, locale)] = size
    assert number > 10 and drawn >= 6, (number, drawn)
