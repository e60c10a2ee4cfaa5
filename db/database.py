"""Connection, pragmas and migrations."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)
MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def database_path_from_url(url: str) -> str:
    """``sqlite:///data/x.db`` → ``data/x.db``; ``sqlite:////abs/x.db`` →
    ``/abs/x.db``; ``sqlite:///:memory:`` → ``:memory:``."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise ValueError(f"DATABASE_URL must start with {prefix!r}, got {url.split(':', 1)[0]!r}")
    path = url[len(prefix):]
    if not path:
        raise ValueError("DATABASE_URL names no file")
    return path


def is_unique_violation(error: BaseException) -> bool:
    """A unique constraint refused the write (SQLite, or asyncpg's
    UniqueViolationError, recognised by name so asyncpg stays optional)."""
    if isinstance(error, sqlite3.IntegrityError):
        return "UNIQUE" in str(error).upper()
    return type(error).__name__ == "UniqueViolationError"


class Database:
    """One aiosqlite connection (SQLite serialises writers anyway). Every write
    goes through ``async with db.transaction() as conn:``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: aiosqlite.Connection | None = None
        # One connection: transactions from different tasks must not interleave.
        self._write_lock = asyncio.Lock()

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("database is not open")
        return self._conn

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    async def open(self) -> None:
        """Open, set the pragmas, migrate. Opening an open database does nothing
        (start-up opens it before connecting to Discord, ``setup_hook`` again)."""
        if self._conn is not None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
            await self.fetchall(f"PRAGMA {pragma}")  # fetch, so no statement stays open
        await self.migrate()

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def migrate(self) -> list[int]:
        """Apply every numbered migration newer than ``PRAGMA user_version``."""
        current = (await self.fetchone("PRAGMA user_version"))[0]
        applied = []
        for file in sorted(MIGRATIONS_DIR.glob("*.sql")):
            number = int(file.name.split("_", 1)[0])
            if number <= current:
                continue
            script = file.read_text(encoding="utf-8")
            await self.conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version={number};\nCOMMIT;")
            applied.append(number)
            log.info("applied migration %s", file.name)
        return applied

    def transaction(self) -> "_Transaction":
        return _Transaction(self.conn, self._write_lock)

    async def execute(self, sql: str, params: tuple | dict = ()) -> aiosqlite.Cursor:
        return await self.conn.execute(sql, params)

    async def fetchone(self, sql: str, params: tuple | dict = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: tuple | dict = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on error. Not re-entrant."""

    def __init__(self, conn: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self.conn = conn
        self.lock = lock

    async def __aenter__(self) -> aiosqlite.Connection:
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
