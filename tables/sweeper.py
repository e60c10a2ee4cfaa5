"""Several bot processes on one database: stale copies and orphaned timers.

- ``guarded_write``: the transaction every table write runs in. When the
  database refuses a write as stale (another process changed the game), the
  table is reloaded from the database and the request is refused with
  ``core.err.stale_table``; nothing was written.
- ``Sweeper``: stores each game's next timer deadline and this process's id
  on every write, beats a heartbeat, and takes over the overdue timers of
  processes whose heartbeat stopped (``FOR UPDATE SKIP LOCKED`` on
  PostgreSQL). The version checks in ``db/repo.py`` make each timer fire once
  even if its old owner was only slow.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from db.errors import StaleWrite
from db.models import GameRecord
from tables.errors import TableError

if TYPE_CHECKING:
    from tables.service import LiveTable, TableService

log = logging.getLogger(__name__)
CLAIM_BATCH = 100


async def reload_table(service: TableService, game_id: int) -> LiveTable | None:
    """Replace this process's copy of a game with the database's (the same
    ``LiveTable`` object, so holders of it see the new state), re-arm its
    timer, or forget it when it is no longer live. Call with the table's lock
    held or on a game this process does not hold yet."""
    from tables.service import LiveTable

    record = await service.games.get(game_id)
    table = service.get(game_id)
    if record is None or record.status not in ("lobby", "playing") or record.game_type not in service.registry:
        if table is not None:
            service._forget(table)
        return None
    spec = service.registry.get(record.game_type)
    state = None
    if record.status == "playing":
        snap = await service.games.snapshot(record.id)
        if snap is not None and snap[0] == record.version:
            state = spec.engine.state_from_json(snap[1])
        else:
            state = await service.replay(record)
    if table is None:
        table = LiveTable(record, spec, state=state)
        service._remember(table)
    else:
        table.record, table.state = record, state
    service._schedule(table)
    return table


@asynccontextmanager
async def refuse_stale(service: TableService, table: LiveTable) -> AsyncIterator[None]:
    """Around a write of ``table``: a stale write (``StaleWrite``, nothing
    written) reloads the table and becomes a refusal."""
    try:
        yield
    except StaleWrite:
        if table.timer is None or table.timer is not asyncio.current_task():  # a timer's: run_timer logs it
            log.info("game %s: changed elsewhere; reloaded", table.id)
        await reload_table(service, table.id)
        raise TableError("core.err.stale_table") from None


async def run_timer(table: LiveTable, timer: Callable[[LiveTable], Awaitable[None]]) -> None:
    """Run ``timer(table)``, a turn or lobby timer. When several processes hold
    the game, each arms the timer; the first to write acts and the others'
    writes are refused as stale (their copies reloaded). That is routine,
    so it is a DEBUG line, not an error of the timer's task."""
    try:
        await timer(table)
    except TableError as error:
        if error.key != "core.err.stale_table":
            raise
        log.debug("game %s: timer fired on an old copy; another process acted first, copy reloaded", table.id)


@asynccontextmanager
async def guarded_write(service: TableService, table: LiveTable) -> AsyncIterator[Any]:
    """``service.db.transaction()`` for a write of ``table``: a stale write
    reloads the table and becomes a refusal."""
    async with refuse_stale(service, table):
        async with service.db.transaction() as conn:
            yield conn


async def next_deadline(service: TableService, record: GameRecord) -> float | None:
    """When the game's next timer is due: lobby idle, else the turn reminder
    (half the limit) until sent, else the time-out."""
    from tables.service import LOBBY_IDLE_SECONDS

    if record.status == "lobby":
        return record.updated_at + LOBBY_IDLE_SECONDS
    if record.status != "playing" or record.turn_started_at is None:
        return None
    limit = await service._turn_timeout_seconds(SimpleNamespace(record=record, id=record.id))
    return record.turn_started_at + (limit if record.reminded else limit / 2)


def process_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Sweeper:
    """Installs the deadline/owner hooks at once; ``start()`` runs the loop:
    every ``interval`` seconds a heartbeat, then adopt overdue games whose
    owner has not beaten for ``dead_after`` intervals."""

    def __init__(self, service: TableService, interval: float = 10.0, dead_after: float = 2.0) -> None:
        self.service = service
        self.interval = interval
        self.dead_after = dead_after
        self.id = process_id()
        self.task: asyncio.Task | None = None
        service.games.owner = self.id
        service.games.deadline_of = lambda record: next_deadline(service, record)

    def start(self) -> None:
        if self.task is None and self.interval > 0:
            self.task = asyncio.create_task(self._run(), name="sweeper")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None
        async with self.service.db.transaction() as conn:
            await conn.execute("DELETE FROM processes WHERE id = ?", (self.id,))

    async def beat(self, conn: Any, now: float) -> None:
        """Record that this process is alive."""
        await conn.execute("INSERT INTO processes (id, seen_at) VALUES (?, ?) "
                           "ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at", (self.id, now))

    async def own_held(self) -> None:
        """Mark the games this process holds (just restored) as its own, so
        other sweepers do not take them over from the process that ran
        before a restart. A game changed since it was loaded stays as is."""
        held = [(self.id, table.id, table.record.revision) for table in list(self.service.tables.values())]
        async with self.service.db.transaction() as conn:
            await self.beat(conn, self.service.clock())
            await conn.executemany("UPDATE games SET owner = ? WHERE id = ? AND revision = ?", held)

    async def _run(self) -> None:
        try:
            await self.own_held()
        except Exception:
            log.exception("could not record ownership of the restored games")
        while self.service.accepting:
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep failed; retrying in %.1f s", self.interval)
            await asyncio.sleep(self.interval)

    async def sweep(self) -> list[int]:
        """One round: heartbeat, claim, adopt. Returns the adopted game ids."""
        now = self.service.clock()
        async with self.service.db.transaction() as conn:
            await self.beat(conn, now)
        claimed = await self.claim(now)
        adopted = []
        for game_id in claimed:
            table = self.service.get(game_id)
            lock = table.lock if table is not None else _NO_LOCK
            async with lock:
                if await reload_table(self.service, game_id) is not None:
                    adopted.append(game_id)
        if adopted:
            log.info("adopted %d overdue games of stopped processes: %s", len(adopted), adopted)
        return adopted

    async def claim(self, now: float) -> list[int]:
        """Make this process the owner of overdue games whose owner is gone;
        the revision bump makes any copy the old owner still holds stale."""
        skip_locked = " FOR UPDATE OF g SKIP LOCKED" if self.service.db.dialect == "postgresql" else ""
        async with self.service.db.transaction() as conn:
            rows = await conn.fetchall(
                "SELECT g.id FROM games g WHERE g.deadline < :now AND g.status IN ('lobby', 'playing') "
                "AND (g.owner IS NULL OR g.owner <> :me) AND NOT EXISTS ("
                "SELECT 1 FROM processes p WHERE p.id = g.owner AND p.seen_at >= :alive_after) "
                f"ORDER BY g.deadline LIMIT {CLAIM_BATCH}{skip_locked}",
                {"now": now, "me": self.id, "alive_after": now - self.dead_after * self.interval})
            ids = [r["id"] for r in rows]
            for game_id in ids:
                await conn.execute("UPDATE games SET owner = ?, revision = revision + 1 WHERE id = ?",
                                   (self.id, game_id))
        return ids


class _NoLock:
    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


_NO_LOCK = _NoLock()
