"""tutorial_progress (migration 0007): one row per player and game, replaced
step by step, other players and games untouched. Runs on whichever database
the suite runs on (SQLite, or PostgreSQL under .ci/with-postgres)."""
from __future__ import annotations

import pytest

from db.database import Database
from db.tutorials import TutorialRepo


@pytest.fixture
async def db(database_url):
    database = Database(database_url, pool_min=1, pool_max=2)
    await database.open()
    yield database
    await database.close()


async def test_progress_is_saved_and_replaced(db):
    repo = TutorialRepo(db)
    assert await repo.get(1, "setup") is None
    await repo.save(1, "setup", 0, '{"a": 0}')
    await repo.save(1, "setup", 3, '{"a": 3}')
    await repo.save(2, "setup", 1, '{"b": 1}')
    await repo.save(1, "cubed", 2, '{"c": 2}')
    mine = await repo.get(1, "setup")
    assert (mine.step, mine.state) == (3, '{"a": 3}')
    assert (await repo.get(2, "setup")).step == 1 and (await repo.get(1, "cubed")).step == 2
    assert await db.fetchval("SELECT COUNT(*) FROM tutorial_progress") == 3
