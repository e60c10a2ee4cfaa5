"""Many tables at once through one ``TableService`` on one database file.

Each table is an asyncio task; every seat is a simulated person whose move the
engine's AI picks (as ``tables.simulate`` does) and who sends it with
``service.act``. When a game ends, the table starts a new one in its channel.
Two runs over the same tables:

- saturated: no thinking time, every table sends its next action as soon as
  the last one is answered — the most actions per second the service manages.
  Latency here is mostly queueing (Little's law: 200 tables waiting on one
  writer), so it has no target.
- paced: each table sends one action per ``interval`` seconds on its own
  schedule (open loop, with jitter), i.e. 200 actions/s offered for 200 tables
  at 1 s; the p95 latency target applies to this run.

A small share of actions is sent twice at once (a double click); exactly one
may be applied. The notifier counts board updates without drawing them: a
board PNG costs 10–45 ms of CPU, so drawing 200 boards a second would need
more than the 2 cores this machine has (the draw is measured in render/e2e).

The players' moves are worked out before the clock from each table's real
start (``bench/plans.py``). Afterwards every game's action log must replay to
its stored snapshot, with gap-free sequence numbers and exactly as many
actions as ``act`` accepted plus the forced moves the table played itself (a
seat's only legal action: ``bench.plans.forced_move``). Actions per second
and CPU per action count the accepted ``act`` calls; a forced move is work the
service does inside one.
"""
from __future__ import annotations

import asyncio
import gc
import random
import time
from dataclasses import dataclass, field
from typing import Any

from app.gc_tuning import tune_collector
from bench.plans import MIX, Plan, PlannedGame, count_forced, make_plans, off_plan
from bench.report import Row, time_row
from bench.restart_bench import FullCollections
from bench.service_kit import CountingNotifier, choose, start_table, temp_service, user_id
from bench.timing import clock
from engines.base import IllegalAction
from tables.errors import TableError
from tables.live import LiveTable, seat_infos
from tables.service import TableService

THROUGHPUT_TARGET = 200.0
LATENCY_LIMIT_MS = 250.0

__all__ = ["MIX", "Plan", "run"]


@dataclass
class LoadResult:
    latencies: list[float] = field(default_factory=list)
    accepted: dict[int, int] = field(default_factory=dict)  # game id -> actions accepted by act()
    refused_doubles: int = 0
    applied_doubles: int = 0  # both clicks legal (e.g. two draws in a row): both count
    errors: list[str] = field(default_factory=list)
    games_started: int = 0
    starts: list[tuple[LiveTable, PlannedGame | None, Any]] = field(default_factory=list)  # compared after the run
    choose_seconds: float = 0.0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # the process's CPU time (every thread) during the run
    gc_full_pauses: list[float] = field(default_factory=list)  # each full (generation 2) collection

    @property
    def actions(self) -> int:
        return sum(self.accepted.values())

    def started(self, table: LiveTable, planned: PlannedGame | None) -> None:
        self.games_started += 1
        self.accepted.setdefault(table.id, 0)
        self.starts.append((table, planned, table.state))


async def _table_task(service: TableService, plan: Plan, channel: int, result: LoadResult,
                      go: asyncio.Event, deadline_box: list[float], max_actions: int,
                      interval: float | None, double_rate: float) -> None:
    rng = random.Random(channel)
    games = iter(plan.games)
    game: PlannedGame | None = next(games)
    seed = game.seed
    table = await start_table(service, plan.game, plan.players, plan.config, channel, seed)
    result.started(table, game)
    await go.wait()
    next_at = clock() + (rng.uniform(0, interval) if interval else 0.0)
    done = 0
    while done < max_actions and clock() < deadline_box[0]:
        if table.record.status != "playing":
            game = next(games, None)
            seed = game.seed if game is not None else seed + 1
            table = await start_table(service, plan.game, plan.players, plan.config, channel, seed)
            result.started(table, game)
        # The plan's move at this version (the table plays forced moves itself,
        # so the version, not a count of our actions, says where we are).
        move = game.move_at(table.record.version) if game is not None else None
        if move is None:  # off the plan (it ran out, or a double click was applied twice)
            start_choose = clock()
            move = choose(table, rng)
            result.choose_seconds += clock() - start_choose
        seat, action = move
        if interval:
            await asyncio.sleep(max(0.0, next_at - clock()))
            next_at += interval * rng.uniform(0.5, 1.5)
        user = user_id(channel, seat)
        double = rng.random() < double_rate
        start = clock()
        if double:
            outcomes = await asyncio.gather(service.act(table.id, user, action),
                                            service.act(table.id, user, action), return_exceptions=True)
        else:
            try:
                outcomes = [await service.act(table.id, user, action)]
            except Exception as exc:  # noqa: BLE001 - counted below
                outcomes = [exc]
        result.latencies.append(clock() - start)
        applied = 0
        for outcome in outcomes:
            if isinstance(outcome, (TableError, IllegalAction)) and double:
                result.refused_doubles += 1
            elif isinstance(outcome, BaseException):
                result.errors.append(f"game {table.id}: {type(outcome).__name__}: {outcome}")
            else:
                applied += 1
        if applied != 1:
            game = None  # the state left the plan: choose live from here
        if double and applied == 2:
            result.applied_doubles += 1
        result.accepted[table.id] += applied
        done += 1


