"""Which table a request means and which of its seats are the caller's.

A session sees a table only where it holds a seat (this slice: local play
and Discord players; spectators come with the Discord session), and a hand
only of its own seats. Every refusal says why, in the reader's language,
and changes nothing."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from db.models import GameRecord
from games.definition import GameDefinition
from tables.service import TableService
from web.refusals import Refusal
from web.sessions import Session

MAX_ID = 2**62


@dataclass
class SeenTable:
    """A table as one session may see it: live, or finished (from the database)."""

    record: GameRecord
    definition: GameDefinition
    state: BaseModel | None
    live: bool
    mine: list[int]  # the session's seats

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def engine(self) -> Any:
        return self.definition.engine

    def to_act(self) -> list[int]:
        if self.state is None or self.record.status != "playing":
            return []
        return list(self.engine.to_act(self.state))


def parse_id(text: str | None) -> int:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 18:
        raise Refusal(404, "web.err.no_table")
    value = int(text)
    if not 0 < value < MAX_ID:
        raise Refusal(404, "web.err.no_table")
    return value


async def find_table(service: TableService, table_id: str | None, session: Session) -> SeenTable:
    """The table ``table_id`` names, if the session holds a seat there."""
    number = parse_id(table_id)
    live = service.get(number)
    if live is not None:
        record, definition, state = live.record, live.definition, live.state
    else:
        found = await service.games.get(number)
        if found is None or found.game_type not in service.registry:
            raise Refusal(404, "web.err.no_table")
        record, definition = found, service.registry.get(found.game_type)
        snapshot = await service.games.snapshot(number) if found.status != "lobby" else None
        state = definition.engine.state_from_json(snapshot[1]) if snapshot is not None else None
    mine = [i for i, seat in enumerate(record.seats) if session.owns(seat.user_id)]
    if not mine:
        raise Refusal(403, "web.err.not_your_table")
    return SeenTable(record, definition, state, live is not None, mine)


def chosen_seat(table: SeenTable, asked: str | None) -> int:
    """The seat a request acts or looks as: the one asked for (it must be the
    session's), else the session's first seat to act, else its first seat."""
    if asked is not None and asked != "":
        if not asked.isascii() or not asked.isdigit() or int(asked) not in table.mine:
            raise Refusal(403, "web.err.not_your_seat")
        return int(asked)
    to_act = table.to_act()
    return next((s for s in table.mine if s in to_act), table.mine[0])
