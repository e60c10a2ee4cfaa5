"""Picking sides in team lobbies (issue 24) through SimCord: SETUP 2 vs 2 and
Death Front with 4 players. Players click a side, the host moves a seat with
the select, refusals are private and change nothing, and the game's teams
are the sides picked (who starts still names the chosen player)."""
from __future__ import annotations

import pytest

from engines.deathfront.cards import ALLIED_FACTIONS, AXIS_FACTIONS
from tables.errors import TableError
from tables.registry import default_registry
from tests.conftest import Table, last_reply
from tests.teams.kit import GAMES, move, open_lobby, pick, start


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), GAMES)


def teams_text(table: Table) -> str:
    return next(f.value for f in table.lobby_message().embeds[0].fields if f.name == "Teams")


def sides(live) -> list[object]:
    return [seat.options.get("side") for seat in live.seats]


async def test_setup_sides_by_buttons_and_the_hosts_move(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave", "erin"))
    alice, bob, carol, dave, erin = table.members
    table.members = table.members[:4]  # erin watches
    live = await open_lobby(table, "setup new", mode="teams")
    labels = {c["custom_id"]: c.get("label") for row in table.lobby_message().components
              for c in row.to_dict()["components"]}
    assert labels[f"tt:side:0:{live.id}"] == "Team A" and labels[f"tt:side:1:{live.id}"] == "Team B"

    assert await pick(alice, table, 1) is None
    assert await pick(bob, table, 0) is None
    assert await pick(carol, table, 1) is None
    assert sides(live) == [1, 0, 1, None]
    assert await pick(dave, table, 1) == "That side is full: 2 players a side."
    assert sides(live) == [1, 0, 1, None]
    assert await pick(erin, table, 0) == "You are not in this lobby."
    # Carol may not move Bob; the host moves Carol to Team A.
    assert await move(carol, table, 1, 1) == "Only the host can do that."
    assert await move(alice, table, 2, 0) is None
    assert sides(live) == [1, 0, 0, None]
    assert teams_text(table) == ("🟦 **Team A** (2/2): bob, carol\n🟥 **Team B** (1/2): alice, (free place)\n"
                                 "Not on a side yet (placed at Start): dave")
    # Who starts: Carol (lobby seat 3) — still Carol once the seats are ordered by side.
    await alice.select(table.lobby_message(), ["2"], custom_id=f"tt:first:{live.id}")
    await start(table)
    assert [s.name for s in live.seats] == ["bob", "carol", "alice", "dave"]
    assert live.engine.teams(live.state) == [0, 0, 1, 1]
    assert live.state.current_seat == 1 and live.seats[1].name == "carol"


async def test_refusals_change_nothing(simcord_env):
    table = Table(simcord_env, names=("alice", "bob"))
    alice, bob = table.members
    live = await open_lobby(table, "setup new")  # free-for-all: not a team lobby
    assert not any(c["custom_id"].startswith("tt:side") for row in table.lobby_message().components
                   for c in row.to_dict()["components"])
    with pytest.raises(TableError) as refused:
        await table.service.pick_side(live.id, alice.id, 0)
    assert refused.value.key == "teams.err.not_team_lobby"
    assert all("side" not in seat.options for seat in live.seats)


async def test_deathfront_sides_agree_with_factions(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    alice, bob, carol, dave = table.members
    live = await open_lobby(table, "deathfront new", players=4)
    labels = {c["custom_id"]: c.get("label") for row in table.lobby_message().components
              for c in row.to_dict()["components"]}
    assert labels[f"tt:side:0:{live.id}"] == "Allies" and labels[f"tt:side:1:{live.id}"] == "Axis"

    await bob.slash(table.channel, "deathfront faction", faction="us")  # a faction sets the side
    assert "🟦 **Allies** (1/2): bob" in teams_text(table)
    assert await pick(bob, table, 1) is None  # Axis: his Allied faction goes
    assert live.seats[1].options == {"side": 1}
    assert await pick(alice, table, 1) is None
    assert "🟥 **Axis** (2/2): alice, bob" in teams_text(table)
    result = await dave.slash(table.channel, "deathfront faction", faction="ss")  # the Axis is full
    assert "That side is full" in last_reply(result).content and live.seats[3].options == {}
    assert await pick(carol, table, 0) is None
    assert await move(alice, table, 3, 1) == "That side is full: 2 players a side."
    assert await move(alice, table, 3, 0) is None  # the host places Dave with the Allies
    await start(table)
    factions = live.state.factions
    assert factions[0] in AXIS_FACTIONS and factions[1] in AXIS_FACTIONS
    assert factions[2] in ALLIED_FACTIONS and factions[3] in ALLIED_FACTIONS
    assert live.engine.teams(live.state) == [1, 1, 0, 0]


async def test_deathfront_unassigned_seats_fill_the_sides_with_room(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    alice = table.members[0]
    live = await open_lobby(table, "deathfront new", players=4)
    assert await pick(alice, table, 1) is None
    await start(table)
    teams = live.engine.teams(live.state)
    assert teams[0] == 1 and sorted(teams) == [0, 0, 1, 1]


async def test_the_host_places_ai_seats(simcord_env):
    table = Table(simcord_env, names=("alice", "bob"))
    alice, bob = table.members
    live = await open_lobby(table, "setup new", mode="teams")
    for _ in range(2):
        await alice.click(table.lobby_message(), custom_id=f"tt:lobby:ai:{live.id}")
    rows = table.lobby_message().components
    assert len(rows) == 5  # lobby buttons, option and side buttons, AI level, who starts, move a player
    assert await pick(bob, table, 0) is None
    assert await move(alice, table, 2, 0) is None  # AI 1 joins Bob
    assert await move(bob, table, 3, 1) == "Only the host can do that."
    await start(table)
    assert [s.name for s in live.seats] == ["bob", "AI 1", "alice", "AI 2"]
    assert live.engine.teams(live.state) == [0, 0, 1, 1]
