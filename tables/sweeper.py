"""Several bot processes on one database: orphaned timers.

``Sweeper`` stores each game's next timer deadline and this process's id on
every write, beats a heartbeat, and takes over the overdue timers of
processes whose heartbeat stopped (``FOR UPDATE SKIP LOCKED`` on
PostgreSQL). The version checks in ``db/repo.py`` make each timer fire once
even if its old owner was only slow. Stale copies are handled where a table
is written (``tables/store.py``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from db.processes import ProcessRepo

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)
CLAIM_BATCH = 100


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
        self.task: asyncio.Task[None] | None = None
        self.processes = ProcessRepo(service.db)
        service.games.owner = self.id
        service.games.deadline_of = service.timers.next_deadline

    def start(self) -> None:
        if self.task is None and self.interval > 0:
            self.task = asyncio.create_task(self._run(), name="sweeper")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None
        await self.processes.forget(self.id)

    async def beat(self, conn: Any, now: float) -> None:
        """Record that this process is alive."""
        await self.processes.beat(conn, self.id, now)

    async def own_held(self) -> None:
        """Mark the games this process holds (just restored) as its own, so
        other sweepers do not take them over from the process that ran
        before a restart. A game changed since it was loaded stays as is."""
        held = [(table.id, table.record.revision) for table in list(self.service.tables.values())]
        await self.processes.own(self.id, self.service.clock(), held)

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
            lock: AbstractAsyncContextManager[Any] = table.lock if table is not None else nullcontext()
            async with lock:
                if await self.service.restorer.reload(game_id) is not None:
                    adopted.append(game_id)
        if adopted:
            log.info("adopted %d overdue games of stopped processes: %s", len(adopted), adopted)
        return adopted

    async def claim(self, now: float) -> list[int]:
        """Make this process the owner of overdue games whose owner is gone."""
        return await self.processes.claim_overdue(self.id, now, now - self.dead_after * self.interval,
                                                  CLAIM_BATCH, front=self.service.games.front)