async def _verify(service: TableService, result: LoadResult) -> dict[str, Any]:
    """Every game's log replays to its snapshot; no action lost or doubled:
    the log holds the actions ``act`` accepted plus the forced moves the
    table played itself (counted by the table's rule on the replayed states)."""
    checked = mismatched = lost_or_doubled = gaps = forced_total = 0
    problems: list[str] = []
    off = [f"game {table.id}: the start differs from the plan" for table, planned, state in result.starts
           if planned is not None and state is not None and off_plan(table.engine, planned, state)]
    result.errors += off
    for game_id, accepted in result.accepted.items():
        record = await service.games.get(game_id)
        snap = await service.games.snapshot(game_id)
        actions = await service.games.actions(game_id)
        engine = service.registry.get(record.game_type).engine
        start = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
        forced, walked = count_forced(engine, start, actions)
        forced_total += forced
        seqs = [a[0] for a in actions]
        checked += 1
        if seqs != list(range(1, len(seqs) + 1)):
            gaps += 1
            problems.append(f"game {game_id}: sequence gaps")
        if len(actions) != accepted + forced or record.version != len(actions) or snap is None \
                or snap[0] != len(actions):
            lost_or_doubled += 1
            problems.append(f"game {game_id}: accepted {accepted} + forced {forced}, log {len(actions)}, "
                            f"version {record.version}, snapshot {snap[0] if snap else None}")
        replayed = await service.replay(record)
        if snap is None or engine.state_to_json(replayed) != snap[1] or engine.state_to_json(walked) != snap[1]:
            mismatched += 1
            problems.append(f"game {game_id}: replay differs from the snapshot")
    return {"games": checked, "replay_mismatches": mismatched, "lost_or_doubled": lost_or_doubled,
            "sequence_gaps": gaps, "forced_moves": forced_total, "plans_off": len(off), "problems": problems[:10]}


async def _run(plans: list[Plan], max_actions: int, seconds: float, interval: float | None,
               double_rate: float, database_url: str | None = None) -> tuple[LoadResult, dict[str, Any]]:
    tables = len(plans)
    result = LoadResult()
    async with temp_service(CountingNotifier(), database_url=database_url) as service:
        go = asyncio.Event()
        deadline = [float("inf")]
        tasks = [asyncio.create_task(_table_task(service, plans[n], n + 1, result, go, deadline, max_actions,
                                                 interval, double_rate)) for n in range(tables)]
        while result.games_started < tables and not any(t.done() for t in tasks):
            await asyncio.sleep(0.01)
        tune_collector()  # as every process running the service does once its games are loaded
        start, cpu_start = clock(), time.process_time()
        deadline[0] = start + seconds
        pauses = FullCollections()
        gc.callbacks.append(pauses)
        go.set()
        try:
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            gc.callbacks.remove(pauses)
        result.seconds = clock() - start
        result.cpu_seconds = time.process_time() - cpu_start
        result.gc_full_pauses = pauses.seconds
        result.errors += [f"task: {type(o).__name__}: {o}" for o in outcomes if isinstance(o, BaseException)]
        check = await _verify(service, result)
    return result, check


