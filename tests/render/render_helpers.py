"""States and helpers shared by the renderer tests."""
from __future__ import annotations

import io
import random
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageChops

import render.common as common
from bench import states
from engines.base import SeatInfo
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig
from render.cache import all_caches


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def diff_box(a: Image.Image, b: Image.Image):
    return ImageChops.difference(a, b).getbbox()


def setup_state(names: list[str], moves: int = 12, seed: int = 2):
    engine = SetupEngine()
    state = engine.new_game(SetupConfig(), [SeatInfo(name=n) for n in names], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.ai_action(state, seat, rng))
    return state


@lru_cache(maxsize=None)
def late(game: str):
    """The fullest state of the benchmark's largest game (SETUP 4 players
    finished, CUBED 11 players at a round's end, Death Front 4 players with
    every cell taken) and a seat to show a hand of."""
    run = states.playthrough(game)
    return states.stages(run)["late"]


def clear_caches() -> None:
    """Forget cached sprites and text layout, so that every text is drawn
    (and recorded) again."""
    import render.cubed as cubed
    import render.deathfront as deathfront

    cubed.cube_sprite.cache_clear()
    cubed.cell_sprite.cache_clear()
    deathfront.tile_sprite.cache_clear()
    deathfront.grid_image.cache_clear()
    common.runs.cache_clear()
    common.text_width.cache_clear()
    for cache in all_caches():  # text masks, tiles, labels, pawns…
        cache.clear()


@contextmanager
def tofu():
    """Draw every character with DejaVu Sans only, as a renderer without
    fallback would: CJK characters become the font's empty boxes."""
    original = common.face_for
    common.face_for = lambda ch: common.bundled_faces()[0]
    clear_caches()
    try:
        yield
    finally:
        common.face_for = original
        clear_caches()
