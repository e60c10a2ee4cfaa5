"""``python -m db.migrate_sqlite_to_postgres``: a SQLite database with a
finished game, a live game and a lobby moves into PostgreSQL, and the games
play on there. Skipped unless TABLETOP_TEST_DATABASE_URL names PostgreSQL."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from db.database import Database
from db.migrate_sqlite_to_postgres import main
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.database import drop_schema, fresh_schema_url, postgres_test_url
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = 100, 200
GUILD = 123456789012345678  # a real-sized Discord id

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


@pytest.fixture
async def pg_url():
    url, schema = fresh_schema_url(postgres_test_url())
    yield url
    await drop_schema(postgres_test_url(), schema)


async def service_on(url: str) -> TableService:
    db = Database(url, pool_min=1, pool_max=2)
    await db.open()
    return TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))


async def play(service: TableService, game_id: int, moves: int | None = None) -> None:
    table = service.get(game_id)
    while table.record.status == "playing" and moves != 0:
        seat = table.to_act()[0]
        await service.act(game_id, table.seats[seat].user_id, Play(card=max(table.state.hands[seat])))
        moves = None if moves is None else moves - 1


async def close(service: TableService) -> None:
    await service.shutdown()
    await service.db.close()


async def test_finished_and_live_games_move_and_play_on(tmp_path, pg_url):
    sqlite_url = f"sqlite:///{tmp_path}/old.db"
    old = await service_on(sqlite_url)
    await old.settings.set_guild(GUILD, language="zh-TW")
    finished = await old.open_lobby("highcard", GUILD, 1, ALICE, "alice", {}, seed=1)
    await old.join(finished.id, BOB, "bob")
    await old.start(finished.id, ALICE)
    await play(old, finished.id)
    live = await old.open_lobby("highcard", GUILD, 2, ALICE, "alice", {}, seed=2)
    await old.join(live.id, BOB, "bob")
    await old.start(live.id, ALICE)
    await play(old, live.id, moves=3)
    lobby = await old.open_lobby("highcard", GUILD, 3, BOB, "bob", {}, seed=3)
    live_state = live.state
    ratings_before = await old.ratings.board(GUILD, "highcard")
    stats_before = [dict(r) for r in await old.games.user_stats(GUILD, ALICE)]
    await close(old)

    proc = subprocess.run([sys.executable, "-m", "db.migrate_sqlite_to_postgres", sqlite_url, pg_url],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "games: 3 rows" in proc.stdout

    new = await service_on(pg_url)
    try:
        assert await new.restore() == 2  # the live game and the lobby
        assert new.get(live.id).state == live_state and new.get(lobby.id).record.status == "lobby"
        assert await new.ratings.board(GUILD, "highcard") == ratings_before
        assert [dict(r) for r in await new.games.user_stats(GUILD, ALICE)] == stats_before
        assert await new.settings.guild(GUILD) == ("zh-TW", None)
        await play(new, live.id)  # plays on to the end
        assert (await new.games.get(live.id)).status == "finished"
        assert len(await new.games.actions(live.id)) == 12  # every card of the 12-card deck played
        await new.join(lobby.id, ALICE, "alice")
        fresh = await new.open_lobby("highcard", GUILD, 4, ALICE, "alice", {}, seed=4)
        assert fresh.id > lobby.id  # ids continue after the copied ones
        ratings = {r.user_id: r for r in await new.ratings.board(GUILD, "highcard")}
        assert ratings[ALICE].games == 2 and ratings[BOB].games == 2
    finally:
        await close(new)


async def test_a_target_with_games_is_refused(tmp_path, pg_url, capsys):
    sqlite_url = f"sqlite:///{tmp_path}/old.db"
    for url in (sqlite_url, pg_url):
        service = await service_on(url)
        await service.open_lobby("highcard", GUILD, 1, ALICE, "alice", {}, seed=1)
        await close(service)
    assert await asyncio_main([sqlite_url, pg_url]) == 1
    assert "already holds games" in capsys.readouterr().err


async def asyncio_main(argv):
    import asyncio

    return await asyncio.to_thread(main, argv)


def test_bad_arguments_exit_nonzero_with_one_line(capsys):
    assert main([]) == 2
    assert main(["sqlite:///nowhere/x.db", "postgresql://u@h/db"]) == 1
    assert "no SQLite database" in capsys.readouterr().err
