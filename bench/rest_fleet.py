"""One bot token, N processes: the fleet bench of ``python -m bench.rest_bench --fleet``.

N bot processes (1, 2, 4) share one token at the model of Discord's limits
(``bench.discord_model``: 50 requests/s for the token; per channel 5 sends and
5 edits per 5 s, 5 deletes per 1 s; a click's follow-ups outside the global
window). Each process is what a bot process holds: its own ``TableService``
on its own database file, its own ``DiscordNotifier`` and ``RestBudget``; the
tables are dealt round-robin among them. They run in this one event loop
(what they share is Discord's model and, in the shared modes, a real
``redis-server`` this bench starts on a loopback port, with the real
``limits`` client). Every seat is a person who thinks ``think`` seconds
(uniform) and then makes a move: a click, or for ``typed`` (20 %) of them a
slash command (answered "thinking": it carries no board), which on Discord is an interaction in the
table's channel (``notifier.saw(user, interaction)``); so were Join and
Start, before the clock starts (the players are not away). The pictures are not
drawn (a small stand-in PNG: a fleet's processes draw on their own cores, one
2-core machine cannot draw for four); the rest of the notifier is real.

Modes: ``own`` — today: each process its own 45/s window, boards with the bot
token; ``shared`` — one 45/s window for the fleet in Redis; ``routes`` —
shared, and boards carried by the clicks' follow-ups where fresh
(``cogs/play/interaction_routes.py``).

Measured per run: bot-token requests per move (what the global limit counts)
and follow-up requests per move; Discord's global 429s and all 429s; boards
lost (a call given up after 5 × 429) and tables whose last board is not their
final state; commit → board median and p95. ``sustain`` offers rising move
rates and reports the highest one whose commit → board p95 ≤ 5 s with nothing
lost.
"""
from __future__ import annotations

import asyncio
import logging
import random
import shutil
import subprocess
import tempfile
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from app.rest_budget import RestBudget, RestLimits
from app.rest_redis import RedisWindow, token_key
from app.rest_shared import SharedGlobal
from bench.discord_model import DiscordModel, ModelHost, Rest
from bench.load_bench import Plan, make_plan
from bench.pipeline_bench import Delivered, ErrorCount, Tracker
from bench.service_kit import start_table, temp_service, user_id
from bench.timing import clock, percentile
from cogs.notifier import DiscordNotifier
from engines.base import IllegalAction
from tables.service import LiveTable, TableService

MODES = ("own", "shared", "routes")
STUB_PNG = b"\x89PNG\r\n\x1a\n" + bytes(40_000)  # about a board's size; never decoded
P95_TARGET = 5.0
TYPED = 0.2  # moves made by a typed command (answered "thinking"), not a click
STARTING_AT_ONCE = 50


@dataclass
class FleetRun:
    mode: str
    processes: int
    tables: int
    offered: float  # moves per second
    moves: int = 0
    seconds: float = 0.0
    token_requests: int = 0  # under the global limit
    followups: int = 0  # interaction routes
    global_429: int = 0
    rate_limited: int = 0
    lost: int = 0
    stale: int = 0
    delays: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stale_plans: int = 0  # tables whose planned move the game refused (see ``_play``): they stop early
    by_what: dict[str, int] = field(default_factory=dict)

    @property
    def p50(self) -> float:
        return percentile(self.delays, 50)

    @property
    def p95(self) -> float:
        return percentile(self.delays, 95)

    @property
    def sustained(self) -> bool:
        return self.p95 <= P95_TARGET and self.lost == 0 and self.stale == 0 and not self.errors


