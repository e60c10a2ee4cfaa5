"""Restore loads every live game with its snapshot in a bounded number of
queries (not one per game), and an action is one transaction whose
compare-and-set refuses a stale copy. Runs on whichever database the suite
runs on (SQLite or PostgreSQL)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from db.database import Database
from db.errors import StaleWrite
from db.postgres import PgConn
from db.sqlite import SqliteConn, ThreadedConnection
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play

GAMES, LOBBIES = 9, 3


def registry() -> GameRegistry:
    return GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())])


@contextmanager
def counting_round_trips(monkeypatch: pytest.MonkeyPatch, dialect: str):
    """Counts every trip to the database: on SQLite each hand-off to the
    connection's thread, on PostgreSQL each statement sent."""
    calls: list[str] = []

    def counted(cls, name: str) -> None:
        original = getattr(cls, name)

        async def wrapper(self, *args, **kwargs):
            calls.append(name)
            return await original(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    if dialect == "sqlite":
        counted(SqliteConn, "in_thread")
        # The group commit hands its writes to the thread without in_thread.
        submit = ThreadedConnection.submit

        def submitted(self, fn):
            calls.append("submit")
            return submit(self, fn)

        monkeypatch.setattr(ThreadedConnection, "submit", submitted)
    else:
        for name in ("execute", "executemany", "fetchone", "fetchall", "fetchval"):
            counted(PgConn, name)
    yield calls
    monkeypatch.undo()


@pytest.fixture
async def databases(database_url):
    opened: list[Database] = []

    async def open_one() -> Database:
        db = Database(database_url, pool_min=1, pool_max=3)
        await db.open()
        opened.append(db)
        return db

    yield open_one
    for db in opened:
        await db.close()


async def fill(service: TableService) -> dict[int, object]:
    """``GAMES`` started games (some with actions played) and ``LOBBIES``
    lobbies, each in its own channel; returns game id → state (None: lobby)."""
    expected = {}
    for n in range(GAMES + LOBBIES):
        host, guest = 1000 + 2 * n, 1001 + 2 * n
        table = await service.open_lobby("highcard", 7, 500 + n, host, f"h{n}", {"deck_size": 12}, seed=n)
        await service.join(table.id, guest, f"g{n}")
        if n < GAMES:
            await service.start(table.id, host)
            for _ in range(n % 4):
                seat = table.to_act()[0]
                await service.act(table.id, table.seats[seat].user_id, Play(card=max(table.state.hands[seat])))
        expected[table.id] = table.state
    return expected


async def test_restore_of_many_games_is_a_bounded_number_of_queries(databases, monkeypatch):
    first = TableService(await databases(), registry())
    expected = await fill(first)
    await first.shutdown()

    db = await databases()
    second = TableService(db, registry())
    with counting_round_trips(monkeypatch, db.dialect) as trips:
        restored = await second.restore()
    try:
        assert restored == GAMES + LOBBIES
        assert len(trips) <= 3, trips  # one query for every live game and its snapshot
        assert set(second.tables) == set(expected)
        for game_id, state in expected.items():
            table = second.get(game_id)
            assert table.state == state  # the stored snapshot, parsed
            assert table.record.status == ("lobby" if state is None else "playing")
            assert table.timer is not None and not table.timer.done()  # idle or turn timer re-armed
    finally:
        await second.shutdown()


async def test_restore_keeps_the_shard_filter(databases):
    first = TableService(await databases(), registry())
    await first.open_lobby("highcard", 0, 1, 1, "a", {}, seed=1)  # guild 0 → shard 0 of 2
    await first.open_lobby("highcard", 1 << 22, 2, 2, "b", {}, seed=2)  # shard 1 of 2
    await first.shutdown()
    second = TableService(await databases(), registry())
    second.games.shards = (2, (1,))
    try:
        assert await second.restore() == 1
        assert [t.record.channel_id for t in second.tables.values()] == [2]
    finally:
        await second.shutdown()


async def test_an_action_is_one_round_trip_and_a_stale_one_writes_nothing(databases, monkeypatch):
    db = await databases()
    service = TableService(db, registry())
    table = await service.open_lobby("highcard", 7, 1, 1, "a", {"deck_size": 12}, seed=5)
    await service.join(table.id, 2, "b")
    await service.start(table.id, 1)
    seat = table.to_act()[0]
    user, card = table.seats[seat].user_id, max(table.state.hands[seat])
    await service.settings.guild(7)  # the turn timer's read of the server's limit, cached from now on
    try:
        with counting_round_trips(monkeypatch, db.dialect) as trips:
            await service.act(table.id, user, Play(card=card))
        # SQLite: BEGIN … COMMIT in one hand-off; PostgreSQL: lock, CAS, action, snapshot.
        assert len(trips) == (1 if db.dialect == "sqlite" else 4), trips

        stale = table.record.model_copy(deep=True)
        stale.revision -= 1  # a copy from before the action
        stale.version += 1
        seat = table.to_act()[0]
        with pytest.raises(StaleWrite):
            await service.games.commit_action(stale, seat, {"kind": "play", "card": 1}, False, table.state)
        assert [seq for seq, *_ in await service.games.actions(table.id)] == [1]
        snapshot = await service.games.snapshot(table.id)
        assert snapshot[0] == 1 and snapshot[1] == table.engine.state_to_json(table.state)
        stored = await service.games.get(table.id)
        assert (stored.version, stored.revision) == (1, table.record.revision)
    finally:
        await service.shutdown()
