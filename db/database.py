"""``Database``: the one storage object the rest of the code uses. It runs on
SQLite (embedded default) or PostgreSQL (several processes); the backend is
chosen by the URL and every dialect difference stays under ``db/``."""
from __future__ import annotations

import sqlite3
from contextlib import AbstractAsyncContextManager
from typing import Any

from db.migrations_files import MIGRATIONS_DIR
from db.postgres import PostgresBackend
from db.sqlite import SqliteBackend
from db.writes import Write

__all__ = ["Database", "MIGRATIONS_DIR", "check_database_url", "database_path_from_url", "is_postgres_url",
           "is_unique_violation"]

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres_url(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


def database_path_from_url(url: str) -> str:
    """``sqlite:///data/x.db`` → ``data/x.db``; ``sqlite:////abs/x.db`` →
    ``/abs/x.db``; ``sqlite:///:memory:`` → ``:memory:``."""
    if not url.startswith(SQLITE_PREFIX):
        raise ValueError(f"DATABASE_URL must start with {SQLITE_PREFIX!r} or 'postgresql://', "
                         f"got {url.split(':', 1)[0]!r}")
    path = url[len(SQLITE_PREFIX):]
    if not path:
        raise ValueError("DATABASE_URL names no file")
    return path


def check_database_url(url: str) -> str:
    """Raise ValueError unless ``url`` is a usable SQLite or PostgreSQL URL."""
    if is_postgres_url(url):
        rest = url.split("://", 1)[1]
        host_and_db = rest.rsplit("@", 1)[-1]
        if "/" not in host_and_db or not host_and_db.split("/", 1)[1].split("?", 1)[0]:
            raise ValueError("DATABASE_URL must name a database: postgresql://USER[:PASSWORD]@HOST[:PORT]/DB")
        return url
    database_path_from_url(url)
    return url


def is_unique_violation(error: BaseException) -> bool:
    """A unique constraint refused the write (SQLite, or asyncpg's
    UniqueViolationError, recognised by name so asyncpg stays optional)."""
    if isinstance(error, sqlite3.IntegrityError):
        return "UNIQUE" in str(error).upper()
    return type(error).__name__ == "UniqueViolationError"


class Database:
    """``Database("data/x.db")``, ``Database("sqlite:///data/x.db")`` or
    ``Database("postgresql://user@host/db", pool_min=2, pool_max=10)``.
    Every write goes through ``async with db.transaction() as conn:``;
    ``conn`` has ``execute``/``executemany``/``fetchone``/``fetchall``/``fetchval``
    taking SQLite-style ``?`` or ``:name`` parameters on either backend."""

    def __init__(self, target: str, *, pool_min: int = 2, pool_max: int = 10) -> None:
        if is_postgres_url(target):
            self.backend: SqliteBackend | PostgresBackend = PostgresBackend(target, pool_min, pool_max)
        else:
            path = database_path_from_url(target) if target.startswith(SQLITE_PREFIX) else target
            self.backend = SqliteBackend(path)

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.backend.dialect

    @property
    def path(self) -> str | None:
        return getattr(self.backend, "path", None)

    @property
    def conn(self):
        return self.backend.conn

    @property
    def is_open(self) -> bool:
        return self.backend.is_open

    async def open(self) -> None:
        """Open and migrate. Opening an open database does nothing (start-up
        opens it before connecting to Discord, ``setup_hook`` again)."""
        if self.is_open:
            return
        await self.backend.open()
        try:
            await self.migrate()
        except BaseException:
            await self.backend.close()
            raise

    async def close(self) -> None:
        await self.backend.close()

    async def migrate(self) -> list[int]:
        return await self.backend.migrate()

    def transaction(self) -> AbstractAsyncContextManager[Any]:
        return self.backend.transaction()

    async def write(self, writes: list[Write]) -> None:
        """Run ``writes`` in one transaction and commit; a ``must_change``
        mismatch raises ``StaleWrite`` and writes nothing (``db.writes``).
        Not from inside ``transaction()``: it is a transaction of its own."""
        await self.backend.write(writes)

    async def execute(self, sql: str, params: Any = ()) -> int:
        return await self.conn.execute(sql, params)

    async def fetchone(self, sql: str, params: Any = ()) -> Any:
        return await self.conn.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Any = ()) -> list[Any]:
        return await self.conn.fetchall(sql, params)

    async def fetchval(self, sql: str, params: Any = ()) -> Any:
        return await self.conn.fetchval(sql, params)
