"""SQLite through aiosqlite: one connection, WAL, ``PRAGMA user_version``."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterable

import aiosqlite

from db.group_commit import GroupCommit, rowcount
from db.migrations_files import migrations
from db.writes import Write

log = logging.getLogger(__name__)


class ThreadedConnection(aiosqlite.Connection):
    """aiosqlite's connection plus ``run``: a function of the sqlite3
    connection run in the connection's thread, in one hand-off. aiosqlite
    (0.22.1) has no public call for this: each public method queues one fixed
    sqlite3 call, and ``executescript`` takes no parameters and gives no row
    counts, so a write through them would be 2 + N hand-offs instead of one
    (docs/results/2026-11-22-per-action-cost-and-restore.md). Its queue is
    there for subclasses: ``_execute`` is how its own methods use it."""

    async def run(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        return await self._execute(lambda: fn(self._conn))

    def submit(self, fn: Callable[[sqlite3.Connection], Any]) -> asyncio.Future:
        """Queue ``fn(sqlite3 connection)`` for the thread; its future (not
        awaited here: ``db.group_commit`` settles its callers from it)."""
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        future = asyncio.get_running_loop().create_future()
        self._tx.put_nowait((future, lambda: fn(self._conn)))
        return future


def connect(path: str) -> ThreadedConnection:
    """As ``aiosqlite.connect(path, isolation_level=None)``, as a ``ThreadedConnection``."""
    return ThreadedConnection(lambda: sqlite3.connect(path, isolation_level=None), iter_chunk_size=64)


class SqliteConn:
    """The connection a transaction hands out (same methods as ``PgConn``).
    Each call is one hand-off to aiosqlite's thread (statement, rows and
    cursor close together): every hand-off costs a queue put, a thread
    switch and an event-loop wake-up, and under load it waits for the loop."""

    dialect = "sqlite"

    def __init__(self, conn: ThreadedConnection) -> None:
        self.raw = conn

    async def in_thread(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn(sqlite3 connection)`` in the connection's thread, in one hand-off."""
        return await self.raw.run(fn)

    async def execute(self, sql: str, params: Any = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        return await self.in_thread(lambda c: rowcount(c, sql, params))

    async def executemany(self, sql: str, rows: Iterable[Any]) -> None:
        rows = list(rows)
        await self.in_thread(lambda c: c.executemany(sql, rows).close())

    async def fetchone(self, sql: str, params: Any = ()) -> sqlite3.Row | None:
        return await self.in_thread(lambda c: _fetch(c, sql, params, one=True))

    async def fetchall(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        return await self.in_thread(lambda c: _fetch(c, sql, params, one=False))

    async def fetchval(self, sql: str, params: Any = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


def _fetch(conn: sqlite3.Connection, sql: str, params: Any, one: bool) -> Any:
    cur = conn.execute(sql, params)
    try:
        return cur.fetchone() if one else cur.fetchall()
    finally:
        cur.close()


class SqliteBackend:
    """One aiosqlite connection (SQLite serialises writers anyway)."""

    dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: SqliteConn | None = None
        # One connection: transactions from different tasks must not interleave.
        self._write_lock = asyncio.Lock()
        self._group: GroupCommit | None = None

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    @property
    def conn(self) -> SqliteConn:
        if self._conn is None:
            raise RuntimeError("database is not open")
        return self._conn

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        raw = await connect(str(self.path))
        raw.row_factory = aiosqlite.Row
        self._conn = SqliteConn(raw)
        self._group = GroupCommit(raw, self._write_lock)
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
            await self.conn.fetchall(f"PRAGMA {pragma}")  # fetch, so no statement stays open

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.raw.close()
            self._conn = None
            self._group = None

    async def migrate(self) -> list[int]:
        """Apply every numbered migration newer than ``PRAGMA user_version``."""
        current = await self.conn.fetchval("PRAGMA user_version")
        applied = []
        for migration in migrations():
            if migration.number <= current:
                continue
            script = migration.script(self.dialect)
            await self.conn.raw.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version={migration.number};\nCOMMIT;")
            applied.append(migration.number)
            log.info("applied migration %s", migration.name)
        return applied

    def transaction(self) -> "_SqliteTransaction":
        return _SqliteTransaction(self.conn, self._write_lock)

    async def write(self, writes: list[Write]) -> None:
        """One transaction, committed, in one hand-off — together with the
        writes that arrive while one is in the thread (``db.group_commit``)."""
        if self._group is None:
            raise RuntimeError("database is not open")
        await self._group.write(writes)


class _SqliteTransaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on error. Not re-entrant."""

    def __init__(self, conn: SqliteConn, lock: asyncio.Lock) -> None:
        self.conn = conn
        self.lock = lock

    async def __aenter__(self) -> SqliteConn:
        await self.lock.acquire()
        try:
            await self.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise
        return self.conn

    async def __aexit__(self, exc_type, exc, tb) -> None:
        try:
            await self.conn.execute("COMMIT" if exc_type is None else "ROLLBACK")
        finally:
            self.lock.release()
