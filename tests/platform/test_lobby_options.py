"""Lobby options by clicking (issue 25): CUBED's points table, Death Front's
round limit, SETUP's rounds of swaps, and who starts — set by the host in the
lobby (SimCord), shown on the lobby message, used by the game that starts;
refused to anyone else and for values out of range."""
from __future__ import annotations

import discord
import pytest

from bot import SHARED_EXTENSIONS
from engines.deathfront.cards import ALLIED_FACTIONS
from tables.errors import TableError
from tables.registry import default_registry
from tests.conftest import Table, last_reply

ALL_GAMES = [*SHARED_EXTENSIONS, "cogs.games.cubed", "cogs.games.setup", "cogs.games.deathfront"]


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), ALL_GAMES)


def components(message) -> list[dict]:
    """Every control of a message as its JSON (a reply's are dicts, a channel message's discord.py objects)."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [c for row in rows for c in row["components"]]


def selects(message) -> dict[str, dict]:
    """The select menus of a message by custom id."""
    return {c["custom_id"]: c for c in components(message) if c.get("type") == 3}


def chosen(message, custom_id: str) -> list[str]:
    return [o["value"] for o in selects(message)[custom_id]["options"] if o.get("default")]


def options_line(table: Table) -> str:
    return table.lobby_message().embeds[0].fields[1].value


async def open_lobby(table: Table, command: str, joiners: int = 1, **options):
    host = table.members[0]
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, command, **options)
    live = table.live()
    for member in table.members[1:1 + joiners]:
        await member.click(table.lobby_message(), custom_id=f"tt:lobby:join:{live.id}")
    return live


async def options_panel(member, table: Table):
    """The Options button's private panel."""
    result = await member.click(table.lobby_message(), custom_id=f"tt:lobbyopts:{table.live().id}")
    reply = last_reply(result)
    assert reply.ephemeral
    return reply


async def start(table: Table):
    live = table.live()
    await table.members[0].click(table.lobby_message(), custom_id=f"tt:lobby:start:{live.id}")
    assert live.record.status == "playing"
    return live


