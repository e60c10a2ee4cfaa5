"""One action end to end through ``tables/``: ``TableService.act`` on the real
database (a temporary file, WAL) with a notifier that draws the public board
as the Discord one does. A sample is lock → apply → append action + snapshot →
commit → timers → notify (settings read + board PNG off the loop). Every seat
is a simulated person, so no AI seat plays inside the measured call; the
person's choice (the engine's AI) is made before the clock starts.

A second row per game adds what the Discord notifier does next, still inside
``act`` (so before the player's confirmation): draw the hand of every seat
whose private view changed, for its DM (``cogs.play.hands.dm_hand``)."""
from __future__ import annotations

import asyncio
import random

from bench import states
from bench.report import Row, time_row
from bench.service_kit import RenderingNotifier, choose, start_table, temp_service, user_id
from bench.timing import clock, median

E2E_LIMIT_MS = 100.0


async def _measure(game: str, actions: int, hands: bool) -> tuple[list[float], RenderingNotifier, int]:
    scenario = states.SCENARIOS[game]
    notifier = RenderingNotifier(hands=hands)
    samples: list[float] = []
    games = 0
    async with temp_service(notifier) as service:
        rng = random.Random(scenario.seed)
        table = None
        while len(samples) < actions:
            if table is None or table.record.status != "playing":
                games += 1
                table = await start_table(service, game, scenario.players, scenario.config,
                                          channel=games, seed=scenario.seed + games)
            seat, action = choose(table, rng)
            start = clock()
            await service.act(table.id, user_id(games, seat), action)
            await service.announcing.join(table.id)  # the board now follows the answer: wait for it
            samples.append(clock() - start)
    return samples, notifier, games


def run(actions: int = 60, games: tuple[str, ...] = states.GAMES) -> list[Row]:
    rows = []
    for game in games:
        scenario = states.SCENARIOS[game]
        samples, notifier, played = asyncio.run(_measure(game, actions, hands=False))
        draw_ms = round(median(notifier.render_seconds) * 1000, 2)
        service_ms = round(median(samples) * 1000 - draw_ms, 2)
        rows.append(time_row(
            "e2e", f"{game} {scenario.players}p action end to end", samples, limit_ms=E2E_LIMIT_MS,
            size=played, size_unit="games played",
            note=f"median split: board PNG {draw_ms} ms, the rest (lock/apply/commit/timers) {service_ms} ms",
            render_median_ms=draw_ms, png_kb_median=round(median(notifier.bytes) / 1024, 1)))
        samples, notifier, played = asyncio.run(_measure(game, actions, hands=True))
        per_action = notifier.hand_images / len(samples) if samples else 0.0
        rows.append(time_row(
            "e2e", f"{game} {scenario.players}p action + hand DMs", samples, limit_ms=E2E_LIMIT_MS,
            size=round(per_action, 1), size_unit="hands/action",
            note=f"{per_action:.1f} hand images drawn per action (every seat whose private view changed)",
            hand_images=notifier.hand_images))
    return rows
