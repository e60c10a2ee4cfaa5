"""The process-wide REST budget (app/rest_budget.py): under a controllable
clock no window ever holds more calls than its limit, each channel's calls go
in order, no channel starves, interaction calls pass uncounted; with a slow
budget the changes behind a waiting board are delivered as one, the newest;
and the bot installs it on its HTTP client (SimCord's too)."""
from __future__ import annotations

import asyncio
import random

from discord.http import Route

from app.rest_budget import PRUNE_AT, RestBudget, RestLimits, install
from bench.board_latency import TimedNotifier
from bench.discord_model import DiscordModel, ModelHost, Rest
from bench.pipeline_bench import Delivered, TrackedDrawing, Tracker
from tests.platform.test_announcing import WAIT, play_highest, service_with, start_game

LIMITS = RestLimits(global_requests=10, global_seconds=1.0, channel_requests=3, channel_seconds=5.0)


class JumpClock:
    """Virtual time: a sleeper moves the clock on to its wake-up time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now = max(self.now, self.now + seconds)
        await asyncio.sleep(0)


class ManualClock:
    """Virtual time that only the test moves on."""

    def __init__(self) -> None:
        self.now = 0.0
        self.moved = asyncio.Event()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        while self.now < until:
            moved = self.moved
            await moved.wait()

    def advance(self, seconds: float) -> None:
        self.now += seconds
        moved, self.moved = self.moved, asyncio.Event()
        moved.set()


class ThreadDrawing:
    """The drawing pool's calls, in a thread (the tracker learns each board's version)."""

    async def draw(self, renderer, kind, view, locale, key=None) -> bytes:
        return await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale)

    async def compute(self, fn, *args):
        return fn(*args)


def most_in_any_window(stamps: list[float], seconds: float) -> int:
    stamps = sorted(stamps)
    return max((sum(1 for s in stamps[i:] if s < start + seconds) for i, start in enumerate(stamps)), default=0)


async def test_no_window_ever_holds_more_than_its_limit():
    clock = JumpClock()
    budget = RestBudget(LIMITS, clock=clock, sleep=clock.sleep)
    sent: list[tuple[float, int | None, str | None]] = []
    rng = random.Random(7)
    calls = [(rng.choice([None, 1, 2, 3, 4]), rng.choice(["send", "edit", "delete"])) for _ in range(120)]

    async def call(channel: int | None, kind: str) -> None:
        await budget.acquire("POST", channel, kind if channel is not None else None)
        sent.append((clock(), channel, kind if channel is not None else None))

    await asyncio.gather(*(call(channel, kind) for channel, kind in calls))

    assert len(sent) == 120 and budget.stats.admitted == 120
    assert most_in_any_window([s for s, _, _ in sent], 1.0) == 10  # full, never over
    for channel in (1, 2, 3, 4):
        for kind in ("send", "edit", "delete"):
            stamps = [s for s, c, k in sent if c == channel and k == kind]
            assert most_in_any_window(stamps, 5.0) <= 3
    assert budget.stats.waited > 0


async def test_each_channel_goes_in_order_and_no_channel_starves():
    clock = ManualClock()
    budget = RestBudget(LIMITS, clock=clock, sleep=clock.sleep)
    order: list[tuple[int, int, float]] = []

    async def call(channel: int, n: int) -> None:
        await budget.acquire("POST", channel, "send")
        order.append((channel, n, clock()))

    busy = [asyncio.create_task(call(1, n)) for n in range(12)]  # one channel with a long queue
    await asyncio.sleep(0)
    quiet = [asyncio.create_task(call(channel, 0)) for channel in (2, 3)]  # others ask after all of them
    tasks = busy + quiet
    for _ in range(100):
        await asyncio.sleep(0.001)
        if all(task.done() for task in tasks):
            break
        clock.advance(1.0)
    await asyncio.gather(*tasks)

    assert [n for c, n, _ in order if c == 1] == list(range(12))  # FIFO within the channel
    # The other channels went out at once, not behind the busy one's queue.
    assert [at for c, _, at in order if c != 1] == [0.0, 0.0]
    assert most_in_any_window([at for c, _, at in order if c == 1], 5.0) == 3


async def test_interaction_calls_pass_uncounted_and_message_routes_count_per_channel():
    clock = JumpClock()
    budget = RestBudget(RestLimits(1, 1.0, 1, 5.0), clock=clock, sleep=clock.sleep)
    for _ in range(5):
        await budget.acquire_route(Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                                         interaction_id=1, interaction_token="t"))
        await budget.acquire_route(Route("POST", "/webhooks/{webhook_id}/{webhook_token}",
                                         webhook_id=1, webhook_token="t"))
    assert clock() == 0.0 and budget.stats.exempt == 10 and budget.stats.admitted == 0

    await budget.acquire_route(Route("POST", "/channels/{channel_id}/messages", channel_id=5))
    await budget.acquire_route(Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                                     channel_id=5, message_id=9))
    assert clock() == 1.0  # a global slot each; the send and the edit are different channel windows
    await budget.acquire_route(Route("POST", "/channels/{channel_id}/messages", channel_id=5))
    assert clock() == 5.0  # the channel's second send waits out its window


async def test_idle_channel_windows_are_dropped_when_there_are_many():
    clock = JumpClock()
    budget = RestBudget(RestLimits(10**6, 1.0, 5, 5.0), clock=clock, sleep=clock.sleep)
    for channel in range(PRUNE_AT):
        await budget.acquire("POST", channel, "send")
    assert budget.channel_windows == PRUNE_AT
    clock.now += 6.0  # every window is idle now
    await budget.acquire("POST", PRUNE_AT, "send")
    assert budget.channel_windows == 1


async def test_install_wraps_the_clients_request_once():
    calls = []

    class Client:
        async def request(self, route, **kwargs):
            calls.append((route.method, kwargs))
            return "ok"

    clock = JumpClock()
    budget = RestBudget(LIMITS, clock=clock, sleep=clock.sleep)
    client = Client()
    install(client, budget)
    install(client, budget)  # no second layer
    route = Route("GET", "/channels/{channel_id}", channel_id=1)
    assert await client.request(route, params={"a": 1}) == "ok"
    assert calls == [("GET", {"params": {"a": 1}})] and budget.stats.admitted == 1


async def test_a_slow_budget_coalesces_boards_and_the_last_is_the_newest(tmp_path):
    clock = ManualClock()
    budget = RestBudget(RestLimits(1, 10.0, 1, 10.0), clock=clock, sleep=clock.sleep)
    tracker = Tracker(Delivered())
    model = DiscordModel()
    host = ModelHost(tracker, TrackedDrawing(ThreadDrawing(), tracker), Rest(model, budget))  # type: ignore[arg-type]
    service = await service_with(TimedNotifier(host), tmp_path)  # type: ignore[arg-type]
    host.tables = service
    try:
        table = await start_game(service, 1)
        tracker.answered_now(table)
        for _ in range(10):  # the board of the first waits for the budget while the others are answered
            await play_highest(service, table)
            tracker.answered_now(table)
            if table.record.status != "playing":
                break
        moves = table.record.version - 1
        assert moves >= 5
        for _ in range(2000):
            if not service.announcing.busy():
                break
            clock.advance(10.0)
            await asyncio.wait_for(asyncio.sleep(0.005), WAIT)
        await asyncio.wait_for(service.announcing.join(), WAIT)
    finally:
        await service.shutdown()
        await service.db.close()

    boards = tracker.delivered.boards
    assert 1 <= boards - 1 < moves  # the start's board, then fewer boards than moves
    assert tracker.delivered.last_board[table.id] == table.record.version  # the newest state
    assert model.rate_limited == 0 and not host.rest.failed
