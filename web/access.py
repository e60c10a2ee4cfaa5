"""Which table a request means and which of its seats are the caller's.

A session sees a table where it holds a seat, or watches it (``may_watch``:
a local session any local table, a Discord session a table of a channel it
may read); it sees a hand only of its own seats, and a watcher acts on
none. Every refusal says why, in the reader's language, and changes
nothing."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.definition import GameDefinition
from tables import seating
from tables.errors import TableError
from tables.live import LiveTable
from tables.records import GameRecord, is_local_table
from tables.service import TableService
from web.refusals import Refusal
from web.sessions import Session
from web.viewers import ChannelViewers

MAX_ID = 2**62


@dataclass
class SeenTable:
    """A table as one session may see it: live, or finished (from the database).
    The record and the state are one version's: a live table's record is copied
    with its state, so a move made meanwhile changes neither."""

    record: GameRecord
    definition: GameDefinition
    state: BaseModel | None
    live: bool
    mine: list[int]  # the session's seats; none: the session watches

    @property
    def watching(self) -> bool:
        return not self.mine

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        """The version of ``state`` (the record was copied with it)."""
        return self.record.version

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


async def may_watch(session: Session, record: GameRecord, viewers: ChannelViewers | None) -> bool:
    """A local session watches any local table; a Discord session a Discord
    table of a channel it may read (``viewers``: the bot; None: nobody)."""
    local = is_local_table(record.guild_id, record.channel_id)
    if session.mode == "local":
        return local
    if local or viewers is None:
        return False
    try:
        return await viewers.can_view(session.uid, record.guild_id, record.channel_id) is True
    except Exception:  # who may read a channel is Discord's to say; not knowing is no
        return False


async def find_table(service: TableService, table_id: str | None, session: Session,
                     viewers: ChannelViewers | None = None) -> SeenTable:
    """The table ``table_id`` names, if the session holds a seat there or
    may watch it (``may_watch``)."""
    number = parse_id(table_id)
    live = service.get(number)
    if live is not None:
        return await seen_live(live, session, viewers)
    found = await service.queries.game(number)
    if found is None or found.game_type not in service.registry:
        raise Refusal(404, "web.err.no_table")
    definition = service.registry.get(found.game_type)
    snapshot = await service.queries.snapshot(number) if found.status != "lobby" else None
    state = definition.engine.state_from_json(snapshot[1]) if snapshot is not None else None
    return await seen_as(session, SeenTable(found, definition, state, False, []), viewers)


async def seen_live(live: LiveTable, session: Session, viewers: ChannelViewers | None = None) -> SeenTable:
    """A live table as ``session`` sees it now: its record copied with its
    state, no await between (one version's pair, whatever moves meanwhile)."""
    return await seen_as(session, SeenTable(live.record.model_copy(), live.definition, live.state, True, []), viewers)


async def seen_as(session: Session, table: SeenTable, viewers: ChannelViewers | None) -> SeenTable:
    """``table`` with the session's seats, if it holds one or may watch."""
    table.mine = [i for i, seat in enumerate(table.record.seats) if session.owns(seat.user_id)]
    if not table.mine and not await may_watch(session, table.record, viewers):
        raise Refusal(403, "web.err.not_your_table")
    return table


def chosen_seat(table: SeenTable, asked: str | None) -> int:
    """The seat a request acts or looks as: the one asked for (it must be the
    session's), else the session's first seat to act, else its first seat.
    A watcher has none."""
    if table.watching:
        raise Refusal(403, "web.err.watching")
    if asked is not None and asked != "":
        if not asked.isascii() or not asked.isdigit() or int(asked) not in table.mine:
            raise Refusal(403, "web.err.not_your_seat")
        return int(asked)
    to_act = table.to_act()
    return next((s for s in table.mine if s in to_act), table.mine[0])


def writing_seat(table: SeenTable, body: dict[str, Any]) -> int:
    """The seat a write (an action, a move built on the server) is for, in
    the one order of ``tables.seating``: a seat of the session's (the body's
    ``seat``, else ``chosen_seat``'s) in a live game in play, not resigned,
    on the version the page shows."""
    seating.playing_seats(table, table.mine)
    if not table.live:
        raise TableError("core.err.not_playing")
    version = body.get("version")
    if type(version) is not int:
        raise Refusal(400, "web.err.bad_version")
    asked = body.get("seat")
    seat = chosen_seat(table, str(asked) if type(asked) is int else None if asked is None else "x")
    seating.still_playing(table, seat)
    seating.same_version(table, version)
    return seat
