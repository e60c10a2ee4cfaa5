"""Board and hand images: time per image and PNG size, for each game at its
early, middle and late state, in English and in Chinese (zh-CN: the CJK
font and wider words). A sample times the whole drawing a player waits
for: the view from the state, then the renderer. Rows without a language
suffix are English. Each row also carries the median CPU time of a draw
(``cpu_ms``: this process's CPU, which a shared machine disturbs less than
the wall clock).

``python -m bench.render_bench [--repeats N]`` prints the render rows alone."""
from __future__ import annotations

import argparse
import time
from typing import Any, Callable

from bench import states
from bench.report import Row, time_row
from bench.timing import clock, median

IMAGE_LIMIT_MS = 50.0
IMAGE_LIMIT_KB = 300.0
LOCALES = ("en", "zh-CN")


def _draw(draw: Any, view: Any, locale: str, *args: Any) -> Any:
    """One image from a state: its view, then the drawing."""
    return lambda: draw(view(*args), locale)


def _sample(fn: Callable[[], bytes], times: int) -> tuple[list[float], list[float], bytes]:
    """Wall seconds and CPU seconds of ``times`` calls, and the last PNG."""
    walls, cpus = [], []
    png = b""
    for _ in range(max(1, times)):
        cpu, wall = time.process_time(), clock()
        png = fn()
        walls.append(clock() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus, png


def _row(name: str, fn: Callable[[], bytes], repeats: int, **extra: Any) -> Row:
    fn()  # warm caches (fonts, layouts, sprites)
    walls, cpus, png = _sample(fn, repeats)
    return time_row("render", name, walls, limit_ms=IMAGE_LIMIT_MS, size=round(len(png) / 1024, 1),
                    size_unit="KB", size_limit=IMAGE_LIMIT_KB, cpu_ms=round(median(cpus) * 1000, 2), **extra)


def run(repeats: int = 15, games: tuple[str, ...] = states.GAMES, locales: tuple[str, ...] = LOCALES) -> list[Row]:
    rows: list[Row] = []
    for game in games:
        spec = states.spec(game)
        engine, renderer = spec.engine, spec.renderer
        run_ = states.playthrough(game)
        scenario = run_.scenario
        for stage, (state, seat) in states.stages(run_).items():
            what = states.describe(game, state)
            for locale in locales:
                suffix = "" if locale == "en" else f" {locale}"
                board = _draw(renderer.board_png, engine.public_view, locale, state)
                rows.append(_row(f"{game} {scenario.players}p board {stage}{suffix}", board, repeats,
                                 state=what, locale=locale))
                if engine.private_view(state, seat) is None:
                    continue
                hand = _draw(renderer.hand_png, engine.private_view, locale, state, seat)
                rows.append(_row(f"{game} {scenario.players}p hand {stage}{suffix}", hand, repeats,
                                 state=what, seat=seat, locale=locale))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)
    rows = run(repeats=args.repeats)
    print(f"{'image':40} {'n':>3} {'median ms':>9} {'p95 ms':>7} {'cpu ms':>7} {'KB':>6}  result")
    for row in rows:
        print(f"{row.name:40} {row.n:>3} {row.median_ms:>9.1f} {row.p95_ms:>7.1f} {row.extra['cpu_ms']:>7.1f} "
              f"{row.size:>6.1f}  {'pass' if row.ok else 'MISS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
