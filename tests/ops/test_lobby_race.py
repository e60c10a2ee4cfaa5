"""Simultaneous `new` commands in one channel open one lobby; the others get
the ordinary "already a game here" answer."""
from __future__ import annotations

import asyncio

import pytest

from tables.errors import TableError
from tests.conftest import Table, last_reply

BUSY = "This channel already has a game or lobby"


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
async def test_four_simultaneous_new_lobbies_open_one(simcord_env, game):
    # SimCord runs one interaction at a time, so the race is run on the
    # service that every `new` command calls.
    table = Table(simcord_env)
    service = table.service
    outcomes = await asyncio.gather(
        *(service.open_lobby(game, table.guild.id, table.channel.id, user, f"u{user}") for user in range(1, 5)),
        return_exceptions=True)
    opened = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(opened) == 1
    assert [type(o) for o in refused] == [TableError] * 3
    assert {o.key for o in refused} == {"core.err.channel_busy"}
    live = await service.games.all_live()
    assert [r.id for r in live] == [opened[0].id] and table.live() is opened[0]


@pytest.mark.parametrize("command", ["setup new", "cubed new", "deathfront new"])
async def test_a_second_new_gets_the_normal_private_answer(simcord_env, command):
    table = Table(simcord_env)
    first, second = table.members
    await first.slash(table.channel, command)
    reply = last_reply(await second.slash(table.channel, command))
    assert reply.ephemeral and BUSY in reply.content


async def test_the_databases_unique_refusal_becomes_the_same_answer(simcord_env, monkeypatch):
    """Another process took the channel between our check and our insert."""
    table = Table(simcord_env)
    service = table.service
    await service.open_lobby("setup", table.guild.id, table.channel.id, 1, "one")
    service.tables.remove(service.in_channel(table.channel.id))  # as if another process had opened it

    async def nothing_live(channel_id):
        return None

    monkeypatch.setattr(service.games, "live_in_channel", nothing_live)
    with pytest.raises(TableError) as refused:
        await service.open_lobby("setup", table.guild.id, table.channel.id, 2, "two")
    assert refused.value.key == "core.err.channel_busy"
    assert len(await service.games.all_live()) == 1
