"""Post-game review: CPU per finished 2-player game, and the event loop's
lag while reviews are worked out.

    python -m bench.review_bench [--games 5] [--processes 1]

Per game type, ``--games`` finished two-player games (the greedy AI from
seeds 1..N, as ``bench.review_games`` plays them) are reviewed for seat 0:
the judging (``tables.review.review_seat``: replay, search, in this
process, measured as CPU time) and then the three pictures drawn in
English (``tables.review_show.shown_items``). Prints median / p95 / max
per game type. Then a ticker measures the loop lag (as
``bench.ai_loop_bench``) idle and while the same reviews run one after
another through the table service's ``ThinkingPool``: in a thread and in
``--processes`` worker processes.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import time

from bench.review_games import finished_game
from bench.timing import clock, loop_lag, median, percentile
from tables.registry import default_registry
from tables.review import review_seat
from tables.review_show import shown_items
from tables.thinking import ThinkingPool

GAMES = ("setup", "cubed", "deathfront")
REGISTRY = default_registry()
TICK = 0.005


def _stats(values: list[float], digits: int = 2) -> dict[str, float]:
    return {"median": round(median(values), digits), "p95": round(percentile(values, 95), digits),
            "max": round(max(values), digits)}


def cpu(games: int) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for game in GAMES:
        definition = REGISTRY.get(game)
        judge_s, draw_s, moves = [], [], []
        for seed in range(1, games + 1):
            record, actions, _ = finished_game(game, seed)
            started = time.process_time()
            data = review_seat(definition.engine, record, actions, 0)
            judged = time.process_time()
            shown_items(definition, record, actions, 0, data, "en")
            judge_s.append(judged - started)
            draw_s.append(time.process_time() - judged)
            moves.append(len(actions))
        out[game] = {"games": games, "moves_median": median([float(m) for m in moves]),
                     "judge_cpu_s": _stats(judge_s), "draw_cpu_s": _stats(draw_s),
                     "total_cpu_s": _stats([j + d for j, d in zip(judge_s, draw_s)])}
    return out


async def _lag_case(pool: ThinkingPool | None, jobs: list) -> dict[str, float]:
    lags: list[float] = []
    stop = asyncio.Event()
    ticker = asyncio.create_task(loop_lag(lags, stop, TICK))
    review_s = []
    if pool is None:
        await asyncio.sleep(2.0)
    else:
        for engine, record, actions in jobs:
            start = clock()
            await pool.review(engine, record, actions, 0)
            review_s.append(clock() - start)
    stop.set()
    await ticker
    ms = [lag * 1000 for lag in lags]
    out = {"lag_ms_median": round(median(ms), 2), "lag_ms_p95": round(percentile(ms, 95), 2),
           "lag_ms_max": round(max(ms), 2)}
    if review_s:
        out["review_s_median"] = round(median(review_s), 2)
    return out


async def lag(processes: int) -> dict[str, dict[str, float]]:
    jobs = []
    for game in GAMES:
        record, actions, _ = finished_game(game, 1)
        jobs.append((REGISTRY.get(game).engine, record, actions))
    out = {"idle": await _lag_case(None, jobs)}
    thread = ThinkingPool(0)
    out["thread"] = await _lag_case(thread, jobs)
    if processes > 0:
        pool = ThinkingPool(processes)
        pool.start()
        try:
            await pool.review(*jobs[0], 0)  # untimed: the worker starts and builds the engines first
            out[f"processes={processes}"] = await _lag_case(pool, jobs)
        finally:
            await pool.shutdown()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review_bench")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--processes", type=int, default=1, help="AI worker processes (0: the thread only)")
    args = parser.parse_args(argv)
    print(json.dumps({"cpu": cpu(args.games), "loop": asyncio.run(lag(max(0, args.processes)))}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
