"""CUBED played by clicking only (SimCord): the private hand reply's
controls build every action; no typed game command is used."""
from __future__ import annotations

import random

import pytest

from bot import SHARED_EXTENSIONS
from cogs.play.builder import cubed as cubed_builder
from engines.cubed.engine import CubedEngine
from engines.cubed.models import Draw3Action, DrawAction, GiveAction, KeepAction, PassAction, PlaceAction
from games import cubed as cubed_game
from tables.registry import GameRegistry
from tests.click.clicking import all_menus_fit, buttons, pick, press, show_hand
from tests.conftest import Table

ENGINE = CubedEngine()
TINY_PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([cubed_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.cubed"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
def fast_previews(monkeypatch):
    """Whole games click hundreds of times: the preview images are checked
    elsewhere (test_click_previews.py)."""
    monkeypatch.setattr(cubed_builder, "preview_png", lambda *args, **kwargs: TINY_PNG)
    monkeypatch.setattr(cubed_builder.CubedBuilder, "warm", lambda self, table, locale="en": None)


async def start(env, seed=None, **options) -> Table:
    table = Table(env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, "cubed new", **options)
    await guest.click(table.lobby_message(), label="Join")
    if seed is not None:
        table.live().record.seed = seed
    await host.click(table.lobby_message(), label="Start")
    return table


async def click_action(member, message, action, table):
    """Build ``action`` with the controls of ``message``; return the answer."""
    if isinstance(action, PlaceAction):
        message = await pick(member, message, action.piece)
        message = await pick(member, message, cubed_builder.spot_value(action.cell, action.rotation))
        assert f"rotation **{action.rotation}**" in message.content
        return await press(member, message, "Confirm")
    if isinstance(action, KeepAction):
        return await press(member, await pick(member, message, action.piece), "Confirm")
    if isinstance(action, GiveAction):
        message = await pick(member, message, action.piece)
        return await press(member, await pick(member, message, str(action.to_seat)), "Confirm")
    if isinstance(action, PassAction):
        label = "Pass" if "Pass" in buttons(message) else "End turn"
        return await press(member, message, label)
    label = {DrawAction: "Draw", Draw3Action: "Draw 3"}[type(action)]
    return await press(member, message, label)


async def play_by_clicks(table, seed=1, max_actions=400, phases=None, chosen_draws=False):
    """Play to the end, each action the engine AI's choice, built by clicks.
    Returns the action kinds; ``phases`` collects the phase each was made in.
    ``chosen_draws``: sometimes draw, or pass after a draw, by choice (with
    nothing to place, the table plays the draw and the pass itself)."""
    phases = [] if phases is None else phases
    rng = random.Random(seed)
    done: list[str] = []
    while (live := table.live()) is not None and live.record.status == "playing":
        assert len(done) < max_actions
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        message = await show_hand(member, table.board_message())
        assert all_menus_fit(message)
        action = ENGINE.ai_action(live.state, seat, rng)
        phase = live.state.phase
        if chosen_draws and phase == "turn" and isinstance(action, PlaceAction) and live.state.bag \
                and rng.random() < 0.15:
            action = DrawAction()
        elif chosen_draws and phase == "drawn" and rng.random() < 0.5:
            action = PassAction()
        version = live.record.version
        answer = await click_action(member, message, action, table)
        assert "✅ Done." in answer.content, (action, answer.content)
        assert live.record.version > version  # committed (the record object stays ours after the end)
        done.append(type(action).__name__)
        phases.append(phase)
    return done


async def test_a_whole_game_by_clicking_with_draw_and_pass(simcord_env, fast_previews):
    table = await start(simcord_env, rounds=1)
    game_id = table.live().id
    done = await play_by_clicks(table, chosen_draws=True)
    assert table.live() is None
    record = await table.service.games.get(game_id)
    assert record.status == "finished"
    assert {"PlaceAction", "DrawAction", "PassAction"} <= set(done), done


async def test_the_variants_by_clicking(simcord_env, fast_previews):
    """Bridge the gap (a second piece), Fill the void (a gift) and Draw 3,
    keep 1 (a choice among the drawn pieces), all through the controls."""
    table = await start(simcord_env, seed=23, rounds=1, bridge=True, fill=True, draw3=True)  # reaches all three
    phases: list[str] = []
    done = await play_by_clicks(table, seed=2, phases=phases)
    made = set(zip(phases, done))
    assert {("turn", "Draw3Action"), ("keep", "KeepAction"), ("bonus", "PlaceAction"),
            ("give", "GiveAction")} <= made, made