async def test_cubed_points_table_and_who_starts_by_clicks(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = table.members
    live = await open_lobby(table, "cubed new", joiners=2, rounds=1)
    assert "Points in hand: Standard (blocker 5 · one-colour 3 · two-colour 2 · three-colour 1)" in options_line(table)
    assert "Who starts: Random" in options_line(table)

    panel = await options_panel(alice, table)
    ids = list(selects(panel))
    assert ids == [f"tt:lopt:{key}:{live.id}" for key in
                   ("points", "points_blocker", "points_one", "points_two", "points_three")]
    assert chosen(panel, f"tt:lopt:points:{live.id}") == ["standard"]
    panel = (await alice.select(panel, ["flat"], custom_id=f"tt:lopt:points:{live.id}")).response or panel
    assert "Points in hand: Flat (blocker 1 · one-colour 1 · two-colour 1 · three-colour 1)" in options_line(table)
    await alice.select(panel, ["7"], custom_id=f"tt:lopt:points_blocker:{live.id}")
    assert "Points in hand: Custom (blocker 7 · one-colour 1" in options_line(table)
    panel = await options_panel(alice, table)  # opened again: the current values are chosen
    assert chosen(panel, f"tt:lopt:points_blocker:{live.id}") == ["7"]
    assert chosen(panel, f"tt:lopt:points:{live.id}") == []  # custom: no preset

    lobby = table.lobby_message()
    assert chosen(lobby, f"tt:first:{live.id}") == ["default"]
    await alice.select(lobby, ["2"], custom_id=f"tt:first:{live.id}")
    assert "Who starts: 3. carol" in options_line(table)
    assert chosen(table.lobby_message(), f"tt:first:{live.id}") == ["2"]

    live = await start(table)
    assert live.state.config.points.model_dump() == {"blocker": 7, "one": 1, "two": 1, "three": 1}
    assert live.state.config.first_seat == 2 and live.state.current == 2


async def test_only_the_host_sets_options(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    live = await open_lobby(table, "cubed new")
    before = dict(live.record.config)
    reply = last_reply(await bob.click(table.lobby_message(), custom_id=f"tt:lobbyopts:{live.id}"))
    assert reply.ephemeral and reply.content == "⚠️ Only the host can do that."
    with pytest.raises(TableError) as refused:  # the panel's select, were it someone else's click
        await table.service.set_option(live.id, bob.id, "points", "flat")
    assert refused.value.key == "core.err.host_only"
    result = await bob.select(table.lobby_message(), ["1"], custom_id=f"tt:first:{live.id}")
    assert "Only the host can do that." in last_reply(result).content
    assert live.record.config == before


async def test_bad_values_are_refused_and_change_nothing(simcord_env):
    table = Table(simcord_env)
    alice = table.members[0]
    live = await open_lobby(table, "deathfront new")
    service = table.service
    before = dict(live.record.config)
    for key, value, refusal in [("round_limit", "999", "core.err.bad_option"), ("round_limit", "ten", "core.err.bad_option"),
                                ("no_such_option", "1", "core.err.bad_option"), ("points", "flat", "core.err.bad_option"),
                                ("first_seat", "2", "core.err.bad_first_seat"), ("first_seat", "-1", "core.err.bad_first_seat")]:
        with pytest.raises(TableError) as refused:
            await service.set_option(live.id, alice.id, key, value)
        assert refused.value.key == refusal
        assert live.record.config == before


async def test_deathfront_round_limit_and_who_starts(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    live = await open_lobby(table, "deathfront new")
    assert "Round limit: 30" in options_line(table)
    assert "Who starts: Random" in options_line(table)
    panel = await options_panel(alice, table)
    assert list(selects(panel)) == [f"tt:lopt:round_limit:{live.id}"]
    assert chosen(panel, f"tt:lopt:round_limit:{live.id}") == ["30"]
    await alice.select(panel, ["10"], custom_id=f"tt:lopt:round_limit:{live.id}")
    assert "Round limit: 10" in options_line(table)
    await alice.select(table.lobby_message(), ["1"], custom_id=f"tt:first:{live.id}")
    assert "Who starts: 2. bob" in options_line(table)
    live = await start(table)
    state = live.state
    assert state.config.round_limit == 10
    # bob was chosen to start: he plays the Allies, who act first.
    assert state.factions[1] in ALLIED_FACTIONS and state.factions[0] not in ALLIED_FACTIONS


async def test_deathfront_a_starter_who_chose_the_axis_is_refused_at_start(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    live = await open_lobby(table, "deathfront new")
    await bob.slash(table.channel, "deathfront faction", faction="ss")
    await alice.select(table.lobby_message(), ["1"], custom_id=f"tt:first:{live.id}")
    result = await alice.click(table.lobby_message(), custom_id=f"tt:lobby:start:{live.id}")
    assert "The Allies act first" in last_reply(result).content
    assert live.record.status == "lobby"


async def test_setup_rounds_of_swaps_and_who_starts(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    live = await open_lobby(table, "setup new")
    assert "Rounds of swaps that end the game: 3" in options_line(table)
    panel = await options_panel(alice, table)
    await alice.select(panel, ["5"], custom_id=f"tt:lopt:stall_rounds:{live.id}")
    assert "Rounds of swaps that end the game: 5" in options_line(table)
    await alice.select(table.lobby_message(), ["1"], custom_id=f"tt:first:{live.id}")
    live = await start(table)
    assert live.state.config.stall_rounds == 5
    assert live.state.current_seat == 1


async def test_slash_command_options(simcord_env):
    table = Table(simcord_env)
    live = await open_lobby(table, "setup new", stall_rounds=7)
    assert live.record.config["stall_rounds"] == 7
    await table.members[0].click(table.lobby_message(), custom_id=f"tt:lobby:cancel:{live.id}")
    live = await open_lobby(table, "deathfront new", round_limit=12)
    assert live.record.config["round_limit"] == 12
    await table.members[0].click(table.lobby_message(), custom_id=f"tt:lobby:cancel:{live.id}")
    live = await open_lobby(table, "cubed new", points="steep")
    assert live.record.config["points"] == {"blocker": 10, "one": 5, "two": 2, "three": 1}


async def test_the_chosen_starter_keeps_their_seat_when_another_leaves(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = table.members
    live = await open_lobby(table, "cubed new", joiners=2, rounds=1)
    await alice.select(table.lobby_message(), ["2"], custom_id=f"tt:first:{live.id}")
    await bob.click(table.lobby_message(), custom_id=f"tt:lobby:leave:{live.id}")
    assert live.record.config["first_seat"] == 1 and "Who starts: 2. carol" in options_line(table)
    await alice.select(table.lobby_message(), ["1"], custom_id=f"tt:first:{live.id}")
    await carol.click(table.lobby_message(), custom_id=f"tt:lobby:leave:{live.id}")
    assert live.record.config["first_seat"] is None and "Who starts: Random" in options_line(table)


async def test_the_lobby_shows_the_options_in_the_servers_language(simcord_env):
    table = Table(simcord_env)
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    await mod.slash(table.channel, "settings language", language="zh-CN")
    live = await open_lobby(table, "cubed new")
    line = options_line(table)
    assert "手中棋子计分：标准（阻挡块 5 · 单色 3 · 双色 2 · 三色 1）" in line and "谁先手：随机" in line
    lobby = table.lobby_message()
    assert selects(lobby)[f"tt:first:{live.id}"]["placeholder"] == "谁先手"
    assert any(c.get("label") == "选项" for c in components(lobby))
