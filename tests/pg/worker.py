"""A bot process without Discord, for the multi-process tests: a
TableService (Highcard) and its Sweeper on the database named in argv,
driven by JSON lines on stdin, answering one JSON line each on stdout.

    python -m tests.pg.worker DATABASE_URL SWEEP_INTERVAL_SECONDS [SHARD_COUNT:ID,ID…]
"""
from __future__ import annotations

import asyncio
import json
import sys
import time

from db.database import Database
from engines.base import IllegalAction
from games.definition import GameDefinition
from tables.errors import TableError
from tables.registry import GameRegistry
from tables.service import TableService
from tables.sweeper import Sweeper
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play


class Worker:
    def __init__(self, url: str, interval: float, shards: str | None = None) -> None:
        self.db = Database(url, pool_min=1, pool_max=4)
        self.skew = 0.0  # seconds added to the wall clock ("time passes")
        self.service = TableService(self.db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]),
                                    clock=lambda: time.time() + self.skew)
        self.sweeper = Sweeper(self.service, interval=interval)
        if shards:
            count, ids = shards.split(":")
            self.service.games.shards = (int(count), tuple(int(i) for i in ids.split(",")))

    async def handle(self, cmd: dict) -> dict:
        op = cmd["op"]
        service = self.service
        if op == "restore":
            return {"restored": await service.restore()}
        if op == "start_sweeper":
            self.sweeper.start()
            return {"sweeper": self.sweeper.id}
        if op == "open":  # a lobby, every player joins, the host starts
            host, *others = cmd["players"]
            table = await service.open_lobby("highcard", cmd["guild"], cmd["channel"], host, f"p{host}",
                                             {"deck_size": 12}, seed=cmd.get("seed", 1))
            for user in others:
                await service.join(table.id, user, f"p{user}")
            await service.start(table.id, host)
            return {"game": table.id}
        if op == "act":
            table = service.get(cmd["game"])
            if table is None:
                return {"ok": False, "key": "not_held"}
            await service.act(cmd["game"], cmd["user"], Play(card=cmd["card"]))
            return {"ok": True, "version": table.record.version}
        if op == "view":  # this process's copy of a game
            table = service.get(cmd["game"])
            if table is None:
                return {"held": False}
            seat = table.to_act()[0] if table.to_act() else None
            return {"held": True, "version": table.record.version, "status": table.record.status,
                    "to_act_user": None if seat is None else table.seats[seat].user_id,
                    "hand": None if seat is None else table.state.hands[seat]}
        if op == "held":
            return {"games": sorted(service.tables)}
        if op == "skew":
            self.skew = cmd["seconds"]
            return {"skew": self.skew}
        raise ValueError(op)

    async def run(self) -> None:
        await self.db.open()
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        print(json.dumps({"ready": True, "id": self.sweeper.id}), flush=True)
        while line := await reader.readline():
            cmd = json.loads(line)
            try:
                answer = await self.handle(cmd)
            except (TableError, IllegalAction) as error:
                answer = {"ok": False, "key": error.key}
            print(json.dumps(answer), flush=True)
        await self.service.shutdown()
        await self.db.close()


if __name__ == "__main__":
    shard_spec = sys.argv[3] if len(sys.argv) > 3 else None
    asyncio.run(Worker(sys.argv[1], float(sys.argv[2]), shard_spec).run())
