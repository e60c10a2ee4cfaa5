"""Whole games by clicking only, as a player on a phone plays them: each
keeps their private panel open (it redraws itself when the game moves on)
and opens a new one only when they have none. Counted in SimCord:

- REST requests of the bot per move, interaction replies excepted (they are
  not under the bot's request budget): at most 2.0 on average;
- at most one private panel per player at any time, and no enabled control
  on a panel that does not show the game's newest version;
- when the game ends, no panel keeps a working control.
"""
from __future__ import annotations

import random
import re

import pytest
from simcord.results import ResponseMessage

from engines.cubed.engine import CubedEngine
from engines.setup.engine import SetupEngine
from tests.click import test_click_cubed as cubed_clicks
from tests.click import test_click_deathfront as df_clicks
from tests.click import test_click_setup as setup_clicks
from tests.click.clicking import all_games_bot, show_hand, stub_previews
from tests.conftest import Table

VERSION_IN_ID = re.compile(r"^tt:b:\d+:(\d+):")


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


def enabled_controls(message) -> list[dict]:
    return [c for row in message.components for c in row.get("components", [])
            if c.get("type") in (2, 3) and c.get("custom_id") and not c.get("disabled")]


def panels_of(env, channel_id: int, user_id: int) -> list:
    """The user's private messages in the channel that still exist."""
    return [m for m in env.backend.messages.get(channel_id, {}).values()
            if m.is_ephemeral and (m.interaction_metadata or {}).get("user", {}).get("id") in (user_id, str(user_id))]


def check_panels(env, table: Table) -> None:
    live = table.live()
    for member in table.members:
        working = [m for m in panels_of(env, table.channel.id, member.id) if enabled_controls(m)]
        assert len(working) <= 1, [m.content[:60] for m in working]
        for message in working:  # a working control always acts on the newest version
            versions = {int(v[1]) for c in enabled_controls(message)
                        if (v := VERSION_IN_ID.match(c["custom_id"]))}
            assert live is None or versions <= {live.record.version}, (versions, live.record.version)


def bot_requests(env, since: int) -> list:
    return [r for r in env.http_requests[since:]
            if not r.path.startswith("/interactions/") and not r.path.startswith("/webhooks/")]


async def play(env, table: Table, choose, click) -> int:
    """Play to the end by clicking; the number of moves."""
    held: dict[int, int] = {}  # member id -> their panel's message id
    rng = random.Random(3)
    seen: set[str] = set()
    moves = 0
    while (live := table.live()) is not None and live.record.status == "playing":
        assert moves < 900
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        stored = env.backend.messages.get(table.channel.id, {}).get(held.get(member.id, -1))
        message = ResponseMessage(env, stored) if stored is not None else None
        if message is None or not enabled_controls(message):
            message = await show_hand(member, table.board_message())
            held[member.id] = message.id
        action = choose(live.state, seat, rng, seen)
        version = live.record.version
        answer = await click(member, message, action, live.state, seat)
        assert live.record.version > version, (action, answer.content)
        held[member.id] = answer.id
        moves += 1
        check_panels(env, table)
    return moves


def setup_choice(state, seat, rng, seen):
    return SetupEngine().ai_action(state, seat, rng)


def cubed_choice(state, seat, rng, seen):
    return CubedEngine().ai_action(state, seat, rng)


async def setup_click(member, message, action, state, seat):
    return await setup_clicks.click_action(member, message, action)


GAMES = {
    "setup": ("setup new", setup_choice, setup_click),
    "cubed": ("cubed new", cubed_choice, None),
    "deathfront": ("deathfront new", df_clicks.choose, df_clicks.click_action),
}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_by_clicking_costs_at_most_two_requests_per_move(simcord_env, game):
    command, choose, click = GAMES[game]
    table = Table(simcord_env)
    host, guest = table.members
    await host.slash(table.channel, command, **({"rounds": 1} if game == "cubed" else {}))
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = 7
    since = len(simcord_env.http_requests)
    await host.click(table.lobby_message(), label="Start")
    game_id = table.live().id
    if click is None:  # CUBED's helper wants the table
        async def click(member, message, action, state, seat):
            return await cubed_clicks.click_action(member, message, action, table)
    await play(simcord_env, table, choose, click)
    await simcord_env.settle()
    record = await table.service.games.get(game_id)
    assert record.status == "finished"
    actions = len(await table.service.games.actions(game_id))
    requests = bot_requests(simcord_env, since)
    per_move = len(requests) / actions
    kinds: dict[str, int] = {}
    for r in requests:
        kinds[r.method] = kinds.get(r.method, 0) + 1
    print(f"\n{game}: {actions} moves, {len(requests)} requests ({per_move:.2f}/move) {kinds}")
    assert per_move <= 2.0, kinds
    for member in table.members:  # the game is over: no panel keeps a working control
        assert not [m for m in panels_of(simcord_env, table.channel.id, member.id) if enabled_controls(m)]
