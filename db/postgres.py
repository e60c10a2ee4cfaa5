"""PostgreSQL through asyncpg: a connection pool, numbered migrations
recorded in ``schema_migrations``, ``?``/``:name`` placeholders translated."""
from __future__ import annotations

import asyncio
import contextvars
import logging
import socket
import time
import uuid
from typing import Any, Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from db.dialect import rowcount, to_numbered
from db.errors import StaleWrite
from db.migrations_files import migrations
from db.writes import Write

log = logging.getLogger(__name__)
# The transaction the running task is in: its reads use that connection, so a
# task never waits for a second pooled connection while holding one (a pool of
# N would deadlock with N tasks each holding a transaction and reading).
_CURRENT: contextvars.ContextVar["_PgTransaction | None"] = contextvars.ContextVar("tabletop_pg_tx", default=None)
# pg_advisory_lock key held while migrating, so processes starting together
# apply each migration once ("TABLETOP" in ASCII, fits a bigint).
MIGRATION_LOCK_KEY = 0x5441424C45544F50
# How long a start waits for the server to answer (asyncpg's own default is
# 60 s, longer than the image's health check may take).
CONNECT_TIMEOUT_SECONDS = 10.0


def split_schema(url: str) -> tuple[str, str | None]:
    """``postgresql://…/db?schema=s`` → (the URL without ``schema``, ``s``).
    A schema lets several bots (or tests) share one database."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == "schema"), None)
    rest = urlencode([(k, v) for k, v in query if k != "schema"])
    return urlunsplit(parts._replace(query=rest)), schema


class ConnectFailure(ConnectionError):
    """PostgreSQL could not be reached, or refused the user or the database;
    the message says which in one line and never holds the password. An
    ``OSError``, so tools that report those in one line report it too."""


# (error class, what to check) for the server's refusals, most specific first.
_REFUSALS: tuple[tuple[type[BaseException], str], ...] = (
    (asyncpg.InvalidPasswordError, "check the user and the password in DATABASE_URL"),
    (asyncpg.InvalidAuthorizationSpecificationError, "check the user in DATABASE_URL (and the server's "
                                                     "pg_hba.conf)"),
    (asyncpg.InvalidCatalogNameError, "create the database (createdb NAME) or fix its name in DATABASE_URL"),
    (asyncpg.TooManyConnectionsError, "lower DATABASE_POOL_MAX or raise the server's max_connections"),
    (asyncpg.CannotConnectNowError, "wait for the server to finish starting"),
)


def connect_failure(error: BaseException, url: str, timeout: float = CONNECT_TIMEOUT_SECONDS) -> ConnectFailure:
    """One line naming why connecting to ``url`` failed and what to check."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    try:
        where = f"{host}:{parts.port or 5432}"
    except ValueError:  # a port that is not a number
        where = host
    said = " ".join(str(error).split()) or type(error).__name__
    for kind, hint in _REFUSALS:
        if isinstance(error, kind):
            return ConnectFailure(f"the server at {where} refused: {said}; {hint}")
    if isinstance(error, TimeoutError):  # asyncio's too; before OSError, its base class
        return ConnectFailure(f"no answer from {where} within {timeout:g} s; check the host and port in "
                              "DATABASE_URL and that the server is reachable from here")
    if isinstance(error, socket.gaierror):
        return ConnectFailure(f"cannot find the host {host!r} ({error.strerror or said}); check the host in "
                              "DATABASE_URL")
    if isinstance(error, ConnectionRefusedError):
        return ConnectFailure(f"nothing accepts connections at {where} (connection refused); is PostgreSQL "
                              "running there, and are the host and port in DATABASE_URL right?")
    if isinstance(error, OSError):
        return ConnectFailure(f"cannot connect to {where} ({type(error).__name__}: {said}); check the host and "
                              "port in DATABASE_URL")
    return ConnectFailure(f"cannot connect to {where} ({type(error).__name__}: {said}); check DATABASE_URL")


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class PgConn:
    """One pooled connection inside a transaction (same methods as ``SqliteConn``)."""

    dialect = "postgresql"

    def __init__(self, raw: asyncpg.Connection | asyncpg.Pool) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Any = ()) -> int:
        text, args = to_numbered(sql, params)
        return rowcount(await self.raw.execute(text, *args))

    async def executemany(self, sql: str, rows: Iterable[Any]) -> None:
        rows = list(rows)
        if not rows:
            return
        text, _ = to_numbered(sql, rows[0])
        await self.raw.executemany(text, [to_numbered(sql, r)[1] for r in rows])

    async def fetchone(self, sql: str, params: Any = ()) -> asyncpg.Record | None:
        text, args = to_numbered(sql, params)
        return await self.raw.fetchrow(text, *args)

    async def fetchall(self, sql: str, params: Any = ()) -> list[asyncpg.Record]:
        text, args = to_numbered(sql, params)
        return list(await self.raw.fetch(text, *args))

    async def fetchval(self, sql: str, params: Any = ()) -> Any:
        text, args = to_numbered(sql, params)
        return await self.raw.fetchval(text, *args)


