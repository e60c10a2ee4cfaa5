"""The real pipeline under load: every board and hand drawn and delivered.

200 tables (``bench.plans.MIX``) play through the real ``TableService`` on a
database file, with the real ``DiscordNotifier`` and the drawing pool at its
default size (one process per core). Discord is an offline stand-in that
records what arrives: board posts and edits with their PNG bytes, turn pings,
hand DMs with their PNGs, results. Every seat is a simulated person sending
its next move as soon as the last one is answered (saturated), the moves
worked out before the clock starts from each table's real start
(``bench/plans.py``).

Measured over the run: actions/s; event-loop lag (a 1 ms ticker's
oversleep); boards delivered per second; board staleness, from an action's
answer to the delivery of a board showing that version or a newer one.
After the run (the queued announcements drained) every game's last
delivered board must show its final version.

Nothing is skipped to make the figures: a board is drawn for every group of
changes the table's announcer delivers, always from the newest state (the
pipeline's coalescing is the design, see tables/announcing_queue.py).
"""
from __future__ import annotations

import asyncio
import gc
import itertools
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

from app.gc_tuning import tune_collector
from bench import board_latency
from bench.board_latency import BoardClock, TimedNotifier
from bench.plans import Plan, make_plans
from bench.report import Row, time_row
from bench.restart_bench import FullCollections
from bench.service_kit import start_table, temp_service, user_id
from bench.timing import clock, loop_lag, median, percentile
from tables.drawing import DrawingPool
from tables.service import LiveTable, TableService

THROUGHPUT_TARGET = 200.0
# The act → board run: tables at one action a second each, a pace two
# drawing processes draw with room to spare (a board and a hand cost about
# 4-20 ms of CPU each, docs/performance.md), so its per-game act → board
# figures measure the pipeline, not a queue in front of a saturated pool.
DRAWABLE_TABLES = 30
LAG_P99_LIMIT_MS = 10.0
TICK = 0.001

_ids = itertools.count(1)


@dataclass
class Delivered:
    boards: int = 0  # board posts and edits
    board_bytes: int = 0
    hands: int = 0  # hand DMs with an image
    hand_bytes: int = 0
    pings: int = 0
    texts: int = 0  # other channel messages (results)
    last_board: dict[int, int] = field(default_factory=dict)  # game id → version of its last delivered board
    staleness: list[float] = field(default_factory=list)
    latency: BoardClock = field(default_factory=BoardClock)  # act → board per game, and its parts


class Tracker:
    """Which version each board shows, and how long after the answer it arrives."""

    def __init__(self, delivered: Delivered) -> None:
        self.delivered = delivered
        self.tables: dict[int, LiveTable] = {}
        self.states: dict[int, dict[int, tuple[Any, int]]] = {}  # game → id(state) → (state, version)
        self.answered: dict[int, list[tuple[int, float]]] = {}  # game → [(version, answered at)] not yet shown
        self.recording = False

    def answered_now(self, table: LiveTable, called: float | None = None) -> None:
        """Called right after ``act`` returns (all seats are people: no AI
        moves inside); ``called``: when ``act`` was called."""
        self.tables[table.id] = table
        self.states.setdefault(table.id, {})[id(table.state)] = (table.state, table.record.version)
        if self.recording:
            now = clock()
            self.answered.setdefault(table.id, []).append((table.record.version, now))
            if called is not None:
                game = f"{table.record.game_type} {len(table.seats)}p"
                self.delivered.latency.acted(table.id, game, table.record.version, called, now)

    def drawing(self, game_id: int) -> None:
        table = self.tables.get(game_id)
        if table is None:
            return
        known = self.states.get(game_id, {})
        version = known.get(id(table.state), (None, table.record.version))[1]
        for key in [k for k, (_, v) in known.items() if v < version]:
            del known[key]  # older states are never drawn again
        board_latency.board_version(game_id, version)

    def board_arrived(self, size: int) -> None:
        drawn = board_latency.drawn()
        self.delivered.boards += 1
        self.delivered.board_bytes += size
        if drawn is None:
            return
        game_id, version = drawn
        self.delivered.last_board[game_id] = version
        self.delivered.latency.shown(game_id, version)
        now = clock()
        pending = self.answered.get(game_id, [])
        while pending and pending[0][0] <= version:
            self.delivered.staleness.append(now - pending.pop(0)[1])


