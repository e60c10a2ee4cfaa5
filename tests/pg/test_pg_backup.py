"""The PostgreSQL backup the README and docs/operations.md give: ``pg_dump
--format=custom`` while the bot plays, then, after later moves and a lost
game, ``pg_restore --clean --if-exists --no-owner`` brings back the dumped
database, whose every game replays and whose live games a bot restores.
``tabletop backup`` refuses PostgreSQL, naming that command. Skipped unless
TABLETOP_TEST_DATABASE_URL names PostgreSQL and pg_dump is installed."""
from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from bench.service_kit import choose, start_table, user_id
from db.database import Database
from db.postgres import split_schema
from tables.audit import audit
from tables.registry import default_registry
from tables.service import LiveTable, TableService
from tests.support.database import drop_schema, fresh_schema_url, postgres_test_url

pytestmark = [
    pytest.mark.skipif(postgres_test_url() is None, reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server"),
    pytest.mark.skipif(shutil.which("pg_dump") is None or shutil.which("pg_restore") is None,
                       reason="pg_dump/pg_restore are not installed"),
]


@pytest.fixture
async def pg_url():
    url, schema = fresh_schema_url(postgres_test_url())
    yield url
    await drop_schema(postgres_test_url(), schema)


async def _moves(service: TableService, table: LiveTable, count: int | None, rng: random.Random) -> None:
    """``count`` moves (None: to the end of the game)."""
    done = 0
    while table.record.status == "playing" and (count is None or done < count):
        seat, action = choose(table, rng)
        await service.act(table.id, user_id(table.record.channel_id, seat), action)
        done += 1


async def _counts(db: Database) -> tuple[int, int]:
    return (int(await db.fetchval("SELECT COUNT(*) FROM games")), int(await db.fetchval("SELECT COUNT(*) FROM actions")))


def _run(*command: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


async def test_pg_dump_and_pg_restore_bring_back_every_game(pg_url, tmp_path):
    base_url, schema = split_schema(pg_url)  # the bot's ?schema= is not libpq's: --schema instead
    dump = tmp_path / "tabletop.dump"
    rng = random.Random(5)
    db = Database(pg_url, pool_min=1, pool_max=2)
    await db.open()
    service = TableService(db, default_registry())
    try:
        await _moves(service, await start_table(service, "setup", 2, {}, 1, seed=1), None, rng)
        in_play = await start_table(service, "deathfront", 2, {}, 2, seed=2)
        await _moves(service, in_play, 6, rng)
        version = in_play.record.version
        await service.open_lobby("cubed", 42, 3, user_id(3, 0), "P1", {})
        dumped = await _counts(db)
        _run("pg_dump", "--format=custom", f"--schema={schema}", f"--file={dump}", base_url)
        await _moves(service, in_play, 3, rng)  # after the backup: lost by the restore
        await db.execute("DELETE FROM games WHERE channel_id = 1")  # a game lost by mistake
        assert await _counts(db) != dumped
    finally:
        await service.shutdown()
        await db.close()

    _run("pg_restore", "--clean", "--if-exists", "--no-owner", f"--dbname={base_url}", str(dump))

    db = Database(pg_url, pool_min=1, pool_max=2)
    await db.open()
    restored = TableService(db, default_registry())
    try:
        assert await _counts(db) == dumped
        check = await audit(db, restored.registry)
        assert check.ok and check.checked == 2, check.problems
        assert await restored.restore() == 2  # the game in play and the lobby
        table = restored.tables[in_play.id]
        assert table.record.version == version
        await _moves(restored, table, 1, rng)
        assert table.record.version > version
    finally:
        await restored.shutdown()
        await db.close()
