"""SETUP played by clicking only (SimCord): plays built tile by tile in the
private hand reply, a swap, Confirm; no typed game command."""
from __future__ import annotations

import random

import pytest

from bot import SHARED_EXTENSIONS
from cogs.play.builder import setup as setup_builder
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SwapAction
from engines.setup.rules import plain
from games import setup as setup_game
from tables.registry import GameRegistry
from tests.click.clicking import all_menus_fit, buttons, menu, menus, option_values, pick, press, show_hand
from tests.conftest import Table
from tests.setup.conftest import build

ENGINE = SetupEngine()
TINY_PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(GameRegistry([setup_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.setup"])


@pytest.fixture
def fast_previews(monkeypatch):
    monkeypatch.setattr(setup_builder, "preview_png", lambda *args, **kwargs: TINY_PNG)
    monkeypatch.setattr(setup_builder.SetupBuilder, "warm", lambda self, table, locale="en": None)


class Taps:
    def __init__(self) -> None:
        self.count = 0

    async def pick(self, member, message, value):
        self.count += 1
        return await pick(member, message, value)

    async def press(self, member, message, label):
        self.count += 1
        return await press(member, message, label)


async def click_action(member, message, action, taps: Taps | None = None):
    """Build ``action`` in the builder, picking only what a menu offers (a
    step with one legal choice takes it by itself), then Confirm."""
    taps = taps or Taps()
    if isinstance(action, SwapAction):
        message = await taps.press(member, message, "Swap tiles")
        if "picked for you" not in message.content:
            message = await taps.pick(member, message, list(dict.fromkeys(action.tiles)))
        assert "Swap **" in message.content
        return await taps.press(member, message, "Confirm")
    for tile, square in action.placements:
        for value in (tile, square):
            if menus(message) and value in option_values(message):
                message = await taps.pick(member, message, value)
            else:
                assert "picked for you" in message.content and plain(value) in message.content, value
    assert "✅ This play scores" in message.content
    return await taps.press(member, message, "Confirm")


async def test_a_step_with_one_legal_choice_takes_it(simcord_env, fast_previews, monkeypatch):
    """Issue 21: after ♠6 C1, only ♠7 may join it (no other 6, no other
    spade), so the builder picks ♠7 itself and says so: the 2-tile play
    ♠6 C1, ♠7 C2 takes 5 taps from the board (Show hand, ♠6, C1, C2,
    Confirm) where the builder without it took 6."""
    position = dict(hands=[["♠6", "♠7", "♦3", "★9"], ["♥2", "♥4", "♦6", "♠9"]],
                    common=["★1", "♣4", "♦9", "♥10"], to_act=0)
    move = PlayAction(placements=[("♠6", "C1"), ("♠7", "C2")])

    table = Table(simcord_env)
    host, guest = table.members
    await host.slash(table.channel, "setup new")
    await guest.click(table.lobby_message(), label="Join")
    await host.click(table.lobby_message(), label="Start")

    async def taps_for_the_move():
        live = table.live()
        state = build(**position)
        state.seats, state.config = live.state.seats, live.state.config
        live.state = state
        taps = Taps()
        taps.count += 1
        message = await show_hand(host, table.board_message())
        message = await taps.pick(host, message, "♠6")
        message = await taps.pick(host, message, "C1")
        seen = message.content, menu(message)["placeholder"]
        answer = await click_action(host, message, PlayAction(placements=move.placements[1:]), taps)
        assert plain("You played ♠6 C1, ♠7 C2") in answer.content and table.live().state.scores[0] == 2
        return taps.count, seen

    after, seen = await taps_for_the_move()
    assert after == 5
    assert plain("Only one choice fits, picked for you: ♠7") in seen[0] and seen[1] == plain("Put ♠7 on…")
    monkeypatch.setattr(setup_builder, "only", lambda choices: None)
    before, seen = await taps_for_the_move()
    assert before == 6 and "picked for you" not in seen[0] and seen[1] == "Pick a tile"


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


async def test_a_swap_with_one_tile_in_hand_is_ready_to_confirm(simcord_env, fast_previews):
    table = Table(simcord_env)
    host, guest = table.members
    await host.slash(table.channel, "setup new")
    await guest.click(table.lobby_message(), label="Join")
    await host.click(table.lobby_message(), label="Start")
    live = table.live()
    state = build(hands=[["♠6"], ["♥2", "♥4", "♦6", "♠9"]], common=["★1", "♣4", "♦9", "♥10"], to_act=0)
    state.seats, state.config = live.state.seats, live.state.config
    live.state = state
    message = await press(host, await show_hand(host, table.board_message()), "Swap tiles")
    assert plain("picked for you: ♠6") in message.content and plain("Swap **♠6**.") in message.content
    assert not buttons(message)["Confirm"].get("disabled")
    answer = await press(host, message, "Confirm")
    assert "✅" in answer.content and table.live().record.version == 1
