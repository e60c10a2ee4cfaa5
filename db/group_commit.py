"""Group commit for SQLite's one connection: the ``Database.write`` calls
that arrive while a transaction is in the connection's thread go together
in the next one (BEGIN IMMEDIATE, each write in a SAVEPOINT of its own,
COMMIT: one fsync under ``synchronous=FULL`` and one hand-off to the thread
for all of them). Every caller is still answered only after its write is
committed; a write whose ``must_change`` fails (``StaleWrite``) or whose
statement fails is rolled back to its savepoint and fails alone — the
others of its group commit. Writes commit in the order they were called.
With nothing in the thread a write goes at once, alone, as before. A write
waiting for the next group may be overtaken by a read another task sends
later (nothing reads what it has not seen committed: a table's copy and the
pages change only after the commit).

Under load the service's CPU per action went mostly to the SQLite thread's
COMMIT (the fsync's system time) and to the hand-offs between the threads;
both are now paid once per group (docs/performance.md, "The service's
speed back")."""
from __future__ import annotations

import asyncio
import sqlite3
from functools import partial
from typing import Any, Callable, Protocol

from db.errors import StaleWrite
from db.writes import Write

Batch = list[tuple[list[Write], asyncio.Future]]


class Submits(Protocol):
    def submit(self, fn: Callable[[sqlite3.Connection], Any]) -> asyncio.Future: ...


def rowcount(conn: sqlite3.Connection, sql: str, params: Any) -> int:
    """Run one statement; the number of rows it changed (its cursor closed)."""
    cur = conn.execute(sql, params)
    try:
        return cur.rowcount
    finally:
        cur.close()


def _run_writes(conn: sqlite3.Connection, writes: list[Write]) -> None:
    for write in writes:
        changed = rowcount(conn, write.sql, write.params)
        if write.must_change is not None and changed != write.must_change:
            raise StaleWrite(write.game_id)


def write_all(conn: sqlite3.Connection, writes: list[Write]) -> None:
    """BEGIN IMMEDIATE, every statement, COMMIT — or ROLLBACK and raise."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _run_writes(conn, writes)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def write_group(conn: sqlite3.Connection, group: list[list[Write]]) -> list[Exception | None]:
    """Commit every write of ``group`` that succeeds, in one transaction;
    each one's error (rolled back to its savepoint), or None. An error of
    the transaction itself (BEGIN, COMMIT, a failed rollback) raises: then
    nothing of the group is written."""
    if len(group) == 1:
        try:
            write_all(conn, group[0])
        except Exception as error:  # noqa: BLE001 - handed to its caller
            return [error]
        return [None]
    errors: list[Exception | None] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for writes in group:
            conn.execute("SAVEPOINT one_write")
            try:
                _run_writes(conn, writes)
            except Exception as error:  # noqa: BLE001 - handed to its caller
                conn.execute("ROLLBACK TO one_write")
                errors.append(error)
            else:
                errors.append(None)
            conn.execute("RELEASE one_write")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return errors


class GroupCommit:
    """The writes of one connection. ``lock`` is held by a multi-step
    transaction (``SqliteBackend.transaction``): a group waits for it."""

    def __init__(self, conn: Submits, lock: asyncio.Lock) -> None:
        self.conn = conn
        self.lock = lock
        self.queued: Batch = []
        self.busy = False  # a group is in the thread (or waiting for the lock)
        self.waiting: asyncio.Task | None = None  # the group waiting for a transaction to end

    async def write(self, writes: list[Write]) -> None:
        done = asyncio.get_running_loop().create_future()
        self.queued.append((writes, done))
        if not self.busy:
            self._send()
        await done

    def _send(self) -> None:
        self.busy = True
        if self.lock.locked():  # a multi-step transaction is open: after it
            self.waiting = asyncio.ensure_future(self._send_after_transaction())
            return
        batch, job = self._take()
        if job is not None:
            job.add_done_callback(partial(self._settle, batch))

    async def _send_after_transaction(self) -> None:
        async with self.lock:
            batch, job = self._take()
            if job is not None:
                await asyncio.wait([job])
        self.waiting = None
        if job is not None:
            self._settle(batch, job)

    def _take(self) -> tuple[Batch, asyncio.Future | None]:
        """Hand every queued write to the thread as one group."""
        batch, self.queued = self.queued, []
        group = [writes for writes, _ in batch]
        try:
            return batch, self.conn.submit(lambda conn: write_group(conn, group))
        except Exception as error:  # noqa: BLE001 - the connection is closed: every caller hears it
            self._answer(batch, [error] * len(batch))
            self._next()
            return batch, None

    def _settle(self, batch: Batch, job: asyncio.Future) -> None:
        if job.cancelled():
            errors: list[BaseException | None] = [asyncio.CancelledError()] * len(batch)
        elif job.exception() is not None:
            errors = [job.exception()] * len(batch)
        else:
            errors = job.result()
        self._answer(batch, errors)
        self._next()

    @staticmethod
    def _answer(batch: Batch, errors: list[Any]) -> None:
        for (_, done), error in zip(batch, errors):
            if done.done():  # its caller was cancelled: the write went on regardless, as before
                continue
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(error)

    def _next(self) -> None:
        self.busy = False
        if self.queued:
            self._send()
