"""Board and hand images: time per image and PNG size, for each game at its
early, middle and late state, in English and in Chinese (zh-CN: the CJK
font and wider words). A sample times the whole drawing a player waits
for: the view from the state, then the renderer. Rows without a language
suffix are English. Each row also carries the median CPU time of a draw
(``cpu_ms``: this process's CPU, which a shared machine disturbs less than
the wall clock).

``python -m bench.render_bench [--repeats N]`` prints the render rows alone;
``--split`` prints the CPU of each picture, drawing against ``to_png``
(palette mapping and PNG save); ``--encodings`` prints instead the table
docs/results/2026-11-22-cheaper-pictures.md keeps for the PNG encoding: CPU
ms and KB per zlib level for each image kind, with the fixed-palette
mapping's cost (how the level was chosen)."""
from __future__ import annotations

import argparse
import io
import time
import zlib
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from PIL import Image

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


@contextmanager
def _to_png_replaced(wrap: Callable[[Callable[..., bytes]], Callable[..., bytes]]) -> Iterator[None]:
    """Each renderer's ``to_png`` replaced by ``wrap(the real one)``, put back after."""
    import render.cubed
    import render.deathfront
    import render.setup

    modules = (render.setup, render.cubed, render.deathfront)
    real = [m.to_png for m in modules]
    for module, fn in zip(modules, real):
        module.to_png = wrap(fn)  # type: ignore[assignment]
    try:
        yield
    finally:
        for module, fn in zip(modules, real):
            module.to_png = fn  # type: ignore[assignment]


@contextmanager
def _captured() -> Iterator[list[tuple[Image.Image, Any]]]:
    """The RGB pictures (and palettes) the renderers hand to ``to_png``."""
    seen: list[tuple[Image.Image, Any]] = []

    def capture(encode: Callable[..., bytes]) -> Callable[..., bytes]:
        return lambda image, palette=None: seen.append((image.copy(), palette)) or b""

    with _to_png_replaced(capture):
        yield seen


@contextmanager
def _encode_timer() -> Iterator[list[float]]:
    """CPU seconds of each ``to_png`` call (palette mapping + PNG save) the renderers make."""
    spent: list[float] = []

    def timed(encode: Callable[..., bytes]) -> Callable[..., bytes]:
        def run(image: Image.Image, palette: Any = None) -> bytes:
            start = time.process_time()
            png = encode(image, palette)
            spent.append(time.process_time() - start)
            return png
        return run

    with _to_png_replaced(timed):
        yield spent


def split(repeats: int = 9) -> str:
    """Where a picture's CPU goes: the whole draw (view + drawing + PNG) and,
    within it, ``to_png`` (the palette mapping and the zlib save)."""
    lines = ["| picture | size px | KB | CPU ms: whole | of which to_png | drawing (the rest) |", "|---|---|---|---|---|---|"]
    for game in states.GAMES:
        spec = states.spec(game)
        for stage, (state, seat) in states.stages(states.playthrough(game)).items():
            for locale in LOCALES:
                for kind in ("board", "hand"):
                    view = spec.engine.public_view(state) if kind == "board" else spec.engine.private_view(state, seat)
                    if view is None:
                        continue
                    draw = getattr(spec.renderer, f"{kind}_png")
                    png = draw(view, locale)  # warm
                    wholes, encodes = [], []
                    with _encode_timer() as spent:
                        for _ in range(repeats):
                            spent.clear()
                            start = time.process_time()
                            png = draw(view, locale)
                            wholes.append(time.process_time() - start)
                            encodes.append(sum(spent))
                    size = Image.open(io.BytesIO(png)).size
                    whole, encode = median(wholes) * 1000, median(encodes) * 1000
                    lines.append(f"| {game} {kind} {stage} {locale} | {size[0]}×{size[1]} | {len(png) / 1024:.0f} | "
                                 f"{whole:.1f} | {encode:.1f} | {whole - encode:.1f} |")
    return "\n".join(lines)


ENCODINGS = (("RGB, level 1", None, 1, -1), ("P, level 1", "P", 1, -1), ("P, level 2", "P", 2, -1),
             ("P, level 3", "P", 3, -1), ("P, level 6", "P", 6, -1), ("P, level 1 RLE", "P", 1, zlib.Z_RLE))


def _cpu_ms(times: int, fn: Callable[..., Any], *args: Any) -> float:
    samples = []
    for _ in range(times):
        start = time.process_time()
        fn(*args)
        samples.append(time.process_time() - start)
    return median(samples) * 1000


def _png(image: Image.Image, level: int, strategy: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=level, compress_type=strategy)
    return buf.getvalue()


def _to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encodings(repeats: int = 9) -> str:
    """The encoding table: mean over early/late × en/zh-CN of each image kind."""
    figures: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for game in states.GAMES:
        spec = states.spec(game)
        run_ = states.playthrough(game)
        for stage in ("early", "late"):
            state, seat = states.stages(run_)[stage]
            for locale in LOCALES:
                with _captured() as seen:
                    spec.renderer.board_png(spec.engine.public_view(state), locale)
                    spec.renderer.hand_png(spec.engine.private_view(state, seat), locale)
                for kind, (image, palette) in zip(("board", "hand"), seen):
                    row = figures.setdefault(f"{game} {kind}", {})
                    mapped = _to_palette(image, palette)
                    row.setdefault("map", []).append((_cpu_ms(repeats, _to_palette, image, palette), 0.0))
                    for name, mode, level, strategy in ENCODINGS:
                        source = mapped if mode == "P" else image
                        row.setdefault(name, []).append((_cpu_ms(repeats, _png, source, level, strategy),
                                                         len(_png(source, level, strategy)) / 1024))
    names = [name for name, *_ in ENCODINGS]
    lines = ["| image | " + " | ".join(names) + " | palette mapping |", "|---|" + "---|" * (len(names) + 1)]
    for image, row in figures.items():
        cells = [f"{sum(ms for ms, _ in row[n]) / len(row[n]):.1f} ms, {sum(kb for _, kb in row[n]) / len(row[n]):.0f} KB"
                 for n in names]
        cells.append(f"{sum(ms for ms, _ in row['map']) / len(row['map']):.1f} ms")
        lines.append(f"| {image} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--encodings", action="store_true", help="the PNG encoding table (level by image kind)")
    parser.add_argument("--split", action="store_true", help="CPU per picture: drawing against to_png (map + save)")
    args = parser.parse_args(argv)
    if args.split:
        print(split())
        return 0
    if args.encodings:
        print(encodings())
        return 0
    rows = run(repeats=args.repeats)
    print(f"{'image':40} {'n':>3} {'median ms':>9} {'p95 ms':>7} {'cpu ms':>7} {'KB':>6}  result")
    for row in rows:
        print(f"{row.name:40} {row.n:>3} {row.median_ms:>9.1f} {row.p95_ms:>7.1f} {row.extra['cpu_ms']:>7.1f} "
              f"{row.size:>6.1f}  {'pass' if row.ok else 'MISS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
