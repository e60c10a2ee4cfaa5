"""Writing a table's row: every write is checked against the row's revision
(and, on PostgreSQL, taken under an advisory lock — ``db/``). A write the
database refuses as stale (another process changed the game) reloads the
table and becomes the refusal ``core.err.stale_table``; nothing was written."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any

from db.database import Database
from db.errors import StaleWrite
from db.models import GameStatus
from db.repo import GameRepo
from tables.errors import TableError
from tables.game_end import GameEndListeners
from tables.live import LiveTable, LiveTables

# Stale copies are a matter of several processes: logged where the sweeper logs.
log = logging.getLogger("tables.sweeper")


class TableStore:
    def __init__(self, db: Database, games: GameRepo, live: LiveTables, now: Callable[[], float],
                 reload: Callable[[int], Awaitable[object]]) -> None:
        self.db = db
        self.games = games
        self.live = live
        self.now = now
        self.reload = reload  # replaces this process's copy of a table with the database's
        self.ended = GameEndListeners()  # told of every game finished or abandoned (tables/game_end.py)

    def refusing_stale(self, table: LiveTable) -> RefusingStale:
        """Around a write of ``table``: a stale write reloads the table and
        becomes a refusal."""
        return RefusingStale(self, table)

    @asynccontextmanager
    async def transaction(self, table: LiveTable) -> AsyncIterator[Any]:
        """``db.transaction()`` for a write of ``table``, refusing stale writes."""
        async with self.refusing_stale(table):
            async with self.db.transaction() as conn:
                yield conn

    async def save(self, table: LiveTable) -> None:
        table.record.updated_at = self.now()
        async with self.refusing_stale(table):
            await self.games.save(table.record)

    async def close(self, table: LiveTable, status: GameStatus) -> None:
        """End a lobby or game without a result (abandoned) and forget it."""
        table.record.status = status
        table.record.turn_started_at = None
        await self.save(table)
        self.live.remove(table)
        self.ended.ended(table.record)


class RefusingStale:
    """``TableStore.refusing_stale``'s context (a class: it wraps every
    action's commit, and a generator-based one costs several calls more)."""

    __slots__ = ("store", "table")

    def __init__(self, store: TableStore, table: LiveTable) -> None:
        self.store = store
        self.table = table

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> bool:
        if kind is None or not issubclass(kind, StaleWrite):
            return False
        table = self.table
        if table.timer is None or table.timer is not asyncio.current_task():  # a timer's: run_timer logs it
            log.info("game %s: changed elsewhere; reloaded", table.id)
        await self.store.reload(table.id)
        raise TableError("core.err.stale_table") from None
