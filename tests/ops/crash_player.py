"""Run by test_crash_recovery.py in a child process: plays a Highcard game
through TableService on a SQLite file and SIGKILLs itself at one point.

    python -m tests.ops.crash_player DB_PATH after_action|before_result|after_resign
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys

from db.database import Database
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play

GUILD, CHANNEL, ALICE, BOB = 1, 2, 10, 11


def die(*_args, **_kwargs):
    os.kill(os.getpid(), signal.SIGKILL)


async def main(path: str, point: str) -> None:
    db = Database(path)
    await db.open()
    service = TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
    service.new_seed = lambda: 7
    table = await service.open_lobby("highcard", GUILD, CHANNEL, ALICE, "alice", {"hand_size": 2, "deck_size": 4})
    if point == "after_action":
        await service.add_ai(table.id, ALICE)
        await service.start(table.id, ALICE)
        service.changes.run_ai_seats = die  # the human's action is committed, the AI's reply is not
        await service.act(table.id, ALICE, Play(card=max(table.state.hands[0])))
    elif point == "before_result":
        await service.join(table.id, BOB, "bob")
        await service.start(table.id, ALICE)
        service.results.finish = die  # the final action is committed, the result is not
        while True:
            seat = table.to_act()[0]
            await service.act(table.id, table.seats[seat].user_id, Play(card=max(table.state.hands[seat])))
    elif point == "after_resign":
        await service.join(table.id, BOB, "bob")
        await service.start(table.id, ALICE)
        service.results.finish = die  # the resignation is saved, the result is not
        await service.resign(table.id, BOB)
    raise SystemExit("not killed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
