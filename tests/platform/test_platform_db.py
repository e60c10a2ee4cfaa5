"""Storage: migrations from empty, WAL, append-only log that replays to the
stored snapshot."""
import random

import pytest

from db.database import Database, database_path_from_url
from engines.base import IllegalAction
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play


@pytest.fixture
async def db(tmp_path):
    database = Database(str(tmp_path / "nested" / "t.db"))
    await database.open()
    yield database
    await database.close()


async def test_migrations_from_empty(db):
    tables = {r["name"] for r in await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "actions", "snapshots", "results", "ratings", "guild_settings", "user_settings"} <= tables
    assert (await db.fetchone("PRAGMA user_version"))[0] >= 1
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    assert await db.migrate() == []  # a second run applies nothing


@pytest.mark.parametrize("url, path", [
    ("sqlite:///data/tabletop.db", "data/tabletop.db"),
    ("sqlite:////abs/x.db", "/abs/x.db"),
    ("sqlite:///:memory:", ":memory:"),
])
def test_database_url(url, path):
    assert database_path_from_url(url) == path


def test_database_url_must_be_sqlite():
    with pytest.raises(ValueError):
        database_path_from_url("postgres://x")


async def test_action_log_replays_to_the_snapshot(db):
    service = TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
    table = await service.open_lobby("highcard", 1, 10, 100, "alice", {"deck_size": 20}, seed=7)
    await service.join(table.id, 200, "bob")
    await service.start(table.id, 100)
    rng = random.Random(1)
    while table.record.status == "playing":
        seat = table.to_act()[0]
        user = table.seats[seat].user_id
        if rng.random() < 0.2:  # an illegal try is refused and logs nothing
            with pytest.raises(IllegalAction):
                await service.act(table.id, user, Play(card=99))
        await service.act(table.id, user, Play(card=rng.choice(table.state.hands[seat])))
        seq, snapshot = await service.games.snapshot(table.id)
        assert seq == table.record.version
        replayed = await service.replay(await service.games.get(table.id))
        assert HighcardEngine().state_to_json(replayed) == snapshot
    log = await service.games.actions(table.id)
    assert [seq for seq, *_ in log] == list(range(1, 21))


async def test_a_live_game_survives_a_new_service(db):
    registry = GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())])
    first = TableService(db, registry)
    table = await first.open_lobby("highcard", 1, 10, 100, "alice", seed=3)
    await first.add_ai(table.id, 100)
    await first.start(table.id, 100)
    await first.shutdown()
    second = TableService(db, registry)
    assert await second.restore() == 1
    again = second.in_channel(10)
    assert again.state == table.state and again.record.version == table.record.version
    await second.shutdown()
