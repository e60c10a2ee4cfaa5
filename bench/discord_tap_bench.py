"""Thumb taps per move on Discord (issue 31), beside ``tap_bench.py`` which
measures the web board: whole games of each title played by clicking the
private panel in SimCord (the real bot against an in-memory Discord), two
players, each move the engine AI's choice built with the whole-game click
tests' helpers (``tests/click/taps.py``). A tap is what a thumb does from the
board message: "Show hand" is the first, a button one, a select menu two
(open, pick), a multi-select one more per value and one to close it, a page
turn one. Prints the taps per kind of move (n, median, p95, max) against
the issue's targets, and a markdown table.

    python -m bench.discord_tap_bench [--games N] [--seed S]
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.report import Row, table
from bench.timing import median, percentile

GAMES = ("setup", "cubed", "deathfront")
NAMES = {"setup": "SETUP", "cubed": "CUBED", "deathfront": "Death Front"}


async def _settle_with_announcements(env: Any, settle: Any, *args: Any, **kwargs: Any) -> None:
    """Settle, and wait for the boards and pings queued per table (as tests/conftest.py does)."""
    await settle(env, *args, **kwargs)
    queue = getattr(getattr(env.bot, "tables", None), "announcing", None)
    while queue is not None and queue.busy():
        await queue.join()
        await settle(env, *args, **kwargs)


def _stub_previews() -> list[tuple[Any, str, Any]]:
    """The preview pictures cost time, not taps: drawn as a tiny PNG here. Returns what to put back."""
    from cogs.play.builder import cubed, deathfront, setup

    undo = []
    for module, cls in ((setup, setup.SetupBuilder), (cubed, cubed.CubedBuilder),
                        (deathfront, deathfront.DeathFrontBuilder)):
        undo += [(module, "preview_png", module.preview_png), (cls, "warm", cls.warm)]
        module.preview_png = lambda *args, **kwargs: b"\x89PNG\r\n\x1a\n"  # type: ignore[attr-defined]
        cls.warm = lambda self, table, locale="en": None  # type: ignore[method-assign]
    return undo


async def _one_game(game: str, seed: int, tmp: Path) -> dict[str, list[int]]:
    from simcord.env import Env

    from bot import SHARED_EXTENSIONS, Settings, create_bot
    from games import cubed, deathfront, setup
    from tables.registry import GameRegistry
    from tests.click.taps import play_counted

    settings = Settings(discord_token="bench-token", database_url=f"sqlite:///{tmp / f'{game}-{seed}.db'}",
                        sweep_interval_seconds=0, render_processes=0, ai_processes=0, database_pool_min=1,
                        database_pool_max=4, rest_budget=False, _env_file=None)
    registry = GameRegistry([setup.DEFINITION, cubed.DEFINITION, deathfront.DEFINITION])
    bot = create_bot(settings, registry=registry, extensions=[*SHARED_EXTENSIONS, "cogs.games.setup",
                                                              "cogs.games.cubed", "cogs.games.deathfront"])
    bot.tables.new_seed = lambda: seed
    env = Env(bot)
    await env.start()
    try:
        return dict(await play_counted(env, game, seed))
    finally:
        await env.shutdown()
        await bot.bus.stop()
        await bot.db.close()


async def _measure(games: int, seed: int) -> dict[str, dict[str, list[int]]]:
    from simcord.env import Env

    settle = Env.settle
    Env.settle = lambda self, *a, **k: _settle_with_announcements(self, settle, *a, **k)  # type: ignore[method-assign]
    undo = _stub_previews()
    found: dict[str, dict[str, list[int]]] = {game: defaultdict(list) for game in GAMES}
    try:
        with tempfile.TemporaryDirectory(prefix="tabletop-discord-taps-") as tmp:
            for game in GAMES:
                for number in range(games):
                    for kind, taps in (await _one_game(game, seed + number, Path(tmp))).items():
                        found[game][kind] += taps
    finally:
        Env.settle = settle  # type: ignore[method-assign]
        for owner, name, value in undo:
            setattr(owner, name, value)
    return found


def rows(found: dict[str, dict[str, list[int]]], games: int) -> list[Row]:
    from tests.click.taps import TARGETS

    out = []
    for game in GAMES:
        for kind in sorted(found.get(game, {}), key=lambda k: (k not in TARGETS, k)):
            taps = [float(n) for n in found[game][kind]]
            limit = TARGETS.get(kind)
            typical, worst = median(taps), max(taps)
            out.append(Row("discord taps", f"{NAMES[game]}: {kind.split(' ', 1)[1]}", n=len(taps), size=typical,
                           size_unit="taps", target=f"taps≤{limit}" if limit else "",
                           ok=None if limit is None else typical <= limit and worst <= limit,
                           extra={"taps_median": typical, "taps_p95": percentile(taps, 95), "taps_max": worst,
                                  "taps_counts": {str(int(n)): taps.count(n) for n in sorted(set(taps))}}))
    if out:
        out[0].note = (f"{games} whole game(s) of each by clicking in SimCord, two players, the AI's moves; "
                       "size = median taps (a button 1, a menu 2, Show hand counts)")
    return out


def markdown(result: list[Row]) -> str:
    lines = ["| game: move | n | taps median | taps p95 | taps max | taps seen | target |", "|---|---|---|---|---|---|---|"]
    for row in result:
        e = row.extra
        seen = ", ".join(f"{n} ×{count}" for n, count in e["taps_counts"].items())
        target = "—" if row.ok is None else f"≤ {row.target.split('≤')[1]}: {'met' if row.ok else 'missed'}"
        lines.append(f"| {row.name} | {row.n} | {e['taps_median']:g} | {e['taps_p95']:g} | {e['taps_max']:g} "
                     f"| {seen} | {target} |")
    return "\n".join(lines)


def run(games: int = 2, seed: int = 3) -> list[Row]:
    logging.getLogger("simcord").setLevel(logging.WARNING)
    return rows(asyncio.run(_measure(games, seed)), games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="whole games of each game")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    result = run(args.games, args.seed)
    print(table(result))
    print()
    print(markdown(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
