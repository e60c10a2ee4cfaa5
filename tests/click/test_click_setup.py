"""SETUP played by clicking only (SimCord): plays built tile by tile in the
private hand reply, a swap, Confirm; no typed game command."""
from __future__ import annotations

import random

import pytest

from cogs.builder import setup as setup_builder
from engines.setup.engine import SetupEngine
from engines.setup.models import SwapAction
from games import setup as setup_game
from tables.registry import GameRegistry
from tests.click.clicking import all_menus_fit, pick, press, show_hand
from tests.conftest import Table

ENGINE = SetupEngine()
TINY_PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(GameRegistry([setup_game.DEFINITION]), ["cogs.core", "cogs.setup"])


@pytest.fixture
def fast_previews(monkeypatch):
    monkeypatch.setattr(setup_builder, "preview_png", lambda *args, **kwargs: TINY_PNG)
    monkeypatch.setattr(setup_builder.SetupBuilder, "warm", lambda self, table, locale="en": None)


async def click_action(member, message, action):
    if isinstance(action, SwapAction):
        message = await press(member, message, "Swap tiles")
        message = await pick(member, message, list(dict.fromkeys(action.tiles)))
        assert "Swap **" in message.content
        return await press(member, message, "Confirm")
    for tile, square in action.placements:
        message = await pick(member, message, tile)
        message = await pick(member, message, square)
    assert "✅ This play scores" in message.content
    return await press(member, message, "Confirm")


async def test_a_whole_game_by_clicking_with_a_swap(simcord_env, fast_previews):
    table = Table(simcord_env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, "setup new", finish=12)
    await guest.click(table.lobby_message(), label="Join")
    await host.click(table.lobby_message(), label="Start")
    game_id = table.live().id
    rng = random.Random(3)
    done: list[str] = []
    for _ in range(200):
        live = table.live()
        if live is None:
            break
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        message = await show_hand(member, table.board_message())
        assert all_menus_fit(message)
        action = ENGINE.ai_action(live.state, seat, rng)
        if "swap" not in done and len(done) == 1 and live.state.hands[seat]:
            action = SwapAction(tiles=live.state.hands[seat][:2])
        version = live.record.version
        answer = await click_action(member, message, action)
        assert "✅" in answer.content and live.record.version > version, (action, answer.content)
        done.append(action.kind)
    assert table.live() is None
    assert (await table.service.games.get(game_id)).status == "finished"
    assert {"play", "swap"} <= set(done), done
