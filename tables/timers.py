"""Timers: the idle-lobby close, the turn reminder and time-out (an AI
plays a missed turn, then keeps the seat), and the turn clock every accepted
action restarts. Part of `TableService`."""
from __future__ import annotations

import asyncio
import logging

from pydantic import BaseModel

from engines.base import Event
from tables.live import LiveTable
from tables.sweeper import run_timer

log = logging.getLogger("tables.service")  # the service's one logger, as before the split

LOBBY_IDLE_SECONDS = 30 * 60
DEFAULT_TURN_TIMEOUT_MINUTES = 60
MISSED_TURNS_BEFORE_AI_KEEPS_SEAT = 3


class TimersMixin:
    """`TableService`'s timers; relies on the state and helpers `tables.service` sets up."""

    async def _turn_timeout_seconds(self, table: LiveTable) -> float:
        _, minutes = await self.settings.guild(table.record.guild_id)
        return 60.0 * (minutes or DEFAULT_TURN_TIMEOUT_MINUTES)

    def _cancel_timer(self, table: LiveTable) -> None:
        if table.timer is not None and not table.timer.done() and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None

    def _schedule(self, table: LiveTable) -> None:
        self._cancel_timer(table)
        if table.record.status == "lobby":
            table.timer = asyncio.create_task(run_timer(table, self._lobby_idle), name=f"lobby-idle-{table.id}")
        elif table.record.status == "playing" and table.record.turn_started_at is not None:
            table.timer = asyncio.create_task(run_timer(table, self._turn_timer), name=f"turn-timer-{table.id}")

    async def _lobby_idle(self, table: LiveTable) -> None:
        while table.record.status == "lobby":
            remaining = table.record.updated_at + LOBBY_IDLE_SECONDS - self.clock()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.record.status != "lobby":
                    return
                await self._close(table, "abandoned")
            log.info("game %s: lobby closed after idling", table.id)
            await self.notifier.lobby_updated(table, closed_reason="core.lobby.idle")
            return

    async def _turn_timer(self, table: LiveTable) -> None:
        limit = await self._turn_timeout_seconds(table)
        started = table.record.turn_started_at or self.clock()
        version = table.record.version
        if not table.record.reminded:
            await asyncio.sleep(max(0.0, started + limit / 2 - self.clock()))
            async with table.lock:  # the row is written: an action must not find it changed under it
                if table.record.version != version or table.record.status != "playing":
                    return
                table.record.reminded = True
                await self._save_record(table)
            for seat in table.to_act():
                if not table.seats[seat].is_ai:
                    await self.notifier.turn_reminder(table, seat, int((started + limit - self.clock()) // 60))
        await asyncio.sleep(max(0.0, started + limit - self.clock()))
        async with table.lock:
            if table.record.version != version or table.record.status != "playing":
                return
            before = self._hand_snapshots(table)
            events: list[Event] = []
            for seat in [s for s in table.to_act() if not table.seats[s].is_ai]:
                if table.engine.is_over(table.state) or seat not in table.to_act():
                    continue
                record_seat = table.seats[seat]
                record_seat.missed_turns += 1
                events.append(Event(key="core.log.timed_out", params={"seat": seat}))
                if record_seat.missed_turns >= MISSED_TURNS_BEFORE_AI_KEEPS_SEAT:
                    record_seat.ai = "timeout"
                    table.record.ai_marked = True
                    events.append(Event(key="core.log.ai_keeps_seat", params={"seat": seat}))
                events += await self._ai_move(table, seat)
            events += await self._run_ai(table)
            finished = await self._after_change(table, from_timer=True)
            changed = self._changed_hands(table, before)
        await self._announce(table, events, finished, changed_hands=changed)

    def _restart_turn_clock(self, table: LiveTable, state: BaseModel, now: float) -> None:
        """Every accepted action starts the clock of the humans now to act."""
        humans_to_act = [s for s in table.engine.to_act(state) if not table.seats[s].is_ai]
        table.record.turn_started_at = now if humans_to_act else None
        table.record.reminded = False