def run(tables: int = 200, saturated_actions: int = 30, paced_actions: int = 20, interval: float = 1.0,
        max_seconds: float = 60.0, double_rate: float = 0.02, variants: int = 8,
        database_url: str | None = None) -> list[Row]:
    """Both runs: ``*_actions`` per table (bounded by ``max_seconds`` each;
    ``0`` skips a run). SQLite by default; a ``postgresql://`` URL runs them
    on a fresh schema of that server."""
    rows: list[Row] = []
    checks = []
    start = clock()
    plans = make_plans(tables, max(saturated_actions, paced_actions), variants, whole_games=False)
    prepare = clock() - start
    for mode, per_table_interval, actions in (("saturated", None, saturated_actions),
                                              ("paced", interval, paced_actions)):
        if not actions:
            continue
        result, check = asyncio.run(_run(plans, actions, max_seconds, per_table_interval, double_rate,
                                         database_url))
        checks.append(check)
        rate = result.actions / result.seconds if result.seconds else 0.0
        name = (f"{tables} tables saturated" if mode == "saturated"
                else f"{tables} tables paced ({tables / interval:g} actions/s offered)")
        if database_url is not None:
            name += " (PostgreSQL)"
        row = time_row("load", name, result.latencies,
                       limit_ms=LATENCY_LIMIT_MS if mode == "paced" else None,
                       size=round(rate, 1), size_unit="actions/s",
                       actions=result.actions, run_seconds=round(result.seconds, 2), games=result.games_started,
                       double_clicks_refused=result.refused_doubles, double_clicks_both_legal=result.applied_doubles,
                       cpu_ms_per_action=round(result.cpu_seconds * 1000 / max(1, result.actions), 3),
                       gc_full_collections=len(result.gc_full_pauses),
                       gc_full_pause_max_ms=round(max(result.gc_full_pauses, default=0.0) * 1000, 1),
                       live_choices_seconds=round(result.choose_seconds, 3), plans_prepared_seconds=round(prepare, 2),
                       forced_moves=check["forced_moves"], errors=result.errors[:10])
        throughput_ok = rate >= THROUGHPUT_TARGET
        if mode == "saturated":
            row.target = f"≥{THROUGHPUT_TARGET:g} actions/s"
            row.ok = throughput_ok and not result.errors
            row.note = (f"{result.actions} actions in {result.seconds:.1f} s, {result.games_started} games, "
                        f"{row.extra['cpu_ms_per_action']:.2f} ms CPU per action (+{check['forced_moves']} forced "
                        f"moves the table played), {len(result.gc_full_pauses)} full GC "
                        f"pauses (longest {row.extra['gc_full_pause_max_ms']} ms); latency here is queueing behind "
                        f"{tables} busy tables (no target)")
        else:
            row.ok = bool(row.ok) and not result.errors
            row.note = (f"{result.actions} actions in {result.seconds:.1f} s (first to last, with start-up "
                        f"jitter), {result.games_started} games; the throughput target is the saturated row's")
        if result.errors:
            row.note += f"; {len(result.errors)} errors, first: {result.errors[0]}"
        rows.append(row)
    games = sum(c["games"] for c in checks)
    bad = sum(c["replay_mismatches"] + c["lost_or_doubled"] + c["sequence_gaps"] for c in checks)
    rows.append(Row("load", "replay = snapshot, none lost/doubled", n=games, size=bad, size_unit="bad games",
                    target="0 bad games", ok=bad == 0,
                    note="; ".join(p for c in checks for p in c["problems"])[:300],
                    extra={"checks": checks}))
    return rows


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.load_bench``: the load rows alone (the same figures
    as the load section of ``python -m bench``)."""
    import argparse
    import logging

    from bench import report

    parser = argparse.ArgumentParser(prog="python -m bench.load_bench", description=main.__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--saturated", type=int, default=30, help="actions per table, no pause (0: skip)")
    parser.add_argument("--paced", type=int, default=20, help="actions per table, one per interval (0: skip)")
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--database-url", help="postgresql://… to run on a fresh schema there")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    print(report.table(run(args.tables, args.saturated, args.paced, args.interval,
                           database_url=args.database_url)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
