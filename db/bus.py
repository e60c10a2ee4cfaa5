"""The change bus between processes sharing a PostgreSQL database.

Every committed new revision of a ``games`` row is announced by the row's
triggers (migration 0005) on the channel ``tabletop_<md5 of the schema>``:
``{table_id, version, revision, status, process}``. The NOTIFY runs inside
the writing transaction, so it is delivered at the commit and dropped by a
rollback: nobody hears of a change that did not happen. ``ChangeListener``
holds one connection of its own (outside the pool) that LISTENs, skips the
changes of its own pool (``process``) and hands the others on; a lost
connection is opened again, and ``reconnected`` is called so the owner can
catch up on what it missed (``current``). SQLite has one process: no bus.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import asyncpg

from db.database import Database
from db.postgres import PostgresBackend, connect_failure

log = logging.getLogger("tables.sweeper")  # where the other multi-process lines go
RECONNECT_SECONDS = 1.0
CHANNEL_PREFIX = "tabletop_"


def channel_of(schema: str) -> str:
    """The channel of a schema's changes (as the triggers name it)."""
    return CHANNEL_PREFIX + hashlib.md5(schema.encode()).hexdigest()


@dataclass(frozen=True)
class HeardChange:
    """A committed change of a table, as another process announced it."""

    table_id: int
    version: int
    revision: int
    status: str
    process: str | None = None


def parse(payload: str) -> HeardChange | None:
    """A notification's payload, or None when it is not one of ours."""
    try:
        data = json.loads(payload)
        return HeardChange(int(data["table_id"]), int(data["version"]), int(data["revision"]),
                           str(data["status"]), data.get("process"))
    except (ValueError, TypeError, KeyError):
        return None


async def current(db: Database, table_ids: list[int]) -> list[HeardChange]:
    """The tables' rows as they are now (to catch up after a lost connection)."""
    if not table_ids:
        return []
    marks = ", ".join("?" * len(table_ids))
    rows = await db.fetchall(f"SELECT id, version, revision, status FROM games WHERE id IN ({marks})",
                             tuple(table_ids))
    return [HeardChange(r["id"], r["version"], r["revision"], r["status"]) for r in rows]


class ChangeListener:
    """LISTENs on the database's change channel; ``heard`` gets each change
    another process committed, in the order the server sent them."""

    def __init__(self, db: Database, heard: Callable[[HeardChange], None],
                 reconnected: Callable[[], None] | None = None) -> None:
        self.db = db
        self.heard = heard
        self.reconnected = reconnected
        self.conn: asyncpg.Connection | None = None
        self.reconnecting: asyncio.Task[None] | None = None
        self.stopped = False

    @property
    def backend(self) -> PostgresBackend | None:
        backend = self.db.backend
        return backend if isinstance(backend, PostgresBackend) else None

    async def start(self) -> bool:
        """Listen (PostgreSQL); False on SQLite, where there is no bus."""
        if self.backend is None:
            return False
        self.stopped = False
        await self.connect()
        return True

    async def connect(self) -> None:
        backend = self.backend
        assert backend is not None
        try:
            conn = await asyncpg.connect(backend.url, server_settings=backend.session_settings(),
                                         timeout=backend.connect_timeout)
        except (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise connect_failure(error, backend.url, backend.connect_timeout) from error
        try:  # the schema the server resolves for this process's connections: the triggers' too
            schema = await conn.fetchval("SELECT current_schema()")
            await conn.add_listener(channel_of(schema or "public"), self.on_notification)
        except BaseException:
            await conn.close()
            raise
        conn.add_termination_listener(self.on_lost)
        self.conn = conn

    def on_notification(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        change = parse(payload)
        backend = self.backend
        if change is None or (backend is not None and change.process == backend.process):
            return
        self.heard(change)

    def on_lost(self, _conn: Any) -> None:
        self.conn = None
        if not self.stopped and self.reconnecting is None:
            log.warning("change bus: connection lost; reconnecting")
            self.reconnecting = asyncio.get_running_loop().create_task(self.reconnect(), name="change-bus")

    async def reconnect(self) -> None:
        try:
            while not self.stopped:
                try:
                    await self.connect()
                except Exception as error:  # ConnectFailure and whatever the network says
                    log.warning("change bus: cannot reconnect (%s); retrying in %g s",
                                type(error).__name__, RECONNECT_SECONDS)
                    await asyncio.sleep(RECONNECT_SECONDS)
                    continue
                log.info("change bus: reconnected")
                if self.reconnected is not None:
                    self.reconnected()
                return
        finally:
            self.reconnecting = None

    async def stop(self) -> None:
        self.stopped = True
        if self.reconnecting is not None:
            self.reconnecting.cancel()
            await asyncio.gather(self.reconnecting, return_exceptions=True)
        conn, self.conn = self.conn, None
        if conn is not None and not conn.is_closed():
            conn.remove_termination_listener(self.on_lost)
            await conn.close()
