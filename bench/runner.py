"""Run every benchmark at a given size; collect the rows and the metadata."""
from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench import (
    e2e_bench,
    engine_bench,
    load_bench,
    pipeline_bench,
    render_bench,
    replay_bench,
    rest_bench,
    restart_bench,
    tap_bench,
    web_bench,
)
from bench.report import Row, load_average, machine


@dataclass(frozen=True)
class Sizes:
    render_repeats: int = 20  # draws per image
    engine_samples: int = 120  # states per game for apply / AI / autocomplete
    e2e_actions: int = 100  # actions per game through TableService, each way
    load_tables: int = 200
    load_saturated_actions: int = 30  # per table, no thinking time
    load_paced_actions: int = 20  # per table, one per interval
    load_interval: float = 1.0  # seconds between a table's actions in the paced run
    load_max_seconds: float = 60.0  # per run, a safety bound
    restart_games: int = 1000
    restart_repeats: int = 3  # fresh processes
    restart_big_games: int = 10_000  # the second restore row (database cached between runs); 0 skips it
    replay_repeats: int = 5  # /replay builds of the long CUBED game
    replay_moves: int = 300
    pipeline_tables: int = 200
    pipeline_seconds: float = 20.0  # the measured window; start-up and the drain come on top
    pipeline_plan_actions: int = 30  # moves worked out per table (the load run's: its games are cached)
    pipeline_drawable: int = pipeline_bench.DRAWABLE_TABLES  # the act → board run's tables, 1 action/s each
    rest_tables: int = 1000
    rest_moves: int = 6  # per table (whole games would take an hour under the budget)
    rest_think: tuple[float, float] = (5.0, 25.0)  # seconds a player thinks before a move (uniform)
    rest_contrast: bool = False  # the same run without the budget (python -m bench.rest_bench runs it)
    rest_alone_tables: int = 6  # whole games announcing every change alone: the notifier's own cost
    web_tables: int = 12  # hot-seat tables on the web board
    web_moves: int = 25  # per table
    web_browser: bool = True  # first paint in Debian's Chromium, where it is installed
    tap_games: int = 2  # whole games of each game tapped in Chromium (the taps section)
    tap_browser: bool = True  # False: the taps section says it did not run
    drawing_processes: int | None = None  # the pipeline's and rest runs' pools; None: one per core

    @classmethod
    def tiny(cls) -> "Sizes":
        """For the smoke test: every code path, a few seconds."""
        # The load run: 12 tables of 20 moves reach Death Front starts drawn from the table's
        # seed and moves the table plays itself (both once broke the run unnoticed).
        return cls(render_repeats=1, engine_samples=3, e2e_actions=3, load_tables=12,
                   load_saturated_actions=20, load_paced_actions=2, load_interval=0.05,
                   load_max_seconds=20.0, restart_games=12, restart_repeats=1, restart_big_games=0,
                   replay_repeats=1, replay_moves=12,
                   pipeline_tables=6, pipeline_seconds=1.5, pipeline_plan_actions=20, pipeline_drawable=6,
                   rest_tables=6, rest_moves=3, rest_think=(0.05, 0.2), rest_contrast=True,
                   rest_alone_tables=1, web_tables=3, web_moves=3, web_browser=False,
                   tap_games=0, tap_browser=False, drawing_processes=1)


def _log(message: str, quiet: bool) -> None:
    if not quiet:
        print(message, file=sys.stderr, flush=True)


def run_all(sizes: Sizes = Sizes(), quiet: bool = False) -> tuple[list[Row], dict[str, Any]]:
    """Every benchmark; returns the rows and the metadata for results.json."""
    started = time.time()
    load_before = load_average()
    rows: list[Row] = []
    timings: dict[str, float] = {}
    steps = [
        ("render", lambda: render_bench.run(sizes.render_repeats)),
        ("replay", lambda: replay_bench.run(sizes.replay_repeats, sizes.replay_moves)),
        ("engine", lambda: engine_bench.run(sizes.engine_samples)),
        ("e2e", lambda: e2e_bench.run(sizes.e2e_actions)),
        ("load", lambda: load_bench.run(sizes.load_tables, sizes.load_saturated_actions,
                                        sizes.load_paced_actions, sizes.load_interval, sizes.load_max_seconds)),
        ("restart", lambda: restart_bench.run(folder, sizes.restart_games, sizes.restart_repeats,
                                              sizes.restart_big_games)),
        ("pipeline", lambda: pipeline_bench.run(sizes.pipeline_tables, sizes.pipeline_seconds,
                                                sizes.pipeline_plan_actions, sizes.drawing_processes,
                                                drawable=sizes.pipeline_drawable)),
        ("rest", lambda: rest_bench.run(sizes.rest_tables, sizes.rest_moves, sizes.rest_think,
                                        contrast=sizes.rest_contrast, alone_tables=sizes.rest_alone_tables,
                                        processes=sizes.drawing_processes)),
        ("web", lambda: web_bench.run(sizes.web_tables, sizes.web_moves, sizes.web_browser)),
        ("taps", lambda: tap_bench.run(sizes.tap_games, sizes.tap_browser)),
    ]
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        folder = Path(tmp)
        for name, step in steps:
            _log(f"[bench] {name} … (load average {' '.join(map(str, load_average()))})", quiet)
            start = time.perf_counter()
            rows += step()
            timings[name] = round(time.perf_counter() - start, 1)
    meta = {
        "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
        "duration_s": round(time.time() - started, 1),
        "section_seconds": timings,
        "load_average_before": load_before,
        "load_average_after": load_average(),
        "machine": machine(),
        "sizes": asdict(sizes),
    }
    return rows, meta
