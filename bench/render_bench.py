"""Board and hand images: time per image and PNG size, for each game at its
early, middle and late state, in English and in Chinese (zh-CN: the CJK
font and wider words). A sample times the whole drawing a player waits
for: the view from the state, then the renderer. Rows without a language
suffix are English."""
from __future__ import annotations

from typing import Any

from bench import states
from bench.report import Row, time_row
from bench.timing import repeat

IMAGE_LIMIT_MS = 50.0
IMAGE_LIMIT_KB = 300.0
LOCALES = ("en", "zh-CN")


def _draw(draw: Any, view: Any, locale: str, *args: Any) -> Any:
    """One image from a state: its view, then the drawing."""
    return lambda: draw(view(*args), locale)


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
                board()  # warm caches (fonts, layouts)
                samples, png = repeat(board, times=repeats)
                rows.append(time_row("render", f"{game} {scenario.players}p board {stage}{suffix}", samples,
                                     limit_ms=IMAGE_LIMIT_MS, size=round(len(png) / 1024, 1), size_unit="KB",
                                     size_limit=IMAGE_LIMIT_KB, state=what, locale=locale))
                if engine.private_view(state, seat) is None:
                    continue
                hand = _draw(renderer.hand_png, engine.private_view, locale, state, seat)
                hand()
                samples, png = repeat(hand, times=repeats)
                rows.append(time_row("render", f"{game} {scenario.players}p hand {stage}{suffix}", samples,
                                     limit_ms=IMAGE_LIMIT_MS, size=round(len(png) / 1024, 1), size_unit="KB",
                                     size_limit=IMAGE_LIMIT_KB, state=what, seat=seat, locale=locale))
    return rows
