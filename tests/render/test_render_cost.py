"""The cheaper pictures keep their promises: palette PNGs over a fixed
palette per game that keeps every colour the pictures name (and each
distinct), the same view always gives the same bytes (warm or cold caches,
even caches too small to hold one picture), and every cache stays bounded."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from render_helpers import clear_caches, late

import render.common as common
import render.cubed as cubed
import render.deathfront as deathfront
import render.setup as setup
from render.cache import BoundedCache, all_caches
from render.palette import MAX_COLOURS, PaletteSpec, to_palette
from tables.registry import default_registry

REGISTRY = default_registry()
GAMES = {"setup": (setup.PALETTE, setup.palette), "cubed": (cubed.PALETTE_SPEC, cubed.fixed_palette),
         "deathfront": (deathfront.PALETTE, deathfront.palette)}
# The colours a legend or a rule tells apart: each must stay itself and distinct.
LEGENDS = {
    "setup": [*setup.SEAT_COLOURS, *setup.SEAT_TINTS, *setup.SUIT_COLOURS.values(), setup.HIGHLIGHT, setup.PREVIEW],
    "cubed": [*cubed.PALETTE.values(), *cubed.FACE_FILLS, cubed.HIGHLIGHT, cubed.RECENT, cubed.PREVIEW, cubed.FITS],
    "deathfront": [*deathfront.FACTION_COLOUR.values(), *deathfront.TERRITORY.values(), deathfront.USED_RED,
                   deathfront.ATTACK_RED, deathfront.MOVE_BLUE, deathfront.PREVIEW],
}


def _strip(colours) -> Image.Image:
    image = Image.new("RGB", (len(colours), 1))
    image.putdata(list(colours))
    return image


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_declared_colour_maps_to_itself(game):
    spec, palette = GAMES[game]
    exact = [*spec.exact, *spec.inks, *spec.grounds]
    mapped = to_palette(_strip(exact), palette())
    assert list(mapped.convert("RGB").get_flattened_data()) == [tuple(c) for c in exact]
    assert len(spec.colours()) <= MAX_COLOURS


@pytest.mark.parametrize("game", sorted(LEGENDS))
def test_legend_colours_keep_distinct_palette_entries(game):
    _, palette = GAMES[game]
    colours = list(dict.fromkeys(LEGENDS[game]))
    indexes = list(to_palette(_strip(colours), palette()).get_flattened_data())
    assert len(set(indexes)) == len(colours)


def test_ramps_fill_between_ink_and_ground_without_touching_exact_colours():
    spec = PaletteSpec(exact=[(0, 0, 0)], inks=[(255, 255, 255)], grounds=[(0, 0, 0)])
    colours = spec.colours()
    assert colours[:2] == [(0, 0, 0), (255, 255, 255)]
    assert (102, 102, 102) in colours  # 40 % white over black
    crowded = PaletteSpec(exact=[(10, 10, 10)], inks=[(i, 255 - i, i // 2) for i in range(0, 250, 10)],
                          grounds=[(0, 0, i) for i in range(0, 250, 10)])
    merged = crowded.colours()
    assert len(merged) <= MAX_COLOURS and merged[0] == (10, 10, 10)
    assert all(max(abs(a - b) for a, b in zip(c, (10, 10, 10))) > 6 for c in merged[1:])


def _rgb_and_png(game, monkeypatch):
    """The picture before encoding and the PNG the renderer returns."""
    spec = REGISTRY.get(game)
    state, _ = late(game)
    module = {"setup": setup, "cubed": cubed, "deathfront": deathfront}[game]
    seen = []
    real = module.to_png

    def spy(image, palette=None):
        seen.append(image.copy())
        return real(image, palette)
    monkeypatch.setattr(module, "to_png", spy)
    png = spec.renderer.board_png(spec.engine.public_view(state), "zh-CN")
    return seen[-1], png


@pytest.mark.parametrize("game", sorted(GAMES))
def test_boards_are_palette_pngs_that_look_like_the_rgb_picture(game, monkeypatch):
    rgb, png = _rgb_and_png(game, monkeypatch)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    diff = ImageChops.difference(rgb, image.convert("RGB")).convert("L").histogram()
    pixels = sum(diff)
    assert sum(diff[13:]) / pixels < 0.01  # antialiased edges only, and few of them
    assert max(i for i, n in enumerate(diff) if n) < 48  # no colour swapped for another


def test_a_picture_with_colour_glyphs_stays_rgb():
    image = Image.new("RGB", (8, 8), (10, 200, 30))
    assert Image.open(io.BytesIO(common.to_png(image, setup.palette()))).mode == "P"
    image.info[common.COLOUR_GLYPHS] = True
    assert Image.open(io.BytesIO(common.to_png(image, setup.palette()))).mode == "RGB"
    board = Image.new("RGB", (16, 16))
    common.carry_colour_glyphs(board, image)
    assert board.info.get(common.COLOUR_GLYPHS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_same_view_same_bytes_warm_cold_and_starved(game, monkeypatch):
    spec = REGISTRY.get(game)
    state, seat = late(game)
    view, hand = spec.engine.public_view(state), spec.engine.private_view(state, seat)
    first = spec.renderer.board_png(view, "zh-CN"), spec.renderer.hand_png(hand, "en")
    warm = spec.renderer.board_png(view, "zh-CN"), spec.renderer.hand_png(hand, "en")
    clear_caches()
    cold = spec.renderer.board_png(view, "zh-CN"), spec.renderer.hand_png(hand, "en")
    for cache in all_caches():  # every cache too small to hold even one picture's pieces
        monkeypatch.setattr(cache, "max_items", 1)
    clear_caches()
    starved = spec.renderer.board_png(view, "zh-CN"), spec.renderer.hand_png(hand, "en")
    assert first == warm == cold == starved
    assert all(len(cache) <= 1 for cache in all_caches())


def test_bounded_cache_evicts_least_recently_used_by_count_and_bytes():
    cache = BoundedCache("test", max_items=3, max_bytes=10_000, weigh=lambda v: v, register=False)
    for key in "abc":
        cache.get(key, lambda: 1_000)
    cache.get("a", lambda: pytest.fail("a is cached"))
    cache.get("d", lambda: 1_000)  # evicts b, the least recently used
    assert len(cache) == 3 and cache.get("b", lambda: 2) == 2 and cache.stats()["evictions"] == 2
    cache.get("huge", lambda: 9_500)  # a and d go: 4 items, then over 10,000 bytes
    assert cache.bytes == 9_502 and len(cache) == 2
    assert cache.get("b", lambda: pytest.fail("b was used after a and d")) == 2


def _draw_every_game_in_every_language():
    for game in GAMES:
        spec = REGISTRY.get(game)
        state, seat = late(game)
        for locale in ("en", "zh-CN", "zh-TW"):
            spec.renderer.board_png(spec.engine.public_view(state), locale)
            spec.renderer.hand_png(spec.engine.private_view(state, seat), locale)


def test_renderer_caches_stay_bounded_and_warm_across_games_and_languages():
    clear_caches()
    _draw_every_game_in_every_language()
    caches = all_caches()
    assert {"text masks", "cubed pieces", "cubed cells", "deathfront tiles", "setup boards"} <= {c.name for c in caches}
    misses = {cache.name: cache.stats()["misses"] for cache in caches}
    _draw_every_game_in_every_language()  # a second round draws nothing anew
    for cache in caches:
        assert len(cache) <= cache.max_items and cache.bytes <= cache.max_bytes
        assert cache.stats()["misses"] == misses[cache.name], cache.name
        assert cache.stats()["evictions"] == 0, cache.name
