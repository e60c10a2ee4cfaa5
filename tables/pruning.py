"""Pruning old action logs (PRUNE_ACTIONS_AFTER_DAYS, off by default): the
moves of games over for that long are deleted; their records, results and
final boards stay, and their history and replay say the moves were pruned."""
from __future__ import annotations

import asyncio
import logging
from typing import Callable

from db.database import Database
from db.privacy import prune_actions

log = logging.getLogger(__name__)
DAY = 86400.0
INTERVAL_SECONDS = 3600.0


class Pruner:
    """``prune()`` once; ``start()``: at once, then every ``interval`` seconds."""

    def __init__(self, db: Database, after_days: float, clock: Callable[[], float],
                 interval: float = INTERVAL_SECONDS) -> None:
        self.db = db
        self.after_days = after_days
        self.clock = clock
        self.interval = interval
        self.task: asyncio.Task[None] | None = None

    async def prune(self) -> int:
        """Delete the actions of games over for longer than the limit; how many."""
        deleted = await prune_actions(self.db, self.clock() - self.after_days * DAY)
        if deleted:
            log.info("pruned %d actions of games over for more than %g days", deleted, self.after_days)
        return deleted

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._run(), name="pruner")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.prune()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("pruning action logs failed; retrying in %.0f s", self.interval)
            await asyncio.sleep(self.interval)
