"""The fleet's one REST window (app/rest_shared.py), under virtual time with an
in-memory store shared by several processes' budgets: the fleet never passes
the limit; with the store gone each process keeps to its share, says so once,
and every call still goes out; when the store is back the shared window
resumes. The same store on a real Redis: tests/platform/test_rest_redis.py."""
from __future__ import annotations

import asyncio
import heapq
import itertools
import logging

from app.rest_budget import RestBudget, RestLimits
from app.rest_shared import SharedGlobal, StoreUnavailable
from tests.platform.test_rest_budget import most_in_any_window

LIMITS = RestLimits(global_requests=10, global_seconds=1.0, channel_requests=5, channel_seconds=5.0)
PROCESSES = 3


class VirtualTime:
    """Sleepers wake in time order; time jumps to the next one when every task waits."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + max(seconds, 0.0), next(self._order), future))
        await future

    async def run(self, *coroutines) -> list:
        tasks = [asyncio.ensure_future(c) for c in coroutines]
        while not all(t.done() for t in tasks):
            for _ in range(50):  # let every runnable task reach its next sleep
                await asyncio.sleep(0)
            if self._sleepers:
                wake, _, future = heapq.heappop(self._sleepers)
                self.now = max(self.now, wake)
                future.set_result(None)
        return [t.result() for t in tasks]


class MemoryStore:
    """A shared sliding window, as Redis keeps it; ``up`` False: it does not answer."""

    def __init__(self, clock: VirtualTime, limit: int, seconds: float) -> None:
        self.clock = clock
        self.limit = limit
        self.seconds = seconds
        self.stamps: list[float] = []
        self.up = True

    def _window(self) -> list[float]:
        if not self.up:
            raise StoreUnavailable("ConnectionError")
        self.stamps = [s for s in self.stamps if s > self.clock() - self.seconds]
        return self.stamps

    async def hit(self) -> bool:
        window = self._window()
        if len(window) >= self.limit:
            return False
        window.append(self.clock())
        return True

    async def free_in(self) -> float:
        window = self._window()
        return window[0] + self.seconds - self.clock() if len(window) >= self.limit else 0.0

    async def close(self) -> None:
        pass


def fleet(clock: VirtualTime, store: MemoryStore) -> list[RestBudget]:
    return [RestBudget(LIMITS, clock=clock, sleep=clock.sleep,
                       fleet=SharedGlobal(store, LIMITS, PROCESSES, clock=clock, sleep=clock.sleep, where=f"p{n}"))
            for n in range(PROCESSES)]


async def send(clock: VirtualTime, budget: RestBudget, process: int, calls: int, sent: list) -> None:
    async def one(n: int) -> None:
        await budget.acquire("GET")
        sent.append((clock(), process))

    await asyncio.gather(*(one(n) for n in range(calls)))


async def test_three_processes_share_one_window_where_their_own_would_triple_it():
    clock = VirtualTime()
    store = MemoryStore(clock, LIMITS.global_requests, LIMITS.global_seconds)
    shared: list[tuple[float, int]] = []
    await clock.run(*(send(clock, b, n, 40, shared) for n, b in enumerate(fleet(clock, store))))
    assert len(shared) == 120
    assert most_in_any_window([at for at, _ in shared], 1.0) == LIMITS.global_requests  # full, never over

    clock = VirtualTime()
    alone: list[tuple[float, int]] = []  # today's budgets: each process its own window
    await clock.run(*(send(clock, RestBudget(LIMITS, clock=clock, sleep=clock.sleep), n, 40, alone)
                      for n in range(PROCESSES)))
    assert most_in_any_window([at for at, _ in alone], 1.0) == PROCESSES * LIMITS.global_requests


async def test_the_store_killed_mid_run_each_process_keeps_its_share_and_every_call_goes_out(caplog):
    clock = VirtualTime()
    store = MemoryStore(clock, LIMITS.global_requests, LIMITS.global_seconds)
    budgets = fleet(clock, store)
    sent: list[tuple[float, int]] = []
    down, back = 2.0, 12.0

    async def outage() -> None:
        await clock.sleep(down)
        store.up = False
        await clock.sleep(back - down)
        store.up = True

    with caplog.at_level(logging.WARNING, logger="app.rest_shared"):
        await clock.run(outage(), *(send(clock, b, n, 80, sent) for n, b in enumerate(budgets)))

    assert len(sent) == PROCESSES * 80  # nothing lost: calls only waited
    assert most_in_any_window([at for at, _ in sent], 1.0) <= LIMITS.global_requests  # across both switches
    share = LIMITS.global_requests // PROCESSES
    for n, budget in enumerate(budgets):
        gate = budget.fleet
        assert gate.stats.fallbacks == 1 and gate.stats.recoveries == 1 and gate.stats.own > 0
        during = [at for at, p in sent if p == n and down <= at < back]
        assert during and most_in_any_window(during, 1.0) <= share
    assert max(at for at, _ in sent) > back  # the shared window resumed after the outage ...
    after = [at for at, _ in sent if at >= back + 5.0 + 1.0]  # ... at the fleet's full rate again
    assert most_in_any_window(after, 1.0) == LIMITS.global_requests
    lost = [r for r in caplog.records if "does not answer" in r.getMessage()]
    found = [r for r in caplog.records if "answers again" in r.getMessage()]
    assert len(lost) == PROCESSES and len(found) == PROCESSES  # once per process and outage
    assert f"at most {share} requests per 1 s" in lost[0].getMessage()
