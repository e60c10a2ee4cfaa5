"""A builder step as a player feels it: a choice in a select menu → the next
screen (legal choices, text) and its preview image (PNG bytes). For each
game, over states spread across a real AI game (bench/states.py), the seat
to act walks its first choices step by step. The bot draws the board a
preview draws on once per game version, while the player reads the
controls (cogs/play/builder/items.py ``warm``): the row that counts is the step
on that board. The first step with no board drawn yet (the cache emptied at
each new state) is shown as well: a click faster than the warm-up pays it.

    python -m bench.builder_bench [--states N]
"""
from __future__ import annotations

import argparse
import json
from types import SimpleNamespace
from typing import Any

from bench import states
from bench.report import Row, time_row
from bench.timing import timed
from cogs.play.builder import preview
from engines.paths import load

STEP_LIMIT_MS = 80.0
MAX_STEPS_PER_MOVE = 3


def fake_table(game: str, run: states.Playthrough, state: Any, version: int) -> Any:
    spec = states.spec(game)
    return SimpleNamespace(
        id=1, record=SimpleNamespace(seed=run.scenario.seed, version=version), engine=spec.engine,
        state=state, spec=spec, seats=[SimpleNamespace(name=s.name) for s in run.seats],
        to_act=lambda: spec.engine.to_act(state),
    )


def walk(builder: Any, table: Any, seat: int) -> list[float]:
    """Seconds of each step: pick the first option of each menu in turn."""
    samples: list[float] = []
    path: tuple[str, ...] = ()
    screen = builder.screen(table, seat, path, "en")
    for _ in range(MAX_STEPS_PER_MOVE):
        if screen.menu is None or not screen.menu.options:
            break
        path = screen.menu.base + tuple(screen.menu.options[0].value.split("~"))

        def step(path: tuple[str, ...] = path) -> Any:
            shown = builder.screen(table, seat, path, "en")
            return shown, shown.preview() if shown.preview else None

        seconds, (screen, _) = timed(step)
        samples.append(seconds)
    return samples


def run(state_count: int = 40, games: tuple[str, ...] = states.GAMES) -> list[Row]:
    rows = []
    for game in games:
        builder = load(states.spec(game).discord.builder)
        run_ = states.playthrough(game)
        engine = states.spec(game).engine
        first: list[float] = []
        later: list[float] = []
        for version, state in enumerate(states.sample(run_.states(), state_count)):
            to_act = engine.to_act(state)
            if not to_act:
                continue
            preview._boards.clear()  # a new state: the board is drawn on the first step
            samples = walk(builder, fake_table(game, run_, state, version), to_act[0])
            first += samples[:1]
            later += samples[1:]
        scenario = run_.scenario
        where = f"{scenario.players} players, seed {scenario.seed}"
        for name, samples in (("step, board drawn ahead (as the bot does)", later),
                              ("first step, board not drawn yet", first)):
            if samples:
                rows.append(time_row("builder", f"{game} {name}", samples, limit_ms=STEP_LIMIT_MS, note=where))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40)
    args = parser.parse_args()
    for row in run(args.states):
        print(json.dumps({"name": row.name, "n": row.n, "median_ms": round(row.median_ms or 0, 1),
                          "p95_ms": round(row.p95_ms or 0, 1), "ok": row.ok, "note": row.note}))


if __name__ == "__main__":
    main()
