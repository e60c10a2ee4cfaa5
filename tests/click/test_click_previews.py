"""The builder's preview images: drawn from the public board plus the
viewer's own choice, with every legal target ringed and the choice ringed
thicker (render/overlay.py)."""
from __future__ import annotations

import io
import random
from types import SimpleNamespace

from PIL import Image

from cogs.play.builder import cubed as cubed_builder
from cogs.play.builder import deathfront as df_builder
from cogs.play.builder import setup as setup_builder
from engines.base import SeatInfo
from engines.cubed import choices as cubed_choices
from engines.cubed.engine import CubedEngine
from engines.cubed.models import CubedConfig
from engines.deathfront import DeathFrontEngine
from engines.deathfront import choices as df_choices
from engines.deathfront.cards import card_name
from engines.deathfront.models import DeathFrontConfig
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig
from render.cubed import CubedRenderer
from render.deathfront import DeathFrontRenderer
from render.overlay import CHOSEN, SOURCE, TARGET
from render.setup import SetupRenderer


def fake_table(engine, renderer, state, seed):
    return SimpleNamespace(id=1, record=SimpleNamespace(seed=seed, version=0), engine=engine, state=state,
                           definition=SimpleNamespace(renderer=renderer))


def colours(png: bytes, at_least: int = 20) -> set[tuple[int, int, int]]:
    """The overlay colours found in the picture (a JPEG: near enough counts)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width <= 1000 and image.height <= 1000
    found = set()
    for count, colour in image.getcolors(1 << 20):
        for mark in (TARGET, CHOSEN, SOURCE):
            if count >= at_least and sum(abs(a - b) for a, b in zip(colour, mark)) < 30:
                found.add(mark)
    return found


def played_cubed(moves: int = 4, seed: int = 4):
    engine = CubedEngine()
    state = engine.new_game(CubedConfig(rounds=1), [SeatInfo(name="alice"), SeatInfo(name="bob")], seed=seed)
    rng = random.Random(seed)
    placed = 0
    while placed < moves or not cubed_choices.fitting_pieces(state, state.current):
        before = len(state.table)
        state, _ = engine.apply(state, state.current, engine.ai_action(state, state.current, rng))
        placed += len(state.table) > before
    return engine, state


def cubed_previews(seed: int = 4):
    engine, state = played_cubed(seed=seed)
    table = fake_table(engine, CubedRenderer(), state, seed)
    seat = state.current
    piece = cubed_choices.fitting_pieces(state, seat)[0]
    where = cubed_choices.placements_of(state, seat, piece)
    cell = list(where)[0]
    return (cubed_builder.preview_png(table, seat, piece, list(where)),
            cubed_builder.preview_png(table, seat, piece, list(where), cell, where[cell][-1]))


def deathfront_preview(seed: int = 3, locale: str = "en"):
    engine = DeathFrontEngine()
    state = engine.new_game(DeathFrontConfig(), [SeatInfo(name="alice"), SeatInfo(name="bob")], seed=seed)
    rng = random.Random(seed)
    while not (state.step == "deploy" and df_choices.deployable(state, engine.to_act(state)[0])):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.ai_action(state, seat, rng))
    seat = engine.to_act(state)[0]
    uid = df_choices.deployable(state, seat)[0]
    from engines.deathfront import rules as R
    cells = R.deploy_cells(state, seat, uid)
    table = fake_table(engine, DeathFrontRenderer(), state, seed)
    name = card_name(uid, locale)
    return df_builder.preview_png(table, [], cells, [cells[0]], f"{name} -> {cells[0]}", name, locale=locale)


def setup_preview(locale: str = "en"):
    engine = SetupEngine()
    state = engine.new_game(SetupConfig(), [SeatInfo(name="alice"), SeatInfo(name="bob")], seed=2)
    table = fake_table(engine, SetupRenderer(), state, 2)
    seat = state.current_seat
    view = engine.private_view(state, seat)
    placement = (view.hand[0], view.allowed_squares[0])
    free = view.allowed_squares[1:]
    return setup_builder.preview_png(table, [placement], free, [], f"{placement[0]} {placement[1]}", locale)


def test_cubed_previews_ring_the_cells_and_show_the_piece():
    cells_only, with_piece = cubed_previews()
    assert TARGET in colours(cells_only) and CHOSEN not in colours(cells_only)
    assert CHOSEN in colours(with_piece)
    assert cells_only != with_piece


def test_deathfront_and_setup_previews_mark_targets_and_the_choice():
    assert {TARGET, CHOSEN} <= colours(deathfront_preview())
    assert {TARGET, CHOSEN} <= colours(setup_preview())
    assert SOURCE not in colours(setup_preview())  # nothing scores in an empty play


def test_previews_are_drawn_in_the_viewers_language():
    """The board under a preview and the card written on it follow the
    viewer's language (issue 11: previews in the viewer's language)."""
    english, simplified, traditional = (deathfront_preview(locale=loc) for loc in ("en", "zh-CN", "zh-TW"))
    assert {TARGET, CHOSEN} <= colours(simplified)
    assert len({english, simplified, traditional}) == 3


def test_setup_previews_have_a_legend_in_the_viewers_language():
    """Issue 21: a line under a SETUP preview says what each ring means, in
    the viewer's language, with a marked square of each ring shown; a ring
    not on the picture is not explained."""
    from render.watching import record_text

    assert setup_builder.legend_entries(["C2"], [("★7", "C1")], [], "zh-CN") == [
        ("target", "可放的格子"), ("chosen", "你的出牌")]
    assert [style for style, _ in setup_builder.legend_entries(["C2"], [("★7", "C1")], ["C3"], "en")] == [
        "target", "chosen", "source"]
    assert setup_builder.legend_entries([], [], [], "en") == []
    for locale, words in (("en", ("free square", "your play")), ("zh-CN", ("可放的格子", "你的出牌"))):
        with record_text() as drawn:
            png = setup_preview(locale)
        sizes = {text: size for size, text in drawn}
        assert all(sizes.get(word, 0) >= 16 for word in words), drawn
        image = Image.open(io.BytesIO(png)).convert("RGB")
        band = image.crop((0, image.height - 40, image.width, image.height))
        buffer = io.BytesIO()
        band.save(buffer, format="PNG")
        assert {TARGET, CHOSEN} <= colours(buffer.getvalue(), at_least=4)
        assert SOURCE not in colours(buffer.getvalue(), at_least=4)
