"""Ratings: updated once per finished game, teams, AI games unrated,
/leaderboard and /stats."""
from tables import ratings
from tests.conftest import Table


async def play_game(t: Table, **options):
    live = await t.open_and_start(**options)
    await t.play_to_end()
    return live.id


async def test_leaderboard_after_games(table):
    alice, bob = table.members
    for _ in range(3):
        await play_game(table)
    result = await alice.slash(table.channel, "leaderboard", game="highcard")
    text = result.response.content
    assert "Highcard leaderboard" in text
    lines = [line for line in text.splitlines() if line.strip()[:2].strip(".").isdigit()]
    assert len(lines) == 2
    rows = await table.service.ratings.board(table.guild.id, "highcard")
    assert [r.games for r in rows] == [3, 3]
    assert sum(r.wins for r in rows) <= 3  # a tie is a draw: no win for either
    assert rows[0].ordinal >= rows[1].ordinal
    assert rows[0].name in lines[0]


async def test_ratings_are_updated_exactly_once_per_game(table):
    await play_game(table)
    rows = await table.service.ratings.board(table.guild.id, "highcard")
    assert [r.games for r in rows] == [1, 1]
    results = await table.service.db.fetchall("SELECT COUNT(*) AS n FROM results")
    assert results[0]["n"] == 2


async def test_games_with_ai_seats_are_recorded_but_not_rated(table):
    table.members = table.members[:1]
    game_id = await play_game(table, ai=1)
    assert await table.service.ratings.board(table.guild.id, "highcard") == []
    rows = await table.service.db.fetchall("SELECT rated FROM results WHERE game_id = ?", (game_id,))
    assert [r["rated"] for r in rows] == [0, 0]
    result = await table.members[0].slash(table.channel, "stats")
    assert "Games 1" in result.response.embeds[0].fields[0].value


async def test_team_games_rate_partners_together(simcord_env):
    t = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    game_id = await play_game(t, teams=True)
    rows = await t.service.db.fetchall("SELECT seat, rank, team FROM results WHERE game_id = ? ORDER BY seat",
                                       (game_id,))
    assert [r["team"] for r in rows] == [0, 1, 0, 1]
    assert rows[0]["rank"] == rows[2]["rank"] and rows[1]["rank"] == rows[3]["rank"]
    board = {r.user_id: r for r in await t.service.ratings.board(t.guild.id, "highcard")}
    ids = [m.id for m in t.members]
    assert board[ids[0]].mu == board[ids[2]].mu and board[ids[1]].mu == board[ids[3]].mu
    if rows[0]["rank"] < rows[1]["rank"]:
        assert board[ids[0]].mu > board[ids[1]].mu


async def test_stats_shows_games_wins_and_rating(table):
    alice, bob = table.members
    await play_game(table)
    result = await bob.slash(table.channel, "stats", user=alice)
    embed = result.response.embeds[0]
    assert "alice" in embed.title
    field = embed.fields[0]
    assert field.name == "Highcard" and "Games 1" in field.value and "Rating" in field.value


async def test_leaderboard_shows_your_own_row_outside_the_top_ten(table):
    now = 0.0
    async with table.service.db.transaction() as conn:
        for user_id in range(1, 13):
            row = ratings.default_row(table.guild.id, "highcard", user_id, f"p{user_id}", now)
            await table.service.ratings.upsert(conn, row.model_copy(update={"mu": 40 - user_id, "games": 1}))
        me = ratings.default_row(table.guild.id, "highcard", table.members[0].id, "alice", now)
        await table.service.ratings.upsert(conn, me.model_copy(update={"mu": 1.0, "games": 1}))
    result = await table.members[0].slash(table.channel, "leaderboard", game="highcard")
    text = result.response.content
    assert "p1 " in text and "p11" not in text and "…" in text and "13. alice" in text


async def test_unknown_game_is_refused(table):
    result = await table.members[0].slash(table.channel, "leaderboard", game="chess")
    assert result.ephemeral and "Unknown game" in result.response.content


def test_rate_ranks_winners_above_losers():
    a, b = (ratings.default_row(1, "g", uid, str(uid), 0.0) for uid in (1, 2))
    (new_a,), (new_b,) = ratings.rate([[a], [b]], [1, 2], 10.0)
    assert new_a.mu > a.mu > new_b.mu
    assert (new_a.games, new_a.wins, new_b.games, new_b.wins) == (1, 1, 1, 0)
