"""/privacy show and /privacy delete: after the delete, no table or column of
the database holds the player's id or name (the marker stands in their
seats), the deletion logs neither, and leaderboards, stats, history and
replays still render. Refused while the player is in a live game."""
from __future__ import annotations

import logging

import pytest

from db.privacy import FORMER_PLAYER
from games.definition import GameDefinition
from tables.registry import GameRegistry, default_registry
from tests.conftest import Table, last_reply
from tests.platform.privacy_kit import play_to_the_end, traces
from tests.support.highcard import HighcardEngine, HighcardRenderer

NAME = "Zyxquv Prívat 隐"


@pytest.fixture
def simcord_bot(bot_builder):
    highcard = GameDefinition(HighcardEngine(), HighcardRenderer())
    return bot_builder(GameRegistry([highcard, *default_registry()]))


@pytest.fixture
def players(simcord_env):
    return Table(simcord_env, names=(NAME, "bob"))


async def played_everything(t: Table) -> dict[str, int]:
    """Rated games of every kind with the player; their ids by game type."""
    me, bob = t.members
    games = {}
    live = await t.open_and_start()  # through Discord, the player hosting
    await t.play_to_end()
    games["highcard"] = live.id
    for seed, game_type in enumerate(("setup", "cubed", "deathfront"), start=1):
        host, guest = (bob, me) if seed % 2 else (me, bob)
        games[game_type] = await play_to_the_end(t, game_type, host, guest, seed)
    answer = last_reply(await me.slash(t.channel, "settings dm", mode="hand"))
    assert "⚠️" not in answer.content
    return games


async def test_show_lists_what_is_stored_privately(players):
    t = players
    me = t.members[0]
    await played_everything(t)
    shown = last_reply(await me.slash(t.channel, "privacy show"))
    assert shown.ephemeral
    assert "What Tabletop stores about you" in shown.content
    assert "Zyxquv Prívat 隐" in shown.content
    for game in ("Highcard", "SETUP", "CUBED", "Death Front"):
        assert game in shown.content
    assert "1 finished" in shown.content and "you hosted 2" in shown.content
    assert "DMs every hand" in shown.content or "DMs hand" in shown.content
    assert "Web board: nothing is stored on the server" in shown.content


async def test_delete_leaves_no_trace_and_everything_still_renders(players, caplog, locales):
    t = players
    me, bob = t.members
    games = await played_everything(t)
    db = t.service.db
    before = await traces(db, me.id, NAME)
    # The scan can fail: before the delete the player is everywhere.
    assert {("ratings", "user_id"), ("ratings", "name"), ("results", "user_id"), ("games", "seats"),
            ("games", "host_id"), ("snapshots", "state"), ("user_settings", "user_id")} <= set(before)

    states = {g: await t.service.games.snapshot(games[g]) for g in ("setup", "cubed", "deathfront")}
    assert all(NAME in str(state) for state in states.values())  # each engine copied the names into its state

    ask = last_reply(await me.slash(t.channel, "privacy delete"))
    assert ask.ephemeral and "cannot be undone" in ask.content
    caplog.set_level(logging.DEBUG)
    caplog.clear()
    done = (await me.click(ask, label="Delete my data")).response
    assert "you are now “a former player” in 4 game records" in done.content
    assert not done.components
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert NAME not in logged and str(me.id) not in logged
    assert "forgot a player on request: 4 games anonymised" in logged

    assert await traces(db, me.id, NAME) == []
    for game_type, (seq, state) in states.items():
        after = await t.service.games.snapshot(games[game_type])
        assert after is not None and after[0] == seq
        assert str(state).count(NAME) == str(after[1]).count(FORMER_PLAYER) > 0, game_type
        assert "bob" in str(after[1])  # the other player keeps their name
    finished = await t.service.games.get(games["setup"])
    assert finished is not None
    assert [s.name for s in finished.seats if s.user_id is None] == [FORMER_PLAYER]
    results = await t.service.games.results(games["setup"])
    assert len(results) == 2 and sorted(r["user_id"] is None for r in results) == [False, True]

    board = last_reply(await bob.slash(t.channel, "leaderboard", game="highcard"))
    assert "Highcard leaderboard" in board.content and "bob" in board.content
    stats = last_reply(await bob.slash(t.channel, "stats"))
    assert "Games 1" in stats.embeds[0].fields[0].value
    history = last_reply(await bob.slash(t.channel, "history", game_id=games["highcard"]))
    assert "a former player played" in history.content
    for game_type in ("setup", "cubed", "deathfront"):
        lines = last_reply(await bob.slash(t.channel, "history", game_id=games[game_type]))
        assert "⚠️" not in lines.content and NAME not in lines.content, game_type
        # The log's last page names whoever acted last; the results line names every seat.
        if game_type != "deathfront":
            assert "a former player" in lines.content, game_type
    locales[bob.id] = "zh-CN"
    chinese = last_reply(await bob.slash(t.channel, "history", game_id=games["cubed"]))
    assert "一位前玩家" in chinese.content
    locales.pop(bob.id)
    animation = last_reply(await bob.slash(t.channel, "replay", game_id=games["setup"]))
    assert animation.attachments and animation.attachments[0].filename.endswith(".gif")
    again = last_reply(await me.slash(t.channel, "privacy show"))
    assert "Ratings: none." in again.content and "Games: none." in again.content


async def test_delete_is_refused_while_in_a_live_game_and_cancel_keeps_everything(players, locales):
    t = players
    me, bob = t.members
    await played_everything(t)
    lobby = await t.service.open_lobby("highcard", t.guild.id, t.channel.id, bob.id, "bob")
    await t.service.join(lobby.id, me.id, NAME)
    before = await traces(t.service.db, me.id, NAME)
    refused = last_reply(await me.slash(t.channel, "privacy delete"))
    assert refused.ephemeral and f"#{lobby.id}" in refused.content and "⚠️" in refused.content
    locales[me.id] = "zh-TW"
    assert "未結束的大廳或遊戲" in last_reply(await me.slash(t.channel, "privacy delete")).content
    await t.service.leave(lobby.id, me.id)
    ask = last_reply(await me.slash(t.channel, "privacy delete"))
    assert "此操作無法復原" in ask.content
    cancelled = (await me.click(ask, label="取消")).response
    assert cancelled.content == "沒有刪除任何內容。"
    assert await traces(t.service.db, me.id, NAME) == before

    # A lobby opened between the question and the Confirm: refused at the Confirm, nothing changed.
    ask = last_reply(await me.slash(t.channel, "privacy delete"))
    await t.service.join(lobby.id, me.id, NAME)
    late = (await me.click(ask, label="刪除我的資料")).response
    assert "⚠️" in late.content and f"#{lobby.id}" in late.content
    assert await traces(t.service.db, me.id, NAME) == before
