"""Run by test_crash_restart.py in a child process: a Swiss tournament of
six AI entrants on a SQLite file that SIGKILLs itself in round 2.

    python -m tests.tournaments.crash_player DB_PATH game_end|paired|opened
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys

from tests.tournaments.kit import ORGANISER, open_services, sign_up


def die(*_args, **_kwargs):
    os.kill(os.getpid(), signal.SIGKILL)


async def main(path: str, point: str) -> None:
    service = await open_services(path)
    tid = await sign_up(service, ais=6, rounds=3)
    notifier = service.notifier
    if point == "game_end":  # round 2's second game: its last move is committed, its result is not
        finish = service.tables.results.finish
        finished = []

        async def finish_or_die(table, reason):
            if (await service.get(tid)).round_no == 2 and len(finished) == 1:
                die()
            if (await service.get(tid)).round_no == 2:
                finished.append(table.id)
            return await finish(table, reason)

        service.tables.results.finish = finish_or_die
    elif point == "paired":  # round 2 is paired and stored, nothing of it posted or opened
        announce = notifier.round_started

        async def round_or_die(t, matches, entrants):
            if t.round_no == 2:
                die()
            await announce(t, matches, entrants)

        notifier.round_started = round_or_die
    elif point == "opened":  # round 2's first table is open in its thread, not started
        opened = notifier.match_opened

        async def opened_or_die(t, match, a, b, game_id):
            if match.round == 2:
                die()
            await opened(t, match, a, b, game_id)

        notifier.match_opened = opened_or_die
    await service.start(tid, ORGANISER)
    await service.settle()
    raise SystemExit("not killed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
