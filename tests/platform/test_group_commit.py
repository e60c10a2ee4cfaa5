"""SQLite's group commit (db/group_commit.py): writes that arrive while one
is in the connection's thread commit together, each still answered only
once committed, a failing one alone rolled back, in call order; a write
waits for an open multi-step transaction and is never part of it."""
import asyncio
import sqlite3

import pytest

import db.group_commit as group_commit
from db.database import Database
from db.errors import StaleWrite
from db.writes import Write


@pytest.fixture
async def db(tmp_path):
    database = Database(str(tmp_path / "g.db"))
    await database.open()
    await database.execute("CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
    yield database
    await database.close()


@pytest.fixture
def groups(monkeypatch):
    """The size of every group the thread commits."""
    sizes: list[int] = []
    real = group_commit.write_group

    def counting(conn, group):
        sizes.append(len(group))
        return real(conn, group)

    monkeypatch.setattr(group_commit, "write_group", counting)
    return sizes


def put(k: int, v: str) -> list[Write]:
    return [Write("INSERT INTO kv (k, v) VALUES (?, ?)", (k, v))]


def update(k: int, v: str) -> list[Write]:
    return [Write("UPDATE kv SET v = ? WHERE k = ?", (v, k), must_change=1, game_id=k)]


async def rows(db) -> dict[int, str]:
    return {r["k"]: r["v"] for r in await db.fetchall("SELECT k, v FROM kv")}


async def test_alone_a_write_is_a_group_of_one(db, groups):
    await db.write(put(1, "a"))
    await db.write(update(1, "b"))
    with pytest.raises(StaleWrite):
        await db.write(update(2, "x"))
    assert await rows(db) == {1: "b"}
    assert groups == [1, 1, 1]


async def test_writes_waiting_together_commit_together_and_a_failing_one_fails_alone(db, groups):
    await db.write(put(1, "a"))
    groups.clear()
    async with db.transaction() as conn:  # holds the writer: the writes below queue up
        tasks = [asyncio.ensure_future(db.write(w)) for w in (
            put(2, "b"),
            update(9, "nobody"),            # StaleWrite: changes no row
            [*put(3, "c"), *put(1, "dup")],  # the second statement fails: the first is rolled back too
            update(1, "a2"),
            update(1, "a3"),                 # after the one before it: call order
            put(4, "d"),
        )]
        await asyncio.sleep(0.05)
        assert not any(t.done() for t in tasks)
        await conn.execute("INSERT INTO kv (k, v) VALUES (50, 'in the transaction')")
        assert await conn.fetchall("SELECT k FROM kv WHERE k IN (2, 4)") == []  # none inside it
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert outcomes[0] is None and outcomes[3] is None and outcomes[4] is None and outcomes[5] is None
    assert isinstance(outcomes[1], StaleWrite) and outcomes[1].game_id == 9
    assert isinstance(outcomes[2], sqlite3.IntegrityError)
    assert await rows(db) == {1: "a3", 2: "b", 4: "d", 50: "in the transaction"}
    assert groups == [6]


async def test_a_rolled_back_transaction_keeps_none_of_its_own_and_all_of_the_waiting_writes(db, groups):
    task = None
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            task = asyncio.ensure_future(db.write(put(7, "waited")))
            await conn.execute("INSERT INTO kv (k, v) VALUES (8, 'rolled back')")
            await asyncio.sleep(0.01)
            raise RuntimeError("abort")
    await task
    assert await rows(db) == {7: "waited"}


async def test_writes_arriving_while_one_is_in_the_thread_join_the_next_group(db, groups):
    first = asyncio.ensure_future(db.write(put(1, "first")))  # sent at once, alone
    rest = [asyncio.ensure_future(db.write(put(k, str(k)))) for k in range(2, 12)]
    await asyncio.gather(first, *rest)
    assert await rows(db) == {1: "first", **{k: str(k) for k in range(2, 12)}}
    assert groups[0] == 1 and sum(groups) == 11 and len(groups) < 11


async def test_a_failing_commit_fails_every_write_of_its_group(db, monkeypatch):
    def broken(conn, group):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(group_commit, "write_group", broken)
    outcomes = await asyncio.gather(*(db.write(put(k, "x")) for k in range(3)), return_exceptions=True)
    assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes)
    monkeypatch.undo()
    await db.write(put(5, "after"))  # the writer goes on
    assert await rows(db) == {5: "after"}
