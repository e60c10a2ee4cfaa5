"""Discord's REST limits with many tables: the bot's budget against a model of Discord.

1,000 tables (``bench.plans.MIX``: every game and size) play through the real
``TableService`` on a database file, with the real ``DiscordNotifier`` and
the drawing pool (every board and hand drawn). Every seat is a simulated
person who thinks a random ``think`` seconds, then sends the move the
engine's AI picks (worked out before the clock starts). The notifier's
channels, messages and users go through the process's ``RestBudget`` and then
``bench.discord_model.DiscordModel``, which answers 429 over Discord's
limits. The games are started (lobby, first board, first ping) before the
clock starts and those requests are not counted; then each table plays a
fixed number of moves (whole games × 1,000 would take an hour under a 45/s
budget), and the announcements drain.

Measured: REST requests per move (accepted by the model: board edits and
posts, pings, deletes, DMs and opening DM channels); 429s; board updates
coalesced (moves − boards delivered: the changes that piled up while a
table's announcer waited for its slot are drawn once, newest); commit →
board showing that version delivered; boards lost (a board call given up);
every table's last delivered board must show its final version. The same
run without the budget (calls go out at once, a 429 is waited out and tried
again, as discord.py does) is the contrast. Last, the notifier's own cost
over whole games, the figure the ≤ 2 requests a move target is about: one
table per game and size of the mix plays a whole game announcing every
change alone (each move waits for its announcement), no budget and no limits
(requests counted only), so nothing coalesces.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field

from app.rest_budget import RestBudget, RestLimits
from bench.board_latency import TimedNotifier
from bench.discord_model import DiscordModel, ModelHost, Rest
from bench.pipeline_bench import Delivered, ErrorCount, TrackedDrawing, Tracker
from bench.plans import Plan, make_plans
from bench.report import Row, time_row
from bench.service_kit import start_table, temp_service, user_id
from bench.timing import clock
from tables.drawing import DrawingPool
from tables.service import LiveTable, TableService

REQUESTS_PER_MOVE_TARGET = 2.0
DEFAULT_LIMITS = RestLimits()
STARTING_AT_ONCE = 50
WHOLE_GAME = 10**6  # moves: until the game ends


@dataclass
class RestRun:
    budget: bool
    tables: int = 0
    moves: int = 0
    seconds: float = 0.0  # the moves
    drain_seconds: float = 0.0
    accepted: dict[str, int] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)
    global_429: int = 0
    failed: dict[str, int] = field(default_factory=dict)
    boards: int = 0
    stale: list[int] = field(default_factory=list)  # games whose last delivered board is not their final version
    delays: list[float] = field(default_factory=list)
    waited: int = 0
    wait_seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return sum(self.accepted.values())

    @property
    def per_move(self) -> float:
        return self.requests / self.moves if self.moves else 0.0


async def _start(service: TableService, plans: list[Plan], tracker: Tracker) -> list[LiveTable]:
    gate = asyncio.Semaphore(STARTING_AT_ONCE)

    async def one(n: int) -> LiveTable:
        async with gate:
            plan = plans[n]
            table = await start_table(service, plan.game, plan.players, plan.config, n + 1, plan.games[0].seed)
            tracker.answered_now(table)
            return table

    return list(await asyncio.gather(*(one(n) for n in range(len(plans)))))


async def _play(service: TableService, table: LiveTable, plan: Plan, channel: int, moves: int,
                think: tuple[float, float], tracker: Tracker, run: RestRun, alone: bool) -> None:
    rng = random.Random(channel)
    planned = plan.games[0]
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(*think))
        move = planned.move_at(table.record.version)
        if table.record.status != "playing" or move is None:
            return
        seat, action = move
        seen = getattr(service.notifier, "saw", None)
        if seen is not None:  # on Discord a move is an interaction: the mover is there, not away
            seen(user_id(channel, seat))
        try:
            await service.act(table.id, user_id(channel, seat), action)
        except Exception as exc:  # noqa: BLE001 - reported
            run.errors.append(f"game {table.id}: {type(exc).__name__}: {exc}")
            return
        run.moves += 1
        tracker.answered_now(table)
        if alone:
            await service.announcing.join(table.id)


async def _run(plans: list[Plan], moves: int, think: tuple[float, float], budget: RestBudget | None,
               processes: int | None, alone: bool = False) -> RestRun:
    run = RestRun(budget is not None, len(plans))
    tracker = Tracker(Delivered())
    model = DiscordModel(limited=not alone)
    rest = Rest(model, budget, free=True)
    pool = DrawingPool(processes)
    pool.start()
    host = ModelHost(tracker, TrackedDrawing(pool, tracker), rest)
    failures = ErrorCount()
    logging.getLogger("tables.announcing_queue").addHandler(failures)
    # Without the budget thousands of calls fail: counted in the rows, not printed one by one.
    quiet = [logging.getLogger(name) for name in ("tables.announcing_queue", "cogs")]
    silent = logging.NullHandler()
    for logger in quiet:
        logger.propagate = False
        logger.addHandler(silent)
    try:
        async with temp_service(TimedNotifier(host), name="rest.db") as service:  # type: ignore[arg-type]
            host.tables = service
            tables = await _start(service, plans, tracker)
            await service.announcing.join()  # the first boards and pings, not counted
            rest.free = False
            tracker.recording = True
            boards_before = tracker.delivered.boards
            start = clock()
            await asyncio.gather(*(_play(service, table, plans[n], n + 1, moves, think, tracker, run, alone)
                                   for n, table in enumerate(tables)))
            run.seconds = clock() - start
            drain = clock()
            await service.announcing.join()
            run.drain_seconds = clock() - drain
            run.boards = tracker.delivered.boards - boards_before
            run.stale = [t.id for t in tables if tracker.delivered.last_board.get(t.id) != t.record.version]
    finally:
        logging.getLogger("tables.announcing_queue").removeHandler(failures)
        for logger in quiet:
            logger.propagate = True
            logger.removeHandler(silent)
        await pool.shutdown()
    run.accepted, run.rejected = dict(model.accepted), dict(model.rejected)
    run.global_429, run.failed = model.global_429, dict(rest.failed)
    run.delays = tracker.delivered.staleness
    if budget is not None:
        run.waited, run.wait_seconds = budget.stats.waited, budget.stats.wait_seconds
    run.errors += [f"announcement: {m}" for m in failures.messages]
    return run


def run(tables: int = 1000, moves: int = 6, think: tuple[float, float] = (5.0, 25.0),
        limits: RestLimits = DEFAULT_LIMITS, contrast: bool = True, alone_tables: int = 6,
        processes: int | None = None, variants: int = 8) -> list[Row]:
    """The budgeted run; with ``contrast`` the same without the budget; then
    ``alone_tables`` tables (one per game and size of the mix) playing a
    whole game each, announcing every change alone."""
    plans = make_plans(tables, moves + 1, variants)
    runs = [asyncio.run(_run(plans, moves, think, RestBudget(limits), processes))]
    if contrast:
        runs.append(asyncio.run(_run(plans, moves, think, None, processes)))
    rows = [row for r in runs for row in _rows(r, moves, think, limits)]
    if alone_tables:
        whole = make_plans(alone_tables, 1, variants)
        alone = asyncio.run(_run(whole, WHOLE_GAME, (0.0, 0.0), None, processes, alone=True))
        rows.append(_alone_row(alone))
    return rows


def _breakdown(counts: dict[str, int], moves: int) -> str:
    return ", ".join(f"{what} {n / max(1, moves):.2f}" for what, n in sorted(counts.items(), key=lambda kv: -kv[1]))


def _rows(run: RestRun, moves: int, think: tuple[float, float], limits: RestLimits) -> list[Row]:
    mode = (f"budget {limits.global_requests}/s, {limits.channel_requests} per {limits.channel_seconds:g} s a channel"
            if run.budget else "no budget")
    tag = "budget on" if run.budget else "budget off"
    offered = run.tables / ((think[0] + think[1]) / 2) if think[1] else 0.0
    lost = sum(n for what, n in run.failed.items() if what.startswith("board"))
    limited = sum(run.rejected.values())
    errors = run.errors[:5]
    return [
        Row("rest", f"{run.tables} tables, {tag}: requests per move", n=run.moves, size=round(run.per_move, 2),
            size_unit="requests/move",
            note=(f"{mode}; {moves} moves a table, about {offered:.0f} moves/s offered; "
                  f"{run.requests} requests in {run.seconds:.0f} s of play + {run.drain_seconds:.0f} s drain; "
                  f"per move: {_breakdown(run.accepted, run.moves)}"
                  + (f"; {run.waited} calls waited for a slot, {run.wait_seconds / max(1, run.requests):.1f} s "
                     f"a call on average" if run.budget else "")),
            extra={"accepted": run.accepted, "seconds": round(run.seconds, 1),
                   "drain_seconds": round(run.drain_seconds, 1), "errors": errors}),
        Row("rest", f"429s, {tag}", n=run.requests + limited, size=limited, size_unit="429s",
            target="0" if run.budget else "", ok=(limited == 0) if run.budget else None,
            note=(f"global {run.global_429}, by call: {run.rejected or '—'}; given up after 5 tries: "
                  f"{run.failed or '—'}"),
            extra={"rejected": run.rejected, "failed": run.failed, "global_429": run.global_429}),
        Row("rest", f"board updates coalesced, {tag}", n=run.moves, size=run.moves - run.boards,
            size_unit="coalesced",
            note=f"{run.boards} boards delivered for {run.moves} moves "
                 f"({run.moves / max(1, run.boards):.1f} moves a board)"),
        time_row("rest", f"commit → board showing it, {tag}", run.delays,
                 note="from the move's answer to the delivery of a board of that version or newer"),
        Row("rest", f"boards lost / last board wrong, {tag}", n=run.tables, size=lost + len(run.stale),
            size_unit="bad", target="0" if run.budget else "", ok=(lost + len(run.stale) == 0) if run.budget else None,
            note=(f"{lost} board calls given up, {len(run.stale)} tables whose last delivered board is not their "
                  f"final version" + (f" (e.g. {run.stale[:5]})" if run.stale else "")
                  + (f"; errors: {errors}" if errors else "")),
            extra={"lost": lost, "stale": run.stale[:20], "errors": errors}),
    ]


def _alone_row(run: RestRun) -> Row:
    return Row("rest", "notifier's own cost over whole games: requests per move", n=run.moves,
               size=round(run.per_move, 2), size_unit="requests/move", target=f"≤{REQUESTS_PER_MOVE_TARGET:g}",
               ok=run.per_move <= REQUESTS_PER_MOVE_TARGET and not run.errors and not run.stale,
               note=(f"{run.tables} tables, one whole game each, every change announced alone (no budget, no "
                     f"limits: {run.boards} boards for {run.moves} moves); per move: "
                     f"{_breakdown(run.accepted, run.moves)}; last board wrong at {len(run.stale)} tables"
                     + (f"; errors: {run.errors[:3]}" if run.errors else "")),
               extra={"accepted": run.accepted, "errors": run.errors[:5]})


def main(argv: list[str] | None = None) -> int:
    import argparse

    from bench.report import table

    parser = argparse.ArgumentParser(prog="python -m bench.rest_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=6, help="moves each table plays")
    parser.add_argument("--think", type=float, nargs=2, default=(5.0, 25.0), metavar=("MIN", "MAX"),
                        help="seconds a player thinks before each move (uniform)")
    parser.add_argument("--no-contrast", action="store_true", help="skip the run without the budget")
    parser.add_argument("--processes", type=int, default=None, help="drawing processes (default: one per core)")
    parser.add_argument("--fleet", type=int, nargs="+", metavar="N",
                        help="the fleet bench (bench/rest_fleet.py): N bot processes on one token, e.g. 1 2 4")
    parser.add_argument("--rate", type=float, default=67.0, help="--fleet: moves per second offered")
    parser.add_argument("--sustain", type=float, nargs="*", default=[], metavar="RATE",
                        help="--fleet: rates (moves/s) to find the highest one token sustains (p95 ≤ 5 s)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    if args.fleet:
        from bench import rest_fleet

        return rest_fleet.main(args.fleet, args.rate, args.sustain, min(args.moves, 4), tuple(args.think))
    started = time.perf_counter()
    print(table(run(args.tables, args.moves, tuple(args.think), contrast=not args.no_contrast,
                    processes=args.processes)))
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

