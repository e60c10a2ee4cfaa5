"""One REST budget for the whole process, under Discord's rate limits.

Every REST call of the bot waits here for a slot before it goes out, so the
bot never spends Discord's limits into 429s (which discord.py would queue
and retry, and which count towards Cloudflare's 10,000 invalid requests per
10 minutes). Two kinds of window, each a sliding log of send times, so no
window of the given length ever holds more than the limit:

- global: ``global_requests`` per ``global_seconds`` for the bot token
  (Discord allows 50 per second; the default keeps a margin: 45);
- per channel, for message sends, edits and deletes each:
  ``channel_requests`` per ``channel_seconds`` (Discord: 5 per 5 s for
  sends; the rest are treated as strictly; the default adds half a second
  for the network's jitter).

Waiting is fair: the calls of one channel and kind go in the order they came
(a FIFO lock), and a call whose channel has room queues FIFO for the global
window, so no channel starves the others. Interaction responses and
interaction follow-ups (``/interactions/…``, ``/webhooks/{id}/{token}…``) are
not under the bot's global limit and pass at once.

Nothing here drops or merges a message: the table's announcer awaits each
call, and the changes that pile up meanwhile are delivered as one board
(``tables/announcing_queue.py``), so a slow budget means fewer, newer boards.

The global window is this process's own unless the budget is given a
``fleet`` gate (``app.rest_shared.SharedGlobal``): then every process of the
token takes its global slots from one window in a shared store, and the
channel windows stay here (a channel's messages come from the one process
that owns its server's shard).

``install(http, budget)`` wraps a discord.py ``HTTPClient``'s ``request``
(also SimCord's fake one), so every call passes whatever code makes it.
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

MESSAGE_KINDS = {"POST": "send", "PATCH": "edit", "DELETE": "delete"}
PRUNE_AT = 4096  # channel windows kept before the idle ones are dropped


@dataclass(frozen=True)
class RestLimits:
    global_requests: int = 45
    global_seconds: float = 1.0
    channel_requests: int = 5
    channel_seconds: float = 5.5


class Window:
    """The send times of the last ``seconds``; a FIFO lock orders the waiters."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self.stamps: deque[float] = deque()
        self.lock = asyncio.Lock()

    def delay(self, now: float) -> float:
        """How long until one more call fits (0: now)."""
        # The same sum as the delay below: with ``now - seconds`` a float's rounding
        # could keep a stamp whose delay is already 0, and let one call too many pass.
        while self.stamps and self.stamps[0] + self.seconds <= now:
            self.stamps.popleft()
        return 0.0 if len(self.stamps) < self.limit else self.stamps[0] + self.seconds - now

    def idle(self, now: float) -> bool:
        return not self.lock.locked() and self.delay(now) == 0.0 and not self.stamps


@dataclass
class BudgetStats:
    admitted: int = 0
    exempt: int = 0  # interaction calls seen here: they pass at once
    followups: int = 0  # interaction follow-ups paced by their channel's window only (acquire_channel)
    waited: int = 0  # calls that had to wait (behind others or for a window)
    wait_seconds: float = 0.0


class GlobalGate(Protocol):
    """Where the global slots come from when not from this process's window."""

    async def take(self) -> bool:
        """Wait for one slot of the token's window; True when it had to wait."""
        ...

    async def close(self) -> None: ...


def channel_kind(method: str, path: str, channel_id: Any) -> str | None:
    """``send``/``edit``/``delete`` for a message route of a channel, else None."""
    if channel_id is None or not path.startswith("/channels/{channel_id}/messages"):
        return None
    return MESSAGE_KINDS.get(method)


def is_exempt(path: str, webhook_token: Any = None) -> bool:
    """Interaction callbacks and follow-ups: not under the bot's global limit."""
    return path.startswith("/interactions/") or webhook_token is not None


