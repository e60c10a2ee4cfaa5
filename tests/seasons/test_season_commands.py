"""/season start|end: Manage Server only (hidden from others by default, and
refused at run time where a server shows it to everyone), never in a DM,
no second start while a season runs; rating history across a restart;
/privacy delete forgets archived seasons and history."""
from __future__ import annotations

import pytest
from simcord.backend.errors import SetupError

from db import rating_history
from db import seasons as stored
from tests.conftest import last_reply
from tests.platform.privacy_kit import traces
from tests.seasons.kit import manager, play_game, say


async def test_others_do_not_see_the_command_and_are_refused_when_a_server_shows_it(table):
    alice = table.members[0]
    with pytest.raises(SetupError, match="default-member-permissions"):
        await alice.slash(table.channel, "season start")
    command = table.env.backend.find_command("season", table.guild.id)
    table.guild.set_command_permissions(int(command["id"]), {alice: True})  # a server shows it to alice
    for sub in ("season start", "season end"):
        answer = last_reply(await alice.slash(table.channel, sub))
        assert answer.ephemeral and "Only server managers (Manage Server) can do that." in answer.content
    assert await stored.latest(table.service.db, table.guild.id) is None


async def test_not_in_a_dm(table):
    mod = manager(table)
    with pytest.raises(SetupError, match="context"):
        await mod.user.slash("season start")
    assert await stored.latest(table.service.db, table.guild.id) is None


async def test_a_second_start_is_refused_while_a_season_runs_and_an_end_without_one(table):
    mod = manager(table)
    refused = last_reply(await mod.slash(table.channel, "season end"))
    assert refused.ephemeral and "No season is running." in refused.content
    await say(mod, table, "season start", name="One")
    await play_game(table)
    before = await table.service.db.fetchall("SELECT * FROM ratings ORDER BY user_id")
    again = last_reply(await mod.slash(table.channel, "season start", name="Two"))
    assert again.ephemeral and "Season 1 is running." in again.content
    assert [s.number for s in await stored.all_of(table.service.db, table.guild.id)] == [1, 0]
    assert await table.service.db.fetchall("SELECT * FROM ratings ORDER BY user_id") == before
    shown = await say(mod, table, "season show")
    assert "**Season 1: One**: running since" in shown and "Before seasons: until" in shown


async def test_rating_history_survives_a_restart(table, make_bot):
    mod = manager(table)
    first = await play_game(table)
    await say(mod, table, "season start")
    second = await play_game(table)
    alice = table.members[0]
    points = await rating_history.history(table.service.db, table.guild.id, alice.id)
    await table.env.restart_bot(make_bot())
    again = await rating_history.history(table.service.db, table.guild.id, alice.id)
    assert again == points and [(p.game_id, p.season) for p in again] == [(first, 0), (second, 1)]
    assert await table.service.db.fetchval("SELECT COUNT(*) FROM rating_history") == 4


async def test_privacy_shows_and_deletes_archived_seasons_and_history(table):
    mod = manager(table)
    alice = table.members[0]
    await play_game(table)
    await say(mod, table, "season start")
    await play_game(table)
    await say(mod, table, "season end")
    shown = await say(alice, table, "privacy show")
    assert "Ratings of ended seasons" in shown and "Highcard in Test Guild, Season 1: rating" in shown
    assert "Rating history: 2 points" in shown
    found = await traces(table.service.db, alice.id, "alice")
    assert {("rating_history", "user_id"), ("season_ratings", "user_id"), ("season_ratings", "name")} <= set(found)
    ask = last_reply(await alice.slash(table.channel, "privacy delete"))
    await alice.click(ask, label="Delete my data")
    assert await traces(table.service.db, alice.id, "alice") == []
    board = await say(table.members[1], table, "leaderboard", game="highcard", season=1)
    assert "bob" in board and "alice" not in board
