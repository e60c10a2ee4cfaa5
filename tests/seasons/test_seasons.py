"""Seasons: the carry-in (mu kept, sigma reset, games from 0), the archive
read back by /leaderboard season:, and games that outlive their season
(rated into the season they began in, never into the new one)."""
from __future__ import annotations

import pytest

from db import rating_history
from tables.ratings import MODEL
from tests.seasons.kit import archive_of, manager, play_game, ranked, say, table_of

FRESH_SIGMA = MODEL.rating().sigma


async def test_the_carry_in_keeps_mu_and_resets_sigma_games_and_wins(table):
    mod = manager(table)
    for _ in range(2):
        await play_game(table)
    before = await table_of(table)
    assert all(sigma < FRESH_SIGMA and games == 2 for _, sigma, games, _ in before.values())
    started = await say(mod, table, "season start", name="Spring")
    assert "Season 1: Spring" in started and "has started" in started
    after = await table_of(table)
    assert after == {user: (mu, FRESH_SIGMA, 0, 0) for user, (mu, _, _, _) in before.items()}
    # The table before seasons stays viewable as it was, as season 0.
    assert await archive_of(table, 0) == before
    empty = await say(table.members[0], table, "leaderboard", game="highcard")
    assert "Nobody has a rating in Highcard in Season 1: Spring." == empty


async def test_the_archive_reads_back_as_the_season_ended(table):
    mod = manager(table)
    alice = table.members[0]
    await say(mod, table, "season start")
    for _ in range(3):
        await play_game(table)
    season_one = await say(alice, table, "leaderboard", game="highcard")
    assert season_one.splitlines()[0] == "**Highcard leaderboard — Season 1**"
    at_end = await table_of(table)
    ended = await say(mod, table, "season end")
    assert "Season 1** has ended" in ended and "`/leaderboard game: season:1`" in ended
    await say(mod, table, "season start", name="Autumn")
    await play_game(table)
    assert await archive_of(table, 1) == at_end
    archived = await say(alice, table, "leaderboard", game="highcard", season=1)
    assert archived.splitlines()[0] == "**Highcard leaderboard — Season 1**"
    assert ranked(archived) == ranked(season_one) and len(ranked(archived)) == 2
    current = await say(alice, table, "leaderboard", game="highcard")
    assert current.splitlines()[0] == "**Highcard leaderboard — Season 2: Autumn**"
    assert [line.split()[-2] for line in ranked(current)] == ["1", "1"]  # one game each this season
    choices = await alice.autocomplete(table.channel, "leaderboard", "season", "", game="highcard")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Season 2: Autumn", 2), ("Season 1", 1), ("Before seasons", 0)]
    assert [c["value"] for c in await alice.autocomplete(table.channel, "leaderboard", "season", "autu",
                                                         game="highcard")] == [2]
    unknown = await say(alice, table, "leaderboard", game="highcard", season=7)
    assert "This server has no season 7." in unknown


async def test_a_game_begun_in_the_old_season_does_not_change_the_new_one(table):
    mod = manager(table)
    await say(mod, table, "season start")
    await play_game(table)
    live = await table.open_and_start()  # begun in season 1
    await say(mod, table, "season end")
    at_end = await archive_of(table, 1)
    await say(mod, table, "season start")
    carried = await table_of(table)
    await table.play_to_end()  # finished in season 2
    assert await table_of(table) == carried  # the new season's table: untouched
    later = await archive_of(table, 1)
    assert {user: row[2] for user, row in later.items()} == {user: 2 for user in at_end}  # credited to season 1
    assert later != at_end
    points = await rating_history.history(table.service.db, table.guild.id, table.members[0].id)
    assert [(p.game_id, p.season) for p in points][-1] == (live.id, 1)
    assert points[-1].mu == later[table.members[0].id][0]
    assert ranked(await say(table.members[0], table, "leaderboard", game="highcard")) == []


async def test_a_game_begun_between_seasons_and_ended_in_the_next_is_not_rated(table):
    mod = manager(table)
    await say(mod, table, "season start")
    await say(mod, table, "season end")
    live = await table.open_and_start()  # between seasons 1 and 2
    await say(mod, table, "season start")
    carried = await table_of(table)
    await table.play_to_end()
    assert await table_of(table) == carried
    rows = await table.service.db.fetchall("SELECT rated FROM results WHERE game_id = ?", (live.id,))
    assert [r["rated"] for r in rows] == [0, 0]
    assert await table.service.db.fetchval("SELECT COUNT(*) FROM rating_history WHERE game_id = ?", (live.id,)) == 0
    posted = "\n".join(m.content + "".join(str(e.to_dict()) for e in m.embeds) for m in table.channel.history())
    assert "began between two seasons" in posted


async def test_games_between_seasons_are_rated_and_carried_into_the_next(table):
    mod = manager(table)
    await say(mod, table, "season start")
    await say(mod, table, "season end")
    await play_game(table)
    between = await say(table.members[0], table, "leaderboard", game="highcard")
    assert between.splitlines()[0] == "**Highcard leaderboard — Between seasons (after season 1)**"
    assert len(ranked(between)) == 2
    mus = {user: row[0] for user, row in (await table_of(table)).items()}
    await say(mod, table, "season start")
    assert {user: row[0] for user, row in (await table_of(table)).items()} == mus
    assert ranked(await say(table.members[0], table, "leaderboard", game="highcard", season=1)) == []


@pytest.mark.parametrize(("locale", "title", "empty"), [
    ("zh-CN", "**Highcard 排行榜——第 1 赛季：春**", "「第 2 赛季」还没有人在 Highcard 中获得积分。"),
    ("zh-TW", "**Highcard 排行榜——第 1 賽季：春**", "「第 2 賽季」還沒有人在 Highcard 中獲得積分。"),
])
async def test_the_leaderboard_speaks_the_readers_language(table, locales, locale, title, empty):
    mod = manager(table)
    alice = table.members[0]
    await say(mod, table, "season start", name="春")
    await play_game(table)
    await say(mod, table, "season end")
    await say(mod, table, "season start")
    locales[alice.id] = locale
    archived = await say(alice, table, "leaderboard", game="highcard", season=1)
    assert archived.splitlines()[0] == title and len(ranked(archived)) == 2
    assert await say(alice, table, "leaderboard", game="highcard") == empty
    stats = last_stats = (await alice.slash(table.channel, "stats")).response.embeds[0]
    assert stats.footer.text and ("第 2 赛季" in last_stats.footer.text or "第 2 賽季" in last_stats.footer.text)