class StubDrawing:
    """The drawing pool's calls: the tracker learns each board's version; no picture is drawn.
    ``compute`` (the turn hints: a search for SETUP) runs in ``pool``, another process, as the
    bot's drawing pool runs it; without one, in the loop."""

    def __init__(self, tracker: Tracker, pool: Executor | None = None) -> None:
        self.tracker = tracker
        self.pool = pool

    async def draw(self, renderer: Any, kind: str, view: Any, locale: str, key: Any = None) -> bytes:
        if kind == "board" and isinstance(key, tuple):
            self.tracker.drawing(key[0])
        await asyncio.sleep(0)
        return STUB_PNG

    async def compute(self, fn: Any, *args: Any) -> Any:
        if self.pool is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway ``redis-server`` on a free loopback port (Debian's package)."""
    import socket
    import time

    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("the shared modes need Debian's redis-server (apt-get install redis-server)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="tabletop-redis-")
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no", "--dir", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.02)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Process:
    service: TableService
    host: ModelHost
    tracker: Tracker
    budget: RestBudget


def budget_for(mode: str, limits: RestLimits, processes: int, redis_url: str | None, key: str) -> RestBudget:
    if mode == "own":
        return RestBudget(limits)
    assert redis_url is not None
    store = RedisWindow(redis_url, limits, key)
    return RestBudget(limits, fleet=SharedGlobal(store, limits, processes, where="bench"))


async def _play(process: Process, table: LiveTable, plan: Plan, channel: int, moves: int,
                think: tuple[float, float], typed: float, run: FleetRun) -> None:
    rng = random.Random(channel)
    planned = plan.games[0][1]
    notifier = process.service.notifier
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(*think))
        if table.record.status != "playing" or table.record.version >= len(planned):
            return
        seat, action = planned[table.record.version]
        click = process.host.click(channel, typed=rng.random() < typed)
        notifier.saw(user_id(channel, seat), click)  # type: ignore[attr-defined]
        try:
            await process.service.act(table.id, user_id(channel, seat), action)
        except IllegalAction:
            # load_bench's plans do not follow Death Front's random starter and deal (issue 33 fixes
            # the plans): that table stops here; its boards so far still count.
            run.stale_plans += 1
            return
        except Exception as exc:  # noqa: BLE001 - reported
            run.errors.append(f"game {table.id}: {type(exc).__name__}: {exc}")
            return
        run.moves += 1
        process.tracker.answered_now(table)


async def fleet_run(plans: list[Plan], processes: int, mode: str, moves: int, think: tuple[float, float],
                    limits: RestLimits, redis_url: str | None, typed: float = TYPED, offload: bool = False) -> FleetRun:
    run = FleetRun(mode, processes, len(plans), len(plans) / ((think[0] + think[1]) / 2))
    model = DiscordModel()
    key = token_key(f"bench-{mode}-{processes}-{len(plans)}-{random.random()}")
    failures = ErrorCount()
    logging.getLogger("tables.announcing_queue").addHandler(failures)
    quiet = [logging.getLogger(name) for name in ("tables.announcing_queue", "cogs")]
    for logger in quiet:
        logger.propagate = False
    fleet: list[Process] = []
    folder = Path(tempfile.mkdtemp(prefix="tabletop-fleet-"))
    hints = ProcessPoolExecutor(1) if offload else None
    try:
        async with AsyncExitStack() as stack:
            for n in range(processes):
                tracker = Tracker(Delivered())
                budget = budget_for(mode, limits, processes, redis_url, key)
                stack.push_async_callback(budget.close)
                host = ModelHost(tracker, StubDrawing(tracker, hints), Rest(model, budget, free=True))
                notifier = DiscordNotifier(host, interaction_routes=mode == "routes")  # type: ignore[arg-type]
                service = await stack.enter_async_context(
                    temp_service(notifier, folder=folder, name=f"fleet-{n}.db"))
                host.tables = service
                fleet.append(Process(service, host, tracker, budget))
            tables = await _start(fleet, plans)
            for process in fleet:
                await process.service.announcing.join()
                process.host.rest.free = False
                process.tracker.recording = True
            start = clock()
            await asyncio.gather(*(_play(fleet[n % processes], table, plans[n], n + 1, moves, think, typed, run)
                                   for n, table in enumerate(tables)))
            for process in fleet:
                await process.service.announcing.join()
            run.seconds = clock() - start
            for n, table in enumerate(tables):
                last = fleet[n % processes].tracker.delivered.last_board.get(table.id)
                run.stale += last != table.record.version
    finally:
        logging.getLogger("tables.announcing_queue").removeHandler(failures)
        for logger in quiet:
            logger.propagate = True
        shutil.rmtree(folder, ignore_errors=True)
        if hints is not None:
            hints.shutdown()
    run.by_what = dict(model.accepted)
    run.followups = sum(model.exempt.values())
    run.token_requests = model.requests - run.followups
    run.global_429, run.rate_limited = model.global_429, model.rate_limited
    run.lost = sum(sum(n for what, n in p.host.rest.failed.items() if what.startswith("board")) for p in fleet)
    run.delays = [d for p in fleet for d in p.tracker.delivered.staleness]
    run.errors += [f"announcement: {m}" for m in failures.messages]
    return run


async def _start(fleet: list[Process], plans: list[Plan]) -> list[LiveTable]:
    gate = asyncio.Semaphore(STARTING_AT_ONCE)

    async def start(n: int) -> LiveTable:
        async with gate:
            process, plan = fleet[n % len(fleet)], plans[n]
            notifier = process.service.notifier
            for seat in range(plan.players):  # they clicked Join, the host Start: not away; a click carries the board
                notifier.saw(user_id(n + 1, seat), process.host.click(n + 1))  # type: ignore[attr-defined]
            table = await start_table(process.service, plan.game, plan.players, plan.config, n + 1,
                                      plan.games[0][0])
            process.tracker.answered_now(table)
            return table

    return list(await asyncio.gather(*(start(n) for n in range(len(plans)))))


def plans_for(tables: int, moves: int, variants: int = 8) -> list[Plan]:
    return [make_plan(n, moves + 1, variants) for n in range(tables)]


def one(tables: int, processes: int, mode: str, moves: int = 4, think: tuple[float, float] = (5.0, 25.0),
        redis_url: str | None = None, limits: RestLimits | None = None, offload: bool = False) -> FleetRun:
    """``offload``: turn hints in another process, as the bot computes them (its drawing pool)."""
    return asyncio.run(fleet_run(plans_for(tables, moves), processes, mode, moves, think, limits or RestLimits(),
                                 redis_url, offload=offload))


def describe(run: FleetRun) -> str:
    moves = max(1, run.moves)
    return (f"{run.mode:6} ×{run.processes} {run.offered:5.0f} moves/s offered ({run.tables} tables): "
            f"{run.moves} moves in {run.seconds:.0f} s; token {run.token_requests / moves:.2f} req/move, "
            f"follow-ups {run.followups / moves:.2f}/move; global 429s {run.global_429}, all 429s "
            f"{run.rate_limited}; boards lost {run.lost}, last board wrong {run.stale}; commit → board "
            f"p50 {run.p50:.1f} s, p95 {run.p95:.1f} s; plans gone stale {run.stale_plans}"
            + (f"; errors {run.errors[:2]}" if run.errors else ""))


def main(fleet: list[int], rate: float, sustain: list[float], moves: int, think: tuple[float, float]) -> int:
    """The fleet at ``rate`` moves/s for each process count and mode (interleaved),
    then each rate of ``sustain`` for today (own ×1) and the fleet (routes ×max)."""
    import os
    import time

    mean = (think[0] + think[1]) / 2
    started = time.perf_counter()
    with redis_server() as url:
        def show(run: FleetRun) -> None:
            print(describe(run) + f" [load {os.getloadavg()[0]:.1f}, {time.perf_counter() - started:.0f} s]",
                  flush=True)

        for processes in fleet if rate > 0 else []:  # --rate 0: the sustain runs only
            for mode in MODES:
                show(one(round(rate * mean), processes, mode, moves, think, url))
        best: dict[str, float] = {}
        for offered in sustain:
            for mode, processes in (("own", 1), ("routes", max(fleet))):
                run = one(round(offered * mean), processes, mode, moves, think, url)
                show(run)
                if run.sustained:
                    best[f"{mode} ×{processes}"] = max(best.get(f"{mode} ×{processes}", 0.0), run.offered)
        for name, offered in best.items():
            print(f"sustained with commit → board p95 ≤ {P95_TARGET:g} s, nothing lost: {name}: {offered:.0f} moves/s")
    return 0
