"""Search throughput: how many iterations the AI's search gets through.

    python -m bench.search_bench [--positions 24] [--iterations 60]

For each game and player count, ``--positions`` positions along greedy
games (the seat to act has more than one option), each searched at the
``hard`` level with a fixed iteration budget and no time limit, as the
arena's ``--iterations`` does. Prints, per case, the milliseconds per
iteration (median / p95 over the positions, process CPU time, so another
program on the machine slows it less than wall-clock time would) and the
iterations hard's time budget then allows. The choices made are hashed so
that two versions of the code can be checked to choose alike.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from typing import Any

from bench.states import mid_game
from bench.timing import median, percentile
from engines import ai
from engines.search.ismcts import Budget, search
from tables.registry import default_registry

ENGINES = {d.game_type: d.engine for d in default_registry()}
CASES = (("setup", 2), ("setup", 4), ("cubed", 2), ("cubed", 4), ("deathfront", 2), ("deathfront", 4))
SPACING = {"setup": 3, "cubed": 9, "deathfront": 8}  # greedy moves between two positions


def _positions(game: str, players: int, count: int) -> list[tuple[Any, int]]:
    engine = ENGINES[game]
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        for index in range(count):
            try:
                found.append(mid_game(engine, SPACING[game] * (index + 1), seed=seed, players=players))
            except RuntimeError:  # the game ended first: next game
                break
            if len(found) == count:
                break
    return found


def case(game: str, players: int, positions: int, iterations: int) -> dict[str, Any]:
    engine = ENGINES[game]
    knowledge = ai.knowledge_for(engine, "hard")
    per_iteration: list[float] = []
    choices = hashlib.sha256()
    for index, (state, seat) in enumerate(_positions(game, players, positions)):
        started = time.process_time()
        action, stats = search(engine, knowledge, state, seat, random.Random(index), Budget(iterations=iterations))
        spent = time.process_time() - started
        choices.update(action.model_dump_json().encode())
        if stats.iterations:
            per_iteration.append(spent / stats.iterations * 1000)
    budget = ai.budget_for(engine, "hard").seconds or 0.0
    med = median(per_iteration)
    return {
        "game": game, "players": players, "positions": len(per_iteration),
        "ms_per_iteration_median": round(med, 3), "ms_per_iteration_p95": round(percentile(per_iteration, 95), 3),
        "hard_iterations_at_median": int(budget * 1000 / med) if med else None,
        "choices": choices.hexdigest()[:12],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--games", default=",".join(sorted({g for g, _ in CASES})))
    args = parser.parse_args(argv)
    wanted = set(args.games.split(","))
    print("| game | players | positions | ms / iteration, median | p95 | hard's iterations at the median | choices |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for game, players in CASES:
        if game not in wanted:
            continue
        row = case(game, players, args.positions, args.iterations)
        rows.append(row)
        print(f"| {game} | {players} | {row['positions']} | {row['ms_per_iteration_median']} | "
              f"{row['ms_per_iteration_p95']} | {row['hard_iterations_at_median']} | {row['choices']} |", flush=True)
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