class RestBudget:
    def __init__(self, limits: RestLimits = RestLimits(), *, clock: Callable[[], float] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep, fleet: GlobalGate | None = None) -> None:
        self.limits = limits
        self.fleet = fleet
        self._clock = clock
        self._sleep = sleep
        self._global = Window(limits.global_requests, limits.global_seconds)
        self._channels: dict[tuple[int, str], Window] = {}
        self._prune_at = PRUNE_AT
        self.stats = BudgetStats()

    def now(self) -> float:
        """The event loop's clock unless given one (SimCord's loop clock is virtual)."""
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    @property
    def channel_windows(self) -> int:
        """How many channel windows are kept (idle ones go when there are many)."""
        return len(self._channels)

    async def acquire(self, method: str, channel_id: int | None = None, kind: str | None = None) -> None:
        """Wait for a slot: a global one, and with ``channel_id`` and ``kind``
        (``send``/``edit``/``delete``) also one of that channel's."""
        started = self.now()
        if channel_id is None or kind is None:
            waited = await self._take_global()
        else:
            window = self._channel(int(channel_id), kind)
            waited = window.lock.locked()
            async with window.lock:
                waited = await self._room(window) or waited
                # The channel's stamp is taken with the global one: a call
                # counts when it goes out, not when its channel had room.
                waited = await self._take_global() or waited
                window.stamps.append(self.now())
        self.stats.admitted += 1
        if waited:
            self.stats.waited += 1
            self.stats.wait_seconds += self.now() - started

    async def acquire_route(self, route: Any) -> None:
        """``acquire`` for a discord.py ``Route``; exempt routes pass at once."""
        if is_exempt(route.path, getattr(route, "webhook_token", None)):
            self.stats.exempt += 1
            return
        channel_id = getattr(route, "channel_id", None)
        await self.acquire(route.method, channel_id, channel_kind(route.method, route.path, channel_id))

    async def acquire_channel(self, channel_id: int, kind: str) -> None:
        """A slot of a channel's window only: for the messages an interaction's
        follow-up sends, edits or deletes (``cogs.play.interaction_routes``), which are
        not under the token's global limit but are still the channel's messages."""
        window = self._channel(int(channel_id), kind)
        started, waited = self.now(), window.lock.locked()
        async with window.lock:
            waited = await self._room(window) or waited
            window.stamps.append(self.now())
        self.stats.followups += 1
        if waited:
            self.stats.waited += 1
            self.stats.wait_seconds += self.now() - started

    async def _take_global(self) -> bool:
        """True when the call had to wait. The lock keeps this process's calls
        in order (FIFO) also when the slots come from the fleet's window."""
        waited = self._global.lock.locked()
        async with self._global.lock:
            if self.fleet is not None:
                return await self.fleet.take() or waited
            waited = await self._room(self._global) or waited
            self._global.stamps.append(self.now())
        return waited

    async def close(self) -> None:
        """Let go of the shared store's connections (none without one)."""
        if self.fleet is not None:
            await self.fleet.close()

    async def _room(self, window: Window) -> bool:
        slept = False
        while (wait := window.delay(self.now())) > 0:
            slept = True
            await self._sleep(wait)
        return slept

    def _channel(self, channel_id: int, kind: str) -> Window:
        key = (channel_id, kind)
        window = self._channels.get(key)
        if window is None:
            if len(self._channels) >= self._prune_at:
                now = self.now()
                for old in [k for k, w in self._channels.items() if w.idle(now)]:
                    del self._channels[old]
                # Many channels busy at once: scan again only when twice as many are kept.
                self._prune_at = max(PRUNE_AT, 2 * len(self._channels))
            window = self._channels[key] = Window(self.limits.channel_requests, self.limits.channel_seconds)
        return window


def install(http: Any, budget: RestBudget) -> None:
    """Make every ``http.request`` wait for the budget first (once per client)."""
    original = http.request
    if getattr(original, "rest_budget", None) is not None:
        return

    async def request(route: Any, **kwargs: Any) -> Any:
        await budget.acquire_route(route)
        return await original(route, **kwargs)

    request.rest_budget = budget  # type: ignore[attr-defined]
    http.request = request
