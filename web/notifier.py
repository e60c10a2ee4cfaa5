"""The web side of the table service: every connected page of a table is
told when it changed (``{"type": "changed", "version": n}``) and when it
is over (``{"type": "over"}``); pages then fetch what they may see. The
messages carry nothing else, so nothing hidden can leak through them."""
from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web

from engines.base import Event
from web.game_log import GameLog

if TYPE_CHECKING:
    from tables.live import GameSummary, LiveTable

MAX_SOCKETS_PER_TABLE = 64
MAX_SOCKETS_PER_SESSION = 8  # a few tabs and tables; more is a loop or an attack


class Places:
    """At most ``most`` open sockets per session: ``take`` a place, ``give_back`` it on closing."""

    def __init__(self, most: int = MAX_SOCKETS_PER_SESSION) -> None:
        self.most = most
        self.held: dict[str, int] = {}

    def take(self, sid: str) -> bool:
        if self.held.get(sid, 0) >= self.most:
            return False
        self.held[sid] = self.held.get(sid, 0) + 1
        return True

    def give_back(self, sid: str) -> None:
        left = self.held.get(sid, 0) - 1
        if left > 0:
            self.held[sid] = left
        else:
            self.held.pop(sid, None)


class WebNotifier:
    def __init__(self, log: GameLog | None = None) -> None:
        self.log = log or GameLog()
        self.sockets: dict[int, set[web.WebSocketResponse]] = {}
        self.per_session = Places()

    # -- sockets -----------------------------------------------------------------
    def add(self, table_id: int, socket: web.WebSocketResponse) -> bool:
        sockets = self.sockets.setdefault(table_id, set())
        if len(sockets) >= MAX_SOCKETS_PER_TABLE:
            return False
        sockets.add(socket)
        return True

    def remove(self, table_id: int, socket: web.WebSocketResponse) -> None:
        sockets = self.sockets.get(table_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self.sockets[table_id]

    async def tell(self, table_id: int, message: dict[str, Any]) -> None:
        sockets = list(self.sockets.get(table_id, ()))

        async def send(socket: web.WebSocketResponse) -> None:
            try:
                await socket.send_json(message)
            except (ConnectionError, RuntimeError):
                self.remove(table_id, socket)

        if sockets:
            await asyncio.gather(*(send(s) for s in sockets))

    async def close_all(self) -> None:
        for table_id in list(self.sockets):
            for socket in list(self.sockets.get(table_id, ())):
                await socket.close()
        self.sockets.clear()

    # -- the Notifier protocol (tables/notifier.py) ---------------------------------
    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        await self.tell(table.id, {"type": "changed", "version": table.record.version})

    async def board_updated(self, table: "LiveTable", events: list[Event],
                            finished: "GameSummary | None") -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table: "LiveTable", batches: list[list[Event]],
                                    finished: "GameSummary | None",
                                    turn: tuple[list[int], list[int]] | None = None) -> None:
        self.log.remember(table.id, batches)
        await self.tell(table.id, {"type": "changed", "version": table.record.version})
        if finished is not None:
            await self.tell(table.id, {"type": "over"})

    async def hands_changed(self, table: "LiveTable", seats: list[int], turn_seats: Sequence[int] = ()) -> None:
        return None  # the page fetches its own hand on "changed"

    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        return None  # whose turn it is comes with the table's JSON

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        return None

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        await self.tell(table.id, {"type": "changed", "version": table.record.version})
        await self.tell(table.id, {"type": "over"})
