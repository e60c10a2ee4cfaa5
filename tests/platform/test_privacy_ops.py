"""The operators' side of privacy: ``tabletop forget USER_ID`` against the
database of a running bot, and PRUNE_ACTIONS_AFTER_DAYS (old action logs of
games over are deleted; their history and replay say so)."""
from __future__ import annotations

import asyncio

import pytest

from app.cli import main as cli_main
from app.settings import Settings
from cogs.account.privacy import PrivacyCog
from tables.pruning import DAY, Pruner
from tests.conftest import Table, last_reply
from tests.platform.privacy_kit import traces


def no_build(settings):
    raise AssertionError("forget builds no bot")


async def finished_game(t: Table) -> int:
    live = await t.open_and_start()
    await t.play_to_end()
    return live.id


async def test_forget_from_the_command_line_while_the_bot_runs(table, monkeypatch, capsys, database_url):
    alice, bob = table.members
    game_id = await finished_game(table)
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("LOG_LEVEL", "INFO")
    lobby = await table.service.open_lobby("highcard", table.guild.id, table.channel.id, alice.id, "alice")
    await table.service.join(lobby.id, bob.id, "bob")

    status = await asyncio.to_thread(cli_main, ["forget", str(bob.id)], no_build)
    assert status == 1
    assert f"refused: You are in a lobby or game that is not over (#{lobby.id})" in capsys.readouterr().err
    assert ("ratings", "name") in await traces(table.service.db, bob.id, "bob")

    await table.service.leave(lobby.id, bob.id)
    status = await asyncio.to_thread(cli_main, ["forget", str(bob.id)], no_build)
    out = capsys.readouterr()
    assert status == 0, out.err
    assert "ok: 1 game records anonymised, 1 ratings" in out.out
    assert str(bob.id) not in out.out + out.err and "bob" not in out.out + out.err
    assert await traces(table.service.db, bob.id, "bob") == []
    board = last_reply(await alice.slash(table.channel, "leaderboard", game="highcard"))
    assert "alice" in board.content and "bob" not in board.content
    history = last_reply(await alice.slash(table.channel, "history", game_id=game_id))
    assert "a former player played" in history.content


async def test_bad_user_id_is_refused_by_the_command_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli_main(["forget", "someone"], no_build)
    assert exit_.value.code == 2
    assert "invalid int value" in capsys.readouterr().err


async def test_pruned_games_say_so_in_history_and_replay(table, locales):
    alice, bob = table.members
    old = await finished_game(table)
    actions = await table.service.games.actions(old)
    assert actions
    # The game's own last change, on the bot's clock: the service's clock read
    # here, outside the bot, would follow the machine's uptime, not SimCord's
    # virtual time (see virtual_clock), and on a machine up for more than a day
    # every game looked a day older than it is.
    now = await table.service.db.fetchval("SELECT updated_at FROM games WHERE id = ?", (old,))
    assert await Pruner(table.service.db, 30, clock=lambda: now + 29 * DAY).prune() == 0  # not old enough
    recent = await finished_game(table)
    assert await Pruner(table.service.db, 30, clock=lambda: now + 31 * DAY).prune() == len(actions) * 2
    assert await table.service.games.actions(old) == []
    history = last_reply(await alice.slash(table.channel, "history", game_id=old))
    assert f"The moves of Highcard #{old} were deleted" in history.content
    replay = last_reply(await alice.slash(table.channel, "replay", game_id=recent))
    assert f"#{recent} were deleted" in replay.content and not replay.attachments
    locales[bob.id] = "zh-CN"
    assert "着法记录已超过本机器人的保存期限" in last_reply(await bob.slash(table.channel, "replay", game_id=old)).content
    rows = await table.service.games.results(old)
    assert len(rows) == 2  # the result stays
    live = await table.open_and_start()  # a live game is never pruned
    await table.member_for_seat(live.to_act()[0]).slash(table.channel, "highcard play",
                                                        card=max(live.state.hands[live.to_act()[0]]))
    assert await Pruner(table.service.db, 30, clock=lambda: now + 99 * DAY).prune() == 0
    assert len(await table.service.games.actions(live.id)) == 1


def test_the_setting_is_off_by_default_and_blank_means_off(database_url):
    base = dict(discord_token="x", database_url=database_url, _env_file=None)
    assert Settings(**base).prune_actions_after_days is None
    assert Settings(**base, prune_actions_after_days="").prune_actions_after_days is None
    assert Settings(**base, prune_actions_after_days="90").prune_actions_after_days == 90


async def test_the_bot_prunes_at_start_when_set(bot_builder, settings):
    settings.prune_actions_after_days = 7
    bot = bot_builder()
    await bot.db.open()
    cog = PrivacyCog(bot)
    assert cog.pruner is not None and cog.pruner.after_days == 7
    await cog.cog_load()
    assert cog.pruner.task is not None
    await cog.cog_unload()
    assert cog.pruner.task is None
