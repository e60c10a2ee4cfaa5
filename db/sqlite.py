"""SQLite through aiosqlite: one connection, WAL, ``PRAGMA user_version``."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any, Iterable

import aiosqlite

from db.migrations_files import migrations

log = logging.getLogger(__name__)


class SqliteConn:
    """The connection a transaction hands out (same methods as ``PgConn``)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.raw = conn

    async def execute(self, sql: str, params: Any = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        async with self.raw.execute(sql, params) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Any]) -> None:
        await self.raw.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Any = ()) -> aiosqlite.Row | None:
        async with self.raw.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: Any = ()) -> list[aiosqlite.Row]:
        async with self.raw.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchval(self, sql: str, params: Any = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


class SqliteBackend:
    """One aiosqlite connection (SQLite serialises writers anyway)."""

    dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: SqliteConn | None = None
        # One connection: transactions from different tasks must not interleave.
        self._write_lock = asyncio.Lock()

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
        raw = await aiosqlite.connect(self.path, isolation_level=None)
        raw.row_factory = aiosqlite.Row
        self._conn = SqliteConn(raw)
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
            await self.conn.fetchall(f"PRAGMA {pragma}")  # fetch, so no statement stays open

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.raw.close()
            self._conn = None

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
