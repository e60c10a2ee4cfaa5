"""Event-loop lag while the AI thinks, as the table service runs it.

    python -m bench.ai_loop_bench [--moves 20]

A ticker task sleeps 5 ms over and over and records how late each wake-up
is (the loop lag), first with nothing else running, then while AI moves of
each level are worked out one after another in a worker thread
(``asyncio.to_thread(engines.ai.choose_action, …)``, as ``_ai_move`` does).
Prints median / p95 / max lag in ms per case and the per-move time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random

from bench.states import mid_game
from bench.timing import clock, loop_lag, median, percentile
from engines import ai
from tables.arena import _engines

ENGINES = _engines()

TICK = 0.005


async def _case(level: str | None, moves: int) -> dict[str, float]:
    lags: list[float] = []
    move_ms: list[float] = []
    games = [("setup", "cubed", "deathfront")[index % 3] for index in range(moves)]
    # Positions first: only the AI's thinking may run while the ticker does.
    positions = [mid_game(ENGINES[game], (4, 30, 20)[index % 3], seed=index) for index, game in enumerate(games)]
    stop = asyncio.Event()
    ticker = asyncio.create_task(loop_lag(lags, stop, TICK))
    if level is None:
        await asyncio.sleep(moves * 0.05)
    else:
        for index, (game, (state, seat)) in enumerate(zip(games, positions)):
            start = clock()
            await asyncio.to_thread(ai.choose_action, ENGINES[game], state, seat, level, random.Random(index))
            move_ms.append((clock() - start) * 1000)
    stop.set()
    await ticker
    lags = [lag * 1000 for lag in lags]  # ms
    out = {"lag_ms_median": round(median(lags), 2), "lag_ms_p95": round(percentile(lags, 95), 2),
           "lag_ms_max": round(max(lags), 2)}
    if move_ms:
        out.update(move_ms_median=round(median(move_ms), 1), move_ms_p95=round(percentile(move_ms, 95), 1))
    return out


async def _main(moves: int) -> dict[str, dict[str, float]]:
    return {str(level or "idle"): await _case(level, moves) for level in (None, "normal", "hard")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_loop_bench")
    parser.add_argument("--moves", type=int, default=18)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(_main(args.moves))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
