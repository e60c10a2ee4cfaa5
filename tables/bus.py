"""This process's end of the change bus (``db/bus.py``): the changes other
processes commit, taken one at a time in the order the server sent them.

A change of a table this process holds is refreshed under the table's lock
(``tables/refreshing.py``: reloaded, announced as if made here, and — in a
bot — what follows it played, timers re-armed); one it already has (its
revision) is skipped. A table it does not hold is loaded by a process
that holds every table (the web process); a bot holds the tables of its
shards' servers and loads a new lobby of one of them, opened by another
process (the board's ``tabletop web``). A lobby loaded so is announced as a
new one (``TableService.announce_opened``): the bot posts its lobby message,
the web's pages in its channel hear of it. After a lost connection every held
table is compared with the database, so nothing missed stays missed.
"""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING

from db.bus import ChangeListener, HeardChange, current
from tables.announcing_queue import Call

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger("tables.sweeper")


class TableBus:
    def __init__(self, service: "TableService", *, holds_every_table: bool) -> None:
        self.service = service
        self.holds_every_table = holds_every_table
        self.listener = ChangeListener(service.db, self.heard, reconnected=self.catch_up)
        self.changes: deque[HeardChange] = deque()
        self.worker: asyncio.Task[None] | None = None  # while there are changes to take
        self.taking = False  # until take_changes: heard changes wait
        self.catching_up: set[asyncio.Task[None]] = set()

    async def start(self) -> bool:
        """Listen and take changes (PostgreSQL only: False on SQLite, which has one process)."""
        if not await self.listen():
            return False
        self.take_changes()
        return True

    async def listen(self) -> bool:
        """Start hearing changes, kept until ``take_changes`` (a process
        listens before it restores, and takes them after: none is missed)."""
        return await self.listener.start()

    def take_changes(self) -> None:
        self.taking = True
        self.wake()

    async def stop(self) -> None:
        await self.listener.stop()
        self.taking = False
        for task in [self.worker, *self.catching_up]:
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self.worker = None

    def heard(self, change: HeardChange) -> None:
        self.changes.append(change)
        self.wake()

    def wake(self) -> None:
        """One task takes the changes in order and ends when there are none
        (no task waits while the process is quiet)."""
        if self.taking and self.changes and (self.worker is None or self.worker.done()):
            self.worker = asyncio.get_running_loop().create_task(self.work(), name="table-bus")

    @property
    def idle(self) -> bool:
        """Every change heard so far is taken."""
        return not self.changes and (self.worker is None or self.worker.done())

    def catch_up(self) -> None:
        async def compare() -> None:
            for change in await current(self.service.db, list(self.service.tables)):
                self.heard(change)

        task = asyncio.get_running_loop().create_task(compare(), name="table-bus-catch-up")
        self.catching_up.add(task)
        task.add_done_callback(self.catching_up.discard)

    async def load(self, change: HeardChange) -> None:
        """A table this process did not hold: loaded (if it is this process's:
        its front, its shards), and a lobby announced as new, in the table's order."""
        loaded = await self.service.refresher.refresh(change.table_id)
        if loaded is None or loaded.record.status != "lobby":
            return
        service = self.service
        service.announcing.submit(loaded, Call(lambda: service.announce_opened(loaded), "lobby"))

    async def work(self) -> None:
        while self.changes:
            change = self.changes.popleft()
            try:
                await self.take(change)
            except Exception as error:  # a change lost here is caught up by the next one or the timer
                log.error("game %s: could not take a change made elsewhere: %s", change.table_id,
                          type(error).__name__)

    async def take(self, change: HeardChange) -> None:
        table = self.service.get(change.table_id)
        if table is None:
            if change.status == "lobby" or (self.holds_every_table and change.status == "playing"):
                await self.load(change)
            return
        async with table.lock:
            if table.record.revision >= change.revision or self.service.get(change.table_id) is not table:
                return
            await self.service.refresher.refresh(change.table_id)
