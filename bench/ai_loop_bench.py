"""Event-loop lag while the AI thinks, as the table service runs it.

    python -m bench.ai_loop_bench [--moves 18] [--processes 1]

A ticker task sleeps 5 ms over and over and records how late each wake-up
is (the loop lag), first with nothing else running, then while AI moves of
each level are worked out one after another through the table service's
``ThinkingPool`` (tables/thinking.py), as ``_ai_move`` awaits them. Both
ways in one run: in a worker thread (``AI_PROCESSES=0``) and in
``--processes`` worker processes (skipped with 0). Prints median / p95 /
max lag in ms per case and the per-move time as the awaiting coroutine
sees it (queueing and pickling included).
"""
from __future__ import annotations

import argparse
import asyncio
import json

from bench.states import mid_game
from bench.timing import clock, loop_lag, median, percentile
from tables.registry import default_registry
from tables.thinking import ThinkingPool

ENGINES = {d.game_type: d.engine for d in default_registry()}
GAMES = ("setup", "cubed", "deathfront")

TICK = 0.005


def _positions(moves: int) -> list[tuple[str, object, int]]:
    games = [GAMES[index % 3] for index in range(moves)]
    return [(game, *mid_game(ENGINES[game], (4, 30, 20)[index % 3], seed=index)) for index, game in enumerate(games)]


async def _case(pool: ThinkingPool, level: str | None, positions: list[tuple[str, object, int]]) -> dict[str, float]:
    lags: list[float] = []
    move_ms: list[float] = []
    stop = asyncio.Event()
    ticker = asyncio.create_task(loop_lag(lags, stop, TICK))
    if level is None:
        await asyncio.sleep(len(positions) * 0.05)
    else:
        for index, (game, state, seat) in enumerate(positions):
            start = clock()
            await pool.choose(ENGINES[game], state, seat, level, f"bench:{index}")
            move_ms.append((clock() - start) * 1000)
    stop.set()
    await ticker
    lags = [lag * 1000 for lag in lags]  # ms
    out = {"lag_ms_median": round(median(lags), 2), "lag_ms_p95": round(percentile(lags, 95), 2),
           "lag_ms_max": round(max(lags), 2)}
    if move_ms:
        out.update(move_ms_median=round(median(move_ms), 1), move_ms_p95=round(percentile(move_ms, 95), 1))
    return out


async def _mode(processes: int, positions: list[tuple[str, object, int]]) -> dict[str, dict[str, float]]:
    pool = ThinkingPool(processes)
    pool.start()
    try:
        # Untimed: the workers start and build every engine and its knowledge first.
        for index, (game, state, seat) in enumerate(positions[:3]):
            await pool.choose(ENGINES[game], state, seat, "easy", f"warm:{index}")
        return {str(level or "idle"): await _case(pool, level, positions) for level in (None, "normal", "hard")}
    finally:
        await pool.shutdown()


async def _main(moves: int, processes: int) -> dict[str, dict[str, dict[str, float]]]:
    # Positions first: only the AI's thinking may run while the ticker does.
    positions = _positions(moves)
    out = {"thread": await _mode(0, positions)}
    if processes > 0:
        out[f"processes={processes}"] = await _mode(processes, positions)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_loop_bench")
    parser.add_argument("--moves", type=int, default=18)
    parser.add_argument("--processes", type=int, default=1, help="AI worker processes (0: the thread only)")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(_main(args.moves, max(0, args.processes)))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