class TrackedDrawing:
    """The real drawing pool, telling the tracker which version each board shows."""

    def __init__(self, pool: DrawingPool, tracker: Tracker) -> None:
        self.pool = pool
        self.tracker = tracker

    async def draw(self, renderer, kind, view, locale, key=None) -> bytes:
        if kind != "board" or not isinstance(key, tuple):
            return await self.pool.draw(renderer, kind, view, locale, key=key)
        self.tracker.drawing(key[0])  # the view was taken just now, without an await
        started = clock()
        png = await self.pool.draw(renderer, kind, view, locale, key=key)
        board_latency.board_drawing(started, clock())
        return png

    async def compute(self, fn, *args):
        started = clock()
        result = await self.pool.compute(fn, *args)
        board_latency.hint_computed(clock() - started)
        return result


class ErrorCount(logging.Handler):
    """Announcements that failed (the queue logs them and goes on)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _file_size(file) -> int:
    return len(file.fp.getvalue()) if file is not None else 0


class FakeMessage:
    def __init__(self, channel: "FakeChannel", message_id: int) -> None:
        self.channel = channel
        self.id = message_id

    async def edit(self, content=None, attachments=None, view=None, **_: Any) -> "FakeMessage":
        for file in attachments or []:
            self.channel.tracker.board_arrived(_file_size(file))
        return self

    async def delete(self) -> None:
        return None


class FakeChannel:
    def __init__(self, channel_id: int, tracker: Tracker) -> None:
        self.id = channel_id
        self.tracker = tracker

    async def send(self, content=None, *, file=None, view=None, allowed_mentions=None, **_: Any) -> FakeMessage:
        delivered = self.tracker.delivered
        if file is not None:
            self.tracker.board_arrived(_file_size(file))
        elif allowed_mentions is not None and allowed_mentions.users:
            delivered.pings += 1
        else:
            delivered.texts += 1
        return FakeMessage(self, next(_ids))

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self, message_id)


class FakeUser:
    def __init__(self, user_id: int, delivered: Delivered) -> None:
        self.id = user_id
        self.delivered = delivered

    async def send(self, content=None, *, file=None, **_: Any) -> None:
        if file is not None:
            self.delivered.hands += 1
            self.delivered.hand_bytes += _file_size(file)


class FakeBot:
    """What ``DiscordNotifier`` and ``cogs.play.hands`` ask of the bot, offline."""

    def __init__(self, tracker: Tracker, drawing: TrackedDrawing) -> None:
        self.tracker = tracker
        self.drawing = drawing
        self.tables: TableService | None = None
        self._channels: dict[int, FakeChannel] = {}
        self._users: dict[int, FakeUser] = {}

    def get_channel(self, channel_id: int) -> FakeChannel:
        return self._channels.setdefault(channel_id, FakeChannel(channel_id, self.tracker))

    async def fetch_channel(self, channel_id: int) -> FakeChannel:
        return self.get_channel(channel_id)

    def get_guild(self, guild_id: int) -> None:
        return None  # the notifier then reads the server's language from the database

    def get_user(self, user_id: int) -> FakeUser:
        return self._users.setdefault(user_id, FakeUser(user_id, self.tracker.delivered))

    async def fetch_user(self, user_id: int) -> FakeUser:
        return self.get_user(user_id)


@dataclass
class PipelineResult:
    actions: int = 0
    seconds: float = 0.0
    drain_seconds: float = 0.0
    lags: list[float] = field(default_factory=list)
    boards_in_window: int = 0
    drawn: int = 0
    restarts: int = 0
    processes: int = 0
    errors: list[str] = field(default_factory=list)
    games: dict[int, int] = field(default_factory=dict)  # game id → final version
    cpu_seconds: float = 0.0
    start_seconds: float = 0.0  # 200 games started and their first boards delivered
    gc_pauses: list[float] = field(default_factory=list)  # full (generation 2) collections in the window, s


async def _table(service: TableService, plan: Plan, channel: int, tracker: Tracker, result: PipelineResult,
                 go: asyncio.Event, deadline: list[float], started: list[int], interval: float = 0.0) -> None:
    games = itertools.cycle(plan.games)  # a plan played through starts again (same seeds, same moves)
    game = next(games)
    table = await start_table(service, plan.game, plan.players, plan.config, channel, game.seed)
    tracker.answered_now(table)
    started[0] += 1
    await go.wait()
    # Paced: one action per ``interval`` on the table's own schedule (open
    # loop: a late answer does not push the schedule back), starting at a
    # random offset so the tables do not send in step.
    next_send = clock() + random.Random(channel).uniform(0, interval)
    while clock() < deadline[0]:
        if interval:
            await asyncio.sleep(max(0.0, next_send - clock()))
            next_send += interval
            if clock() >= deadline[0]:
                break
        if table.record.status != "playing":
            result.games[table.id] = table.record.version
            game = next(games)
            table = await start_table(service, plan.game, plan.players, plan.config, channel, game.seed)
            tracker.answered_now(table)
        # The plan's move at this version: the table plays a seat's only legal move itself.
        move = game.move_at(table.record.version)
        if move is None:
            result.errors.append(f"game {table.id}: no planned move at version {table.record.version}")
            break
        seat, action = move
        service.notifier.saw(user_id(channel, seat))  # on Discord a move is an interaction: the mover is not away
        called = clock()
        try:
            await service.act(table.id, user_id(channel, seat), action)
        except Exception as exc:  # noqa: BLE001 - reported
            result.errors.append(f"game {table.id}: {type(exc).__name__}: {exc}")
            return
        result.actions += 1
        tracker.answered_now(table, called)
    result.games[table.id] = table.record.version


async def _run(plans: list[Plan], seconds: float, processes: int | None,
               interval: float = 0.0) -> tuple[PipelineResult, Delivered]:
    result = PipelineResult()
    delivered = Delivered()
    tracker = Tracker(delivered)
    pool = DrawingPool(processes)
    pool.start()
    result.processes = pool.processes
    bot = FakeBot(tracker, TrackedDrawing(pool, tracker))
    notifier = TimedNotifier(bot)  # type: ignore[arg-type]
    failures = ErrorCount()
    logging.getLogger("tables.announcing_queue").addHandler(failures)
    try:
        async with temp_service(notifier, name="pipeline.db") as service:
            bot.tables = service
            go, stop = asyncio.Event(), asyncio.Event()
            deadline = [float("inf")]
            started = [0]
            opening = clock()
            tasks = [asyncio.create_task(_table(service, plans[n], n + 1, tracker, result, go, deadline, started,
                                                 interval))
                     for n in range(len(plans))]
            while started[0] < len(plans) and not any(t.done() for t in tasks):
                await asyncio.sleep(0.01)
            await service.announcing.join()  # the first boards, before the clock starts
            result.start_seconds = clock() - opening
            tune_collector()  # as every process running the service does once its games are loaded
            watch = FullCollections()
            gc.callbacks.append(watch)
            ticker = asyncio.create_task(loop_lag(result.lags, stop, TICK))
            boards_before = delivered.boards
            tracker.recording = True
            start, cpu_start = clock(), time.process_time()
            deadline[0] = start + seconds
            go.set()
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            result.seconds = clock() - start
            gc.callbacks.remove(watch)
            result.gc_pauses = watch.seconds
            result.boards_in_window = delivered.boards - boards_before
            stop.set()
            await ticker
            result.errors += [f"task: {type(o).__name__}: {o}" for o in outcomes if isinstance(o, BaseException)]
            drain = clock()
            await service.announcing.join()
            result.drain_seconds = clock() - drain
            result.cpu_seconds = time.process_time() - cpu_start
    finally:
        logging.getLogger("tables.announcing_queue").removeHandler(failures)
        result.errors += [f"announcement: {m}" for m in failures.messages]
        result.drawn, result.restarts = pool.drawn, pool.restarts
        await pool.shutdown()
    return result, delivered


def run(tables: int = 200, seconds: float = 20.0, plan_actions: int = 30, processes: int | None = None,
        variants: int = 8, paced: bool = True, rate: float = THROUGHPUT_TARGET,
        saturated: bool = True, drawable: int = DRAWABLE_TABLES) -> list[Row]:
    """The saturated run (the most actions per second the pipeline manages),
    then, with ``paced``, a run at ``rate``: every table sends one action per
    ``tables / rate`` s (200 actions/s offered by default — the throughput
    row, and the load the event-loop lag target is about), then a run of the
    first ``drawable`` tables (every game of the mix) at one action a second
    each: the act → board rows that the 100 ms target is about (0 skips it).
    At least ``plan_actions`` moves (whole games) are worked out per table
    before the clock starts; a table that played them all plays them again
    in new games with the same seeds."""
    prepare = clock()
    plans = make_plans(max(tables, drawable), plan_actions, variants)
    prepare = clock() - prepare
    rows: list[Row] = []
    if saturated:
        result, delivered = asyncio.run(_run(plans[:tables], seconds, processes))
        rows += _rows(result, delivered, tables, prepare, "saturated", "", seconds)
    if paced:
        result, delivered = asyncio.run(_run(plans[:tables], seconds, processes, tables / rate))
        rows += _rows(result, delivered, tables, prepare, f"paced, {rate:g} actions/s offered", ", paced",
                      seconds, rate, board_target=False)
    if drawable:
        rows += drawable_rows(plans[:drawable], seconds, processes, prepare)
    return rows


def drawable_rows(plans: list[Plan], seconds: float, processes: int | None, prepare: float = 0.0) -> list[Row]:
    """``len(plans)`` tables at one action a second each: act → board per game."""
    tables = len(plans)
    result, delivered = asyncio.run(_run(plans, seconds, processes, 1.0))
    return _rows(result, delivered, tables, prepare, f"paced, {tables:g} actions/s offered",
                 f", {tables} tables at 1 action/s", seconds, float(tables))


def _rows(result: PipelineResult, delivered: Delivered, tables: int, prepare: float, mode: str,
          suffix: str, window: float, offered: float = THROUGHPUT_TARGET, board_target: bool = True) -> list[Row]:
    """The run's rows; the saturated run's names carry no suffix. The lag
    target applies to the paced runs: a saturated loop has no idle time by
    construction, so its lag is reported without a target. The act → board
    target applies where ``board_target`` (the run at a drawable pace)."""
    saturated = not suffix
    # Paced, the run offers the target rate: it must be served (open-loop
    # jitter and the window's edges cost a few per cent).
    wanted = THROUGHPUT_TARGET if saturated else offered * 0.95
    # Paced, the tables send for ``window`` seconds; the run's clock also
    # holds the answers to the last sends, so the rate is over the window.
    elapsed = result.seconds if saturated else min(result.seconds, window)
    rate = result.actions / elapsed if elapsed else 0.0
    boards_rate = result.boards_in_window / result.seconds if result.seconds else 0.0
    lag_ms = [x * 1000 for x in result.lags] or [0.0]
    lag_p99, lag_max = percentile(lag_ms, 99), max(lag_ms)
    stale = [game for game, version in result.games.items() if delivered.last_board.get(game) != version]
    setting = f"{tables} tables, {result.processes} drawing processes"
    errors = result.errors[:10]
    rows = [
        Row("pipeline", f"{tables} tables, every board drawn ({mode})", n=result.actions,
            size=round(rate, 1), size_unit="actions/s", target=f"≥{wanted:g} actions/s",
            ok=rate >= wanted and not result.errors,
            note=(f"{result.actions} actions answered in {elapsed:.1f} s ({setting}); "
                  f"{result.cpu_seconds * 1000 / max(1, result.actions):.2f} ms of this process's CPU per action; "
                  f"plans took {prepare:.0f} s"
                  + (f"; {len(result.errors)} errors, first: {result.errors[0]}" if result.errors else "")),
            extra={"actions": result.actions, "run_seconds": round(result.seconds, 2), "errors": errors,
                   "processes": result.processes, "pool_restarts": result.restarts}),
        Row("pipeline", f"event-loop lag (1 ms ticker){suffix}", n=len(result.lags),
            median_ms=round(median(lag_ms), 3), p95_ms=round(percentile(lag_ms, 95), 3),
            size=round(lag_p99, 2), size_unit="ms p99",
            target="" if saturated else f"p99≤{LAG_P99_LIMIT_MS:g}ms",
            ok=None if saturated else lag_p99 <= LAG_P99_LIMIT_MS,
            note=(f"p99 {lag_p99:.1f} ms, max {lag_max:.1f} ms while the tables played; "
                  f"{len(result.gc_pauses)} full collections"
                  + (f", longest {max(result.gc_pauses) * 1000:.0f} ms" if result.gc_pauses else "")),
            extra={"p99_ms": round(lag_p99, 3), "max_ms": round(lag_max, 3)}),
        Row("pipeline", f"boards delivered{suffix}", n=result.boards_in_window, size=round(boards_rate, 1),
            size_unit="boards/s",
            note=(f"{result.drawn} pictures drawn in all (boards and hands), {delivered.hands} hand DMs, "
                  f"{delivered.pings} pings; {delivered.board_bytes / max(1, delivered.boards) / 1024:.0f} KB "
                  f"a board; {result.actions / max(1, result.boards_in_window):.1f} actions per board "
                  f"(changes that piled up behind a board are drawn once, newest first)"),
            extra={"boards_total": delivered.boards, "hand_dms": delivered.hands, "pings": delivered.pings,
                   "pictures_drawn": result.drawn}),
        time_row("pipeline", f"answer → board showing it{suffix}", delivered.staleness,
                 note="from act's answer to the delivery of a board of that version or a newer one"),
        Row("pipeline", f"last board = final version{suffix}", n=len(result.games), size=len(stale),
            size_unit="bad games", target="0 bad games", ok=not stale,
            note=(f"games started and first boards delivered in {result.start_seconds:.1f} s; after the run "
                  f"the queues drained in {result.drain_seconds:.1f} s")
                 + (f"; stale: {stale[:5]}" if stale else ""),
            extra={"drain_seconds": round(result.drain_seconds, 2), "start_seconds": round(result.start_seconds, 2)}),
    ]
    return rows + board_latency.rows(delivered.latency, suffix, target=board_target and not saturated)


def main(argv: list[str] | None = None) -> int:
    import argparse

    from bench.report import table

    parser = argparse.ArgumentParser(prog="python -m bench.pipeline_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--plan-actions", type=int, default=30)
    parser.add_argument("--processes", type=int, default=None, help="drawing processes (default: one per core)")
    parser.add_argument("--rate", type=float, default=THROUGHPUT_TARGET, help="actions/s offered in the paced run")
    parser.add_argument("--paced-only", action="store_true", help="skip the saturated run")
    parser.add_argument("--drawable", type=int, default=DRAWABLE_TABLES,
                        help="tables in the act → board run at 1 action/s each (0: skip it)")
    parser.add_argument("--drawable-only", action="store_true", help="only the act → board run")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.drawable_only:
        prepare = clock()
        plans = make_plans(args.drawable, args.plan_actions)
        rows = drawable_rows(plans, args.seconds, args.processes, clock() - prepare)
    else:
        rows = run(args.tables, args.seconds, args.plan_actions, args.processes, rate=args.rate,
                   saturated=not args.paced_only, drawable=args.drawable)
    print(table(rows))
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
