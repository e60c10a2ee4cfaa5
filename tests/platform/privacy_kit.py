"""For the privacy tests: games played to the end by real players, and a scan
of every table and column of the database for a user's id and name."""
from __future__ import annotations

import json
import random
from typing import Any

from tests.conftest import Table


async def table_names(db) -> list[str]:
    if db.dialect == "sqlite":
        rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    else:
        rows = await db.fetchall("SELECT table_name AS name FROM information_schema.tables "
                                 "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
    return sorted(r["name"] for r in rows)


async def column_names(db, table: str) -> list[str]:
    if db.dialect == "sqlite":
        return [r["name"] for r in await db.fetchall(f'PRAGMA table_info("{table}")')]
    rows = await db.fetchall("SELECT column_name AS name FROM information_schema.columns "
                             "WHERE table_schema = current_schema() AND table_name = ?", (table,))
    return [r["name"] for r in rows]


def holds(value: Any, user_id: int, name: str) -> bool:
    """A cell holding the id (as a number, or as digits inside text such as
    JSON) or the name."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return value == user_id
    text = value.decode(errors="replace") if isinstance(value, (bytes, memoryview)) else str(value)
    return str(user_id) in text or name in text or json.dumps(name)[1:-1] in text  # raw, or JSON-escaped


async def traces(db, user_id: int, name: str) -> list[tuple[str, str]]:
    """(table, column) of every cell of the database that holds the user."""
    found = []
    for table in await table_names(db):
        columns = await column_names(db, table)
        assert columns, table
        for row in await db.fetchall(f'SELECT * FROM "{table}"'):
            for column in columns:
                if holds(row[column], user_id, name):
                    found.append((table, column))
    return sorted(set(found))


async def play_to_the_end(table: Table, game_type: str, host, guest, seed: int) -> int:
    """A two-player game of ``game_type`` between two members, every move
    the engine's AI choice made by the seated player; its id."""
    service = table.service
    live = await service.open_lobby(game_type, table.guild.id, table.channel.id, host.id, host.name, seed=seed)
    await service.join(live.id, guest.id, guest.name)
    await service.start(live.id, host.id)
    rng = random.Random(seed)
    while (current := table.live()) is not None and current.record.status == "playing":
        seat = current.to_act()[0]
        await service.act(live.id, current.seats[seat].user_id, current.engine.ai_action(current.state, seat, rng))
    await table.env.settle()
    record = await service.games.get(live.id)
    assert record is not None and record.status == "finished"
    return live.id
