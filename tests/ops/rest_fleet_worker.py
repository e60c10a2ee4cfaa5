"""One process of a bot token's fleet, for tests/ops/test_rest_fleet.py:
discord.py's real HTTP client, pointed at the test's fake Discord, with the
REST budget the bot installs (``app.rest_fleet.process_budget``). For each
of MODES (``own``: its own window; ``shared``: the fleet's window in Redis)
it logs in, prints ``{"ready": true}``, waits for a line on stdin, sends
``calls`` requests at once for its own channel, and prints one JSON line of
its budget's counts with the moment (``time.monotonic()``, one clock for
every process of the machine) each of its requests left the budget.

    python -m tests.ops.rest_fleet_worker API_BASE REDIS_URL CHANNEL CALLS PER_SECOND PROCESSES MODES
"""
from __future__ import annotations

import asyncio
import json
import logging
import sys
import time

import discord.http
from discord.http import Route

from app.rest_budget import install
from app.rest_fleet import process_budget

RETRY_SECONDS = 1.0  # asks a store that went away again sooner than the bot's 5 s: the test stays short


async def one_run(redis_url: str, channel: int, calls: int, per_second: int, processes: int) -> dict:
    budget = process_budget("fleet-test-token", per_second, 5, 5.5, redis_url, processes)
    if budget.fleet is not None:
        budget.fleet.retry_seconds = RETRY_SECONDS  # type: ignore[attr-defined]
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    slots: list[float] = []
    send = http.request

    async def noting_its_slot(route: Route, **kwargs: object) -> object:
        if route.channel_id is not None:  # not the login
            slots.append(time.monotonic())
        return await send(route, **kwargs)

    http.request = noting_its_slot  # type: ignore[method-assign]
    install(http, budget)  # the budget's wait comes first, then the slot is noted
    try:
        await http.static_login("fleet-test-token")
        print(json.dumps({"ready": True}), flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # the test's "go": every process sends at once
        await asyncio.gather(*(http.request(Route("GET", "/channels/{channel_id}", channel_id=channel))
                               for _ in range(calls)))
    finally:
        await http.close()
        await budget.close()
    stats = getattr(budget.fleet, "stats", None)
    return {"admitted": budget.stats.admitted, "slots": slots} | ({} if stats is None else {
        "shared": stats.shared, "own": stats.own, "fallbacks": stats.fallbacks, "recoveries": stats.recoveries})


async def main(base: str, redis_url: str, channel: int, calls: int, per_second: int, processes: int,
               modes: list[str]) -> None:
    discord.http.Route.BASE = base
    for mode in modes:
        result = await one_run(redis_url if mode == "shared" else "", channel, calls, per_second, processes)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(name)s: %(message)s")
    base, url, channel, calls, rate, processes, modes = sys.argv[1:8]
    asyncio.run(main(base, url, int(channel), int(calls), int(rate), int(processes), modes.split(",")))
