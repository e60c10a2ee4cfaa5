"""Play an AI-only game through the real table code and an in-memory database,
without Discord: print a turn log and the result, and write the board PNG of
every turn to a folder.

    python -m tables.simulate --game setup --players 4 --seed 1 --out out/setup
    python -m tables.simulate --game cubed --players 2 --lang zh-CN --names "李雷,韩梅梅" --out out/cubed

Boards are drawn in ``--lang`` with the ``--names`` of the seats; frames are
``turn-0000.png``, ``turn-0001.png`` … (sorting the names sorts the turns),
the last one also copied to ``final.png``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path

from pydantic import ValidationError

from db.database import Database
from engines.base import Event
from i18n import LOCALES, t
from tables.errors import seat_count_error
from tables.registry import GameRegistry, default_registry
from tables.service import GameSummary, LiveTable, TableService
from tables.text import describe, game_name

FIRST_USER_ID = 1000
MAX_ACTIONS = 20_000


class ConsoleNotifier:
    """Prints each log line and writes the board after every change."""

    def __init__(self, out: Path | None, locale: str) -> None:
        self.out = out
        self.locale = locale
        self.frame = 0
        self.summary: GameSummary | None = None

    async def lobby_updated(self, table: LiveTable, closed_reason: str | None = None) -> None:
        return None

    async def board_updated(self, table: LiveTable, events: list[Event], finished: GameSummary | None) -> None:
        self.summary = finished or self.summary
        for event in events:
            line = describe(event, table.seats, self.locale, table.definition.localize_params)
            print(f"[{table.record.version:>4}] {line}")
        if self.out is not None and table.state is not None:
            png = await asyncio.to_thread(table.definition.renderer.board_png, table.engine.public_view(table.state),
                                          self.locale)
            (self.out / f"turn-{self.frame:04d}.png").write_bytes(png)
            if finished:
                (self.out / "final.png").write_bytes(png)
            self.frame += 1

    async def hands_changed(self, table: LiveTable, seats: list[int], turn_seats: list[int] = ()) -> None:
        return None

    async def turn_changed(self, table: LiveTable, seats: list[int], new_seats: list[int]) -> None:
        return None

    async def turn_reminder(self, table: LiveTable, seat: int, minutes_left: int) -> None:
        return None

    async def game_ended_by_manager(self, table: LiveTable) -> None:
        return None


async def simulate(game: str, players: int, seed: int, out: Path | None, locale: str = "en",
                   config: dict | None = None, registry: GameRegistry | None = None,
                   names: list[str] | None = None) -> GameSummary:
    """Seats are simulated people whose moves the engine's AI picks, so every
    move goes through ``TableService.act`` exactly as a player's would."""
    registry = registry or default_registry()
    definition = registry.get(game)
    engine = definition.engine
    config = definition.config_for(players, config)
    parsed = engine.config_from_json(config)
    if players not in engine.allowed_seat_counts(parsed):
        lo, hi = engine.seat_range(parsed)
        raise seat_count_error(lo, hi, players, engine.allowed_seat_counts(parsed))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    db = Database(":memory:")
    await db.open()
    notifier = ConsoleNotifier(out, locale)
    service = TableService(db, registry, notifier)
    try:
        seat_names = [(names[n] if names and n < len(names) and names[n].strip() else
                       t("render.common.player", locale, n=n + 1)) for n in range(players)]
        table = await service.open_lobby(game, 1, 1, FIRST_USER_ID, seat_names[0], config, seed=seed)
        for n in range(2, players + 1):
            await service.join(table.id, FIRST_USER_ID + n - 1, seat_names[n - 1])
        await service.start(table.id, FIRST_USER_ID)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if table.record.status != "playing":
                break
            seat = table.to_act()[0]
            action = table.engine.ai_action(table.state, seat, rng)
            await service.act(table.id, table.seats[seat].user_id, action)
            await service.announcing.join()  # one board per turn: nothing coalesced
        else:
            raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
    finally:
        await service.shutdown()
        await db.close()
    summary = notifier.summary
    assert summary is not None
    print()
    print(t("core.result.title", locale, game=game_name(game, locale), id=table.id))
    print(t(summary.reason, locale))
    for st in sorted(summary.standings, key=lambda s: (s.rank, s.seat)):
        score = "  " + t("core.result.score", locale, score=f"{st.score:g}") if st.score is not None else ""
        print(f"  {st.rank}. {table.seats[st.seat].name}{score}")
    if out is not None:
        print(f"\n{notifier.frame} board images written to {out}")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tables.simulate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=default_registry().ids())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="folder for the board PNGs")
    parser.add_argument("--lang", choices=LOCALES, default="en")
    parser.add_argument("--config", default="{}", help='game options as JSON, e.g. \'{"mode": "teams"}\'')
    parser.add_argument("--names", default="", help='seat names in seat order, e.g. "李雷,韩梅梅"')
    args = parser.parse_args(argv)
    try:
        config = json.loads(args.config)
        if not isinstance(config, dict):
            raise ValueError("not a JSON object")
    except ValueError as exc:
        print(f"error: --config must be a JSON object such as '{{\"mode\": \"teams\"}}' ({exc})", file=sys.stderr)
        return 2
    names = [n.strip() for n in args.names.replace("，", ",").split(",")] if args.names else None
    try:
        asyncio.run(simulate(args.game, args.players, args.seed, args.out, args.lang, config, names=names))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'config'}: {e['msg']}" for e in exc.errors())
        print(f"error: --config for {args.game}: {problems}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - one clear line for the command line
        if getattr(exc, "key", None):
            print(f"error: {t(exc.key, args.lang, **getattr(exc, 'params', {}))}", file=sys.stderr)
        else:
            print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
