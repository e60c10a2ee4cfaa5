"""A page that is sent the table itself over its socket (``…/ws?v=N``):
the table's JSON made for that page's session and seat, with each change
(``WebNotifier``), at once when the page's version is not the table's, and
when the page picks another of its seats (``{"type": "seat", "seat": n}``,
hot-seat). Each push checks again that the session may see the table (an
ended session or a watcher who may no longer read the channel is cut off)
and is redacted as ``GET /api/tables/{id}`` is: never another seat's hand."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from web.access import SeenTable, chosen_seat, seen_live
from web.context import WebContext
from web.refusals import Refusal
from web.sessions import Session
from web.table_json import table_json

if TYPE_CHECKING:
    from tables.live import LiveTable


def asked_seat(message: object) -> tuple[bool, int | None]:
    """(whether ``message`` picks a seat, the seat: None for "the one to act")."""
    if not isinstance(message, dict) or message.get("type") != "seat":
        return False, None
    seat = message.get("seat")
    if seat is None:
        return True, None
    if type(seat) is int and 0 <= seat < 64:
        return True, seat
    return False, None


class TableFeed:
    def __init__(self, context: WebContext, session: Session, seat: int | None = None) -> None:
        self.context = context
        self.session = session
        self.seat = seat  # the seat the page asked to look as (hot-seat); None: the one to act

    def you(self, table: SeenTable) -> int | None:
        """The seat the page shows: the one it asked for while that is still
        the session's, else the session's seat to act; none for a watcher."""
        if table.watching:
            return None
        try:
            return chosen_seat(table, None if self.seat is None else str(self.seat))
        except Refusal:
            self.seat = None
            return chosen_seat(table, None)

    async def push(self, table: "LiveTable", memo: dict[Any, Any]) -> dict[str, Any] | None:
        if self.context.sessions.ended(self.session):
            return None
        try:
            seen = await seen_live(table, self.session, self.context.viewers)
        except Refusal:
            return None
        return await self.message(seen, memo)

    async def message(self, table: SeenTable, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
        """``{"type": "changed", "version", "table"}``; pages that would get
        the same answer in one push share it (``memo``: the answers made so far)."""
        you = self.you(table)
        key = (table.id, table.version, tuple(table.mine), you, self.session.locale)
        memo = {} if memo is None else memo
        made = memo.get(key)
        if made is None:
            context = self.context
            made = memo[key] = asyncio.ensure_future(table_json(
                context.service, context.pictures, context.notifier.log, table, you, self.session.locale))
        data = await made
        self.context.pictures.warm(table, you, self.session.locale)  # its pictures start drawing as it goes out
        return {"type": "changed", "version": data["version"], "table": data}
