"""One global REST window for every process of a bot token, in a shared store.

Discord's global limit (50 requests per second) is per token, not per
process: several bot processes (shards) and ``tabletop web`` must share it.
``SharedGlobal`` is the ``RestBudget``'s global gate for such a fleet: each
slot is taken from one sliding window kept in a store every process reaches
(``app.rest_redis.RedisWindow``: the ``limits`` library's moving window on
Redis), so the fleet together never sends more than the limit in any window.

When the store cannot be reached, the process falls back to its own share
of the limit, ``limit // processes`` (``REST_PROCESSES``: how many processes
share the token), says so once in the log, and asks the store again every
``retry_seconds``; calls only wait, none is dropped. So that the fleet stays
under the limit across the switch:

- falling back, a process first lets one window pass, so its own share never
  adds to slots the others took from the store before it went away;
- coming back, it keeps to its share as well for ``retry_seconds`` and one
  window more, the time the others take to notice the store is back (each
  asks it again within ``retry_seconds`` of its next call).

A process that cannot reach the store while the others can still sends its
share beside them: Discord's margin (45 of 50 by default) absorbs some of
that, discord.py waits out a 429, and nothing is lost.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from app.rest_budget import RestLimits, Window

log = logging.getLogger(__name__)
RETRY_SECONDS = 5.0
MIN_WAIT = 0.005  # a store that says "free now" but refused: try again a moment later


class StoreUnavailable(Exception):
    """The shared store did not answer (down, unreachable, timed out)."""


class SharedWindow(Protocol):
    """The fleet's global window in a shared store."""

    async def hit(self) -> bool:
        """Take one slot if the window has one (atomically, for every process)."""
        ...

    async def free_in(self) -> float:
        """Seconds until the window's oldest slot leaves it."""
        ...

    async def close(self) -> None: ...


@dataclass
class FleetStats:
    shared: int = 0  # slots taken from the store
    own: int = 0  # slots taken from this process's share while the store was away
    fallbacks: int = 0  # times the store went away
    recoveries: int = 0  # times it came back


class SharedGlobal:
    """``RestBudget``'s global gate: the store's window, else this process's share."""

    def __init__(self, store: SharedWindow, limits: RestLimits, processes: int, *, where: str = "the store",
                 clock: Callable[[], float] | None = None, sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                 retry_seconds: float = RETRY_SECONDS) -> None:
        self.store = store
        self.share = max(1, limits.global_requests // max(1, processes))
        self.seconds = limits.global_seconds
        self.where = where  # for the log: host and port, never a password
        self.retry_seconds = retry_seconds
        self._clock = clock
        self._sleep = sleep
        self.own = Window(self.share, limits.global_seconds)  # this process's sends, kept in both modes
        self.down = False
        self.next_try = 0.0
        self.paused_until = 0.0  # after falling back: one window passes first
        self.careful_until = 0.0  # after coming back: the share still applies
        self.stats = FleetStats()

    def now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    async def take(self) -> bool:
        waited = False
        while True:
            now = self.now()
            if not self.down or now >= self.next_try:
                wait = await self._from_store(now)
                if wait == 0.0:
                    return waited
            else:
                wait = max(self.own.delay(now), self.paused_until - now)
                if wait <= 0.0:
                    self.stats.own += 1
                    self.own.stamps.append(now)
                    return waited
                wait = min(wait, max(self.next_try - now, MIN_WAIT))
            waited = True
            await self._sleep(wait)

    async def _from_store(self, now: float) -> float:
        """0 when a slot was taken; else how long to wait before asking again
        (after a failure: 0 < wait, and ``down`` is set)."""
        if self.down or now < self.careful_until:  # still (or just again) held to the share
            wait = max(self.own.delay(now), self.paused_until - now if self.down else 0.0)
            if wait > 0:
                return wait
        try:
            taken = await self.store.hit()
            self._back(now)
            if taken:
                self.stats.shared += 1
                self.own.stamps.append(now)
                return 0.0
            return max(await self.store.free_in(), MIN_WAIT)
        except (StoreUnavailable, OSError, asyncio.TimeoutError) as error:
            self._lost(now, error)
            return MIN_WAIT

    def _lost(self, now: float, error: BaseException) -> None:
        self.next_try = now + self.retry_seconds
        if self.down:
            return
        self.down = True
        self.paused_until = now + self.seconds
        self.stats.fallbacks += 1
        log.warning("the shared REST budget at %s does not answer (%s): this process sends at most %d "
                    "requests per %g s (its share) until it does", self.where, type(error).__name__, self.share,
                    self.seconds)

    def _back(self, now: float) -> None:
        if not self.down:
            return
        self.down = False
        self.careful_until = now + self.retry_seconds + self.seconds
        self.stats.recoveries += 1
        log.warning("the shared REST budget at %s answers again: its window is shared by the fleet once more",
                    self.where)

    async def close(self) -> None:
        await self.store.close()
