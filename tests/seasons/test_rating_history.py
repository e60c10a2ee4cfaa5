"""Rating history: a point per rated player per rated game, written with the
ratings, none for unrated games, kept across a restart."""
from db import rating_history
from tests.conftest import Table


async def play_game(t: Table, **options) -> int:
    live = await t.open_and_start(**options)
    await t.play_to_end()
    return live.id


async def test_a_point_per_player_per_rated_game(table):
    alice, bob = table.members
    first = await play_game(table)
    second = await play_game(table)
    points = await rating_history.history(table.service.db, table.guild.id, alice.id)
    assert [p.game_id for p in points] == [first, second]
    board = {r.user_id: r for r in await table.service.ratings.board(table.guild.id, "highcard")}
    assert points[-1].mu == board[alice.id].mu and points[-1].sigma == board[alice.id].sigma
    assert points[-1].ordinal == board[alice.id].ordinal
    assert all(p.game_type == "highcard" and p.season == 0 for p in points)
    rows = await table.service.db.fetchall("SELECT game_id, user_id FROM rating_history ORDER BY game_id, user_id")
    assert len(rows) == 4 and len({(r["game_id"], r["user_id"]) for r in rows}) == 4


async def test_no_point_for_an_unrated_game(table):
    table.members = table.members[:1]
    await play_game(table, ai=1)
    assert await table.service.db.fetchval("SELECT COUNT(*) FROM rating_history") == 0
