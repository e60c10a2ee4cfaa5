"""``python -m bench.durability_bench``: what ``synchronous=FULL`` (an answered
action survives a power cut) costs against ``NORMAL`` (it survives a killed
process only), measured on the real pipeline.

Paired runs: each pair plays the same SETUP actions through
``TableService.act`` on a fresh WAL database file once per setting, the order
alternating between pairs so that drift in machine load falls on both. Two
pipelines: the table service alone (lock → apply → commit → timers) and with
the board PNG drawn as the Discord notifier does. Also a raw single-row commit,
the floor of the difference. Prints medians and p95s per setting and the
median of the paired differences."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from bench import states
from bench.service_kit import RenderingNotifier, choose, start_table, temp_service, user_id
from bench.timing import clock, median, percentile

MODES = ("NORMAL", "FULL")
GAME = "setup"


async def _actions(mode: str, actions: int, render: bool, folder: Path, run: int) -> list[float]:
    scenario = states.SCENARIOS[GAME]
    samples: list[float] = []
    async with temp_service(RenderingNotifier(hands=False) if render else None, folder=folder,
                            name=f"{mode}-{run}.db") as service:
        await service.db.fetchall(f"PRAGMA synchronous={mode}")
        assert (await service.db.fetchone("PRAGMA synchronous"))[0] == {"NORMAL": 1, "FULL": 2}[mode]
        rng = random.Random(scenario.seed)
        table, games = None, 0
        while len(samples) < actions:
            if table is None or table.record.status != "playing":
                games += 1
                table = await start_table(service, GAME, scenario.players, scenario.config,
                                          channel=games, seed=scenario.seed + games)
            seat, action = choose(table, rng)
            start = clock()
            await service.act(table.id, user_id(games, seat), action)
            samples.append(clock() - start)
    return samples


def _raw_commits(mode: str, commits: int, folder: Path, run: int) -> list[float]:
    conn = sqlite3.connect(folder / f"raw-{mode}-{run}.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA synchronous={mode}")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
    samples = []
    for i in range(commits):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t (v) VALUES (?)", (str(i) * 50,))
        conn.execute("COMMIT")
        samples.append(time.perf_counter() - start)
    conn.close()
    return samples


def _summary(samples: dict[str, list[float]], diffs: list[float]) -> dict:
    ms = lambda s: round(s * 1000, 3)  # noqa: E731
    out = {mode: {"median_ms": ms(median(v)), "p95_ms": ms(percentile(v, 95)), "n": len(v)}
           for mode, v in samples.items()}
    out["full_minus_normal_median_of_pair_medians_ms"] = ms(median(diffs))
    return out


def run(pairs: int, actions: int, commits: int) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="tabletop-durability-"))
    results = {}
    try:
        for label, render in (("service", False), ("service + board PNG", True)):
            samples: dict[str, list[float]] = {m: [] for m in MODES}
            diffs = []
            for pair in range(pairs):
                medians = {}
                for mode in (MODES if pair % 2 == 0 else MODES[::-1]):
                    got = asyncio.run(_actions(mode, actions, render, folder, run=len(diffs) * 2 + render * 1000
                                                + MODES.index(mode)))
                    samples[mode] += got
                    medians[mode] = median(got)
                diffs.append(medians["FULL"] - medians["NORMAL"])
            results[f"{GAME} 4p action, {label}"] = _summary(samples, diffs)
        samples = {m: [] for m in MODES}
        diffs = []
        for pair in range(pairs):
            medians = {}
            for mode in (MODES if pair % 2 == 0 else MODES[::-1]):
                got = _raw_commits(mode, commits, folder, run=pair)
                samples[mode] += got
                medians[mode] = median(got)
            diffs.append(medians["FULL"] - medians["NORMAL"])
        results["raw one-row commit (sqlite3, WAL)"] = _summary(samples, diffs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.durability_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=6)
    parser.add_argument("--actions", type=int, default=60, help="actions per run")
    parser.add_argument("--commits", type=int, default=300, help="raw commits per run")
    args = parser.parse_args(argv)
    started = time.time()
    results = run(args.pairs, args.actions, args.commits)
    for name, row in results.items():
        print(f"{name}:")
        for mode in MODES:
            print(f"  {mode:<6} median {row[mode]['median_ms']:>8.3f} ms   p95 {row[mode]['p95_ms']:>8.3f} ms"
                  f"   (n={row[mode]['n']})")
        print(f"  FULL − NORMAL, median over {args.pairs} pairs: "
              f"{row['full_minus_normal_median_of_pair_medians_ms']:+.3f} ms")
    print(json.dumps({"load_average": os.getloadavg(), "seconds": round(time.time() - started, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