class PostgresBackend:
    dialect = "postgresql"

    def __init__(self, url: str, pool_min: int = 2, pool_max: int = 10) -> None:
        self.url, self.schema = split_schema(url)
        self.pool_min = pool_min
        self.pool_max = max(pool_min, pool_max)
        self._pool: asyncpg.Pool | None = None
        self.connect_timeout = CONNECT_TIMEOUT_SECONDS
        # Names this pool's writes on the change bus (db/bus.py), so its owner skips its own.
        self.process = uuid.uuid4().hex[:12]

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    @property
    def conn(self) -> PgConn:
        """For reads: the running task's transaction if it is in one, else
        any free connection of the pool."""
        if self._pool is None:
            raise RuntimeError("database is not open")
        current = _CURRENT.get()
        if current is not None and current.raw is not None and current.task is asyncio.current_task():
            return PgConn(current.raw)
        return PgConn(self._pool)

    async def open(self) -> None:
        """Raises ``ConnectFailure`` when the server cannot be reached or
        refuses the user or the database."""
        settings = self.session_settings()
        if self.schema:
            first = await self._connecting(asyncpg.connect(self.url, timeout=self.connect_timeout))
            try:
                await first.execute(f"CREATE SCHEMA IF NOT EXISTS {quote_ident(self.schema)}")
            finally:
                await first.close()
        self._pool = await self._connecting(asyncpg.create_pool(
            self.url, min_size=self.pool_min, max_size=self.pool_max, server_settings=settings,
            timeout=self.connect_timeout))

    def session_settings(self) -> dict[str, str]:
        """What every connection of this backend is opened with."""
        settings = {"application_name": "tabletop", "tabletop.process": self.process}
        if self.schema:
            settings["search_path"] = self.schema
        return settings

    async def _connecting(self, attempt: Any) -> Any:
        try:
            return await attempt
        except (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
                ValueError) as error:  # ValueError: asyncpg's reading of the URL
            raise connect_failure(error, self.url, self.connect_timeout) from error

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def migrate(self) -> list[int]:
        """Apply every numbered migration not yet in ``schema_migrations``,
        each in its own transaction, under an advisory lock."""
        assert self._pool is not None
        applied = []
        async with self._pool.acquire() as raw:
            await raw.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
            try:
                await raw.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                  "version BIGINT PRIMARY KEY, name TEXT NOT NULL, "
                                  "applied_at DOUBLE PRECISION NOT NULL)")
                done = {r["version"] for r in await raw.fetch("SELECT version FROM schema_migrations")}
                for migration in migrations():
                    if migration.number in done:
                        continue
                    async with raw.transaction():
                        await raw.execute(migration.script(self.dialect))  # several statements: no args
                        await raw.execute("INSERT INTO schema_migrations (version, name, applied_at) "
                                          "VALUES ($1, $2, $3)", migration.number, migration.name, time.time())
                    applied.append(migration.number)
                    log.info("applied migration %s", migration.name)
            finally:
                await raw.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        return applied

    def transaction(self) -> "_PgTransaction":
        if self._pool is None:
            raise RuntimeError("database is not open")
        return _PgTransaction(self._pool)

    async def write(self, writes: list[Write]) -> None:
        """One transaction, committed (see ``db.writes``)."""
        async with self.transaction() as conn:
            for write in writes:
                changed = await conn.execute(write.sql, write.params)
                if write.must_change is not None and changed != write.must_change:
                    raise StaleWrite(write.game_id)


class _PgTransaction:
    """A pooled connection in BEGIN … COMMIT, rolled back on error."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.raw: asyncpg.Connection | None = None
        self.tx = None
        self.task: asyncio.Task | None = None
        self._token: contextvars.Token | None = None

    async def __aenter__(self) -> PgConn:
        if (outer := _CURRENT.get()) is not None and outer.raw is not None and outer.task is asyncio.current_task():
            raise RuntimeError("transactions do not nest")
        raw = await self.pool.acquire()
        try:
            self.tx = raw.transaction()
            await self.tx.start()
        except BaseException:
            await self.pool.release(raw)
            raise
        self.raw, self.task = raw, asyncio.current_task()
        self._token = _CURRENT.set(self)
        return PgConn(raw)

    async def __aexit__(self, exc_type, exc, tb) -> None:
        raw, self.raw = self.raw, None
        _CURRENT.reset(self._token)
        try:
            if exc_type is None:
                await self.tx.commit()
            else:
                await self.tx.rollback()
        finally:
            await self.pool.release(raw)
