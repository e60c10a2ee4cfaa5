"""``Database.write``: a list of statements is one transaction; a
``must_change`` mismatch writes nothing of it. Runs on whichever database
the suite runs on (SQLite or PostgreSQL)."""
from __future__ import annotations

import asyncio

import pytest

from db.database import Database
from db.errors import StaleWrite
from db.writes import Write


@pytest.fixture
async def db(database_url):
    database = Database(database_url, pool_min=1, pool_max=3)
    await database.open()
    yield database
    await database.close()


async def test_a_failed_check_rolls_back_every_statement_before_it(db):
    with pytest.raises(StaleWrite) as stale:
        await db.write([
            Write("INSERT INTO meta (key, value) VALUES (?, ?)", ("a", "1")),
            Write("UPDATE meta SET value = ? WHERE key = ?", ("2", "missing"), must_change=1, game_id=7),
        ])
    assert stale.value.game_id == 7
    assert await db.fetchone("SELECT value FROM meta WHERE key = ?", ("a",)) is None


async def test_writes_commit_and_do_not_interleave_with_an_open_transaction(db):
    await db.write([Write("INSERT INTO meta (key, value) VALUES (?, ?)", ("n", "0"))])
    opened, release = asyncio.Event(), asyncio.Event()

    async def long_transaction():
        async with db.transaction() as conn:
            await conn.execute("UPDATE meta SET value = ? WHERE key = ?", ("tx", "n"))
            opened.set()
            await release.wait()

    holder = asyncio.create_task(long_transaction())
    await opened.wait()
    writer = asyncio.create_task(db.write([Write("UPDATE meta SET value = value || ? WHERE key = ?", ("+w", "n"),
                                                 must_change=1)]))
    await asyncio.sleep(0.05)
    assert not writer.done()  # waits for the open transaction instead of joining it
    release.set()
    await asyncio.gather(holder, writer)
    assert await db.fetchval("SELECT value FROM meta WHERE key = ?", ("n",)) == "tx+w"
