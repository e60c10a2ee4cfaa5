"""Timers: the idle-lobby close, the turn reminder and the turn time-out,
and the turn clock every accepted action restarts. Deadlines come from the
stored record (``turn_started_at``, ``updated_at``), so a restart — or
another process — re-arms them."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, NamedTuple

from pydantic import BaseModel

from db.models import GameRecord
from db.repo import SettingsRepo
from games.options import TURN_MINUTES
from tables.errors import TableError
from tables.live import LiveTable
from tables.notifier import Notifier
from tables.store import TableStore

log = logging.getLogger("tables.service")
stale_log = logging.getLogger("tables.sweeper")  # timers firing on a copy another process changed

LOBBY_IDLE_SECONDS = 30 * 60
DEFAULT_TURN_TIMEOUT_MINUTES = 60
MISSED_TURNS_BEFORE_AI_KEEPS_SEAT = 3

# What a turn time-out does: (table, the version the timer was armed at).
TimeOut = Callable[[LiveTable, int], Awaitable[object]]


def turn_clock(table: LiveTable, state: BaseModel, now: float) -> dict[str, Any]:
    """The record's turn clock once ``state`` is the table's: every accepted
    action starts the clock of the humans now to act."""
    humans_to_act = any(not table.seats[s].is_ai for s in table.engine.to_act(state))
    return {"turn_started_at": now if humans_to_act else None, "reminded": False}


def restart_turn_clock(table: LiveTable, state: BaseModel, now: float) -> None:
    """``turn_clock`` set on the table's record."""
    for name, value in turn_clock(table, state, now).items():
        setattr(table.record, name, value)


async def run_timer(table: LiveTable, timer: Callable[[LiveTable], Awaitable[None]]) -> None:
    """Run ``timer(table)``. When several processes hold the game, each arms
    the timer; the first to write acts and the others' writes are refused as
    stale (their copies reloaded). That is routine: a DEBUG line."""
    try:
        await timer(table)
    except TableError as error:
        if error.key != "core.err.stale_table":
            raise
        stale_log.debug("game %s: timer fired on an old copy; another process acted first, copy reloaded", table.id)


class Timers:
    def __init__(self, settings: SettingsRepo, store: TableStore, notifier: Callable[[], Notifier],
                 now: Callable[[], float], time_out: TimeOut) -> None:
        self.settings = settings
        self.store = store
        self.notifier = notifier
        self.now = now
        self.time_out = time_out
        # False in a process that must not fire timers (the web process: the bot owning
        # the game's server arms them when it hears of the change, tables/bus.py).
        self.armed = True

    async def turn_timeout_seconds(self, record: GameRecord) -> float:
        own = record.config.get(TURN_MINUTES)
        if isinstance(own, int) and own > 0:
            return 60.0 * own
        _, minutes = await self.settings.guild(record.guild_id)
        return 60.0 * (minutes or DEFAULT_TURN_TIMEOUT_MINUTES)

    async def next_deadline(self, record: GameRecord) -> float | None:
        """When the game's next timer is due: lobby idle, else the turn
        reminder (half the limit) until sent, else the time-out."""
        if record.status == "lobby":
            return record.updated_at + LOBBY_IDLE_SECONDS
        if record.status != "playing" or record.turn_started_at is None:
            return None
        limit = await self.turn_timeout_seconds(record)
        return record.turn_started_at + (limit if record.reminded else limit / 2)

    def known_timeout_seconds(self, record: GameRecord) -> float | None:
        """``turn_timeout_seconds`` when it needs no query, else None."""
        own = record.config.get(TURN_MINUTES)
        if isinstance(own, int) and own > 0:
            return 60.0 * own
        cached = self.settings.cached_guild(record.guild_id)
        if cached is None:
            return None
        return 60.0 * (cached[1] or DEFAULT_TURN_TIMEOUT_MINUTES)

    def schedule(self, table: LiveTable) -> None:
        """(Re-)arm the table's timer for its status."""
        table.cancel_timer()
        if not self.armed:
            return
        if table.record.status == "lobby":
            table.timer = asyncio.create_task(run_timer(table, self.lobby_idle), name=f"lobby-idle-{table.id}")
        elif table.record.status == "playing" and table.record.turn_started_at is not None:
            table.timer = self._turn_wait(table) or asyncio.create_task(run_timer(table, self.turn_timer),
                                                                        name=f"turn-timer-{table.id}")

    def _turn_wait(self, table: LiveTable) -> TurnWait | None:
        """The turn timer as a loop timer until its first deadline (what
        ``turn_timer`` first sleeps until; the same values it would read):
        every action re-arms it, and this costs no task. None when the
        limit needs a query or the deadline is due: then the task at once."""
        record = table.record
        limit = self.known_timeout_seconds(record)
        if limit is None:
            return None
        due = TurnDue(limit, record.turn_started_at or self.now(), record.version, record.reminded)
        delay = due.started + (limit if due.reminded else limit / 2) - self.now()
        if delay <= 0:
            return None
        wait = TurnWait()
        wait.handle = asyncio.get_running_loop().call_later(delay, self._start_turn_timer, table, wait, due)
        return wait

    def _start_turn_timer(self, table: LiveTable, wait: TurnWait, due: TurnDue) -> None:
        wait.fired = True
        task = asyncio.create_task(run_timer(table, partial(self._turn_due, due=due)), name=f"turn-timer-{table.id}")
        if table.timer is wait:
            table.timer = task

    async def lobby_idle(self, table: LiveTable) -> None:
        while table.record.status == "lobby":
            remaining = table.record.updated_at + LOBBY_IDLE_SECONDS - self.now()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.record.status != "lobby":
                    return
                await self.store.close(table, "abandoned")
            log.info("game %s: lobby closed after idling", table.id)
            await self.notifier().lobby_updated(table, closed_reason="core.lobby.idle")
            return

    async def turn_timer(self, table: LiveTable) -> None:
        due = TurnDue(await self.turn_timeout_seconds(table.record), table.record.turn_started_at or self.now(),
                      table.record.version, table.record.reminded)
        await asyncio.sleep(max(0.0, due.started + (due.limit if due.reminded else due.limit / 2) - self.now()))
        await self._turn_due(table, due)

    async def _turn_due(self, table: LiveTable, due: TurnDue) -> None:
        """From the turn timer's first deadline: the reminder (unless sent),
        then the time-out."""
        limit, started, version = due.limit, due.started, due.version
        if not due.reminded:
            async with table.lock:  # the row is written: an action must not find it changed under it
                if table.record.version != version or table.record.status != "playing":
                    return
                table.record.reminded = True
                await self.store.save(table)
            for seat in table.to_act():
                if not table.seats[seat].is_ai:
                    await self.notifier().turn_reminder(table, seat, int((started + limit - self.now()) // 60))
            await asyncio.sleep(max(0.0, started + limit - self.now()))
        await self.time_out(table, version)


class TurnDue(NamedTuple):
    """What a turn timer read when armed: the limit, the turn's start, the
    version it times out, whether the reminder was sent."""

    limit: float
    started: float
    version: int
    reminded: bool


class TurnWait:
    """A turn timer before its first deadline: a loop timer that starts the
    timer's task when due (``Timers._turn_wait``); cancelled as a task is."""

    __slots__ = ("handle", "fired")

    def __init__(self) -> None:
        self.handle: asyncio.TimerHandle | None = None
        self.fired = False

    def done(self) -> bool:
        return self.fired or self.handle is None or self.handle.cancelled()

    def cancel(self, msg: Any | None = None) -> bool:
        if self.done() or self.handle is None:
            return False
        self.handle.cancel()
        return True
