"""The web side of the table service: every connected page of a table is
told when it changed and when it is over (``{"type": "over"}``).

A page's socket opened with the version it shows (``…/ws?v=N``, a ``Feed``)
is sent the changed table itself — the table's JSON as that page's session
may see it: its own seat's hand and moves, never another seat's — so a move
reaches it in one push (``{"type": "changed", "version": n, "table": {…}}``).
Any other socket hears only ``{"type": "changed", "version": n}`` and
fetches what it may see. Pushes run in a task per table, in order, after the
service's call returns (the Discord board is not kept waiting for them);
changes that come while one is being pushed are pushed together, as the
newest table."""
from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from engines.base import Event
from web.channel_pages import ChannelPages
from web.game_log import GameLog

if TYPE_CHECKING:
    from tables.live import GameSummary, LiveTable

log = logging.getLogger(__name__)
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


class Feed(Protocol):
    """A page that is sent the table itself (web/feeds.py)."""

    async def push(self, table: "LiveTable", memo: dict[Any, dict[str, Any]]) -> dict[str, Any] | None:
        """The message for this page (``memo``: answers already made in this
        push, by what they depend on); None when it may no longer see the table."""


@dataclass
class Pending:
    table: "LiveTable"
    over: bool = False


class WebNotifier:
    def __init__(self, log: GameLog | None = None) -> None:
        self.log = log or GameLog()
        self.sockets: dict[int, dict[web.WebSocketResponse, Feed | None]] = {}
        self.channels: dict[int, int] = {}  # the channel of each table with sockets
        self.guilds: dict[int, int] = {}  # and its server (a Discord table's)
        self.channel_pages = ChannelPages()  # pages of a channel with no table shown (web/channel_pages.py)
        self.on_over: list[Callable[["LiveTable"], None]] = []  # told of each game that ended (tournament news)
        self.per_session = Places()
        self._pending: dict[int, Pending] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    # -- sockets -----------------------------------------------------------------
    def add(self, table_id: int, socket: web.WebSocketResponse, feed: Feed | None = None,
            channel_id: int | None = None, guild_id: int | None = None) -> bool:
        sockets = self.sockets.setdefault(table_id, {})
        if len(sockets) >= MAX_SOCKETS_PER_TABLE:
            return False
        sockets[socket] = feed
        if channel_id is not None:
            self.channels[table_id] = channel_id
        if guild_id is not None:
            self.guilds[table_id] = guild_id
        return True

    def remove(self, table_id: int, socket: web.WebSocketResponse) -> None:
        sockets = self.sockets.get(table_id)
        if sockets is not None:
            sockets.pop(socket, None)
            if not sockets:
                del self.sockets[table_id]
                self.channels.pop(table_id, None)
                self.guilds.pop(table_id, None)

    async def send(self, table_id: int, socket: web.WebSocketResponse, message: dict[str, Any]) -> None:
        try:
            await socket.send_json(message)
        except (ConnectionError, RuntimeError):
            self.remove(table_id, socket)

    async def tell(self, table_id: int, message: dict[str, Any]) -> None:
        sockets = list(self.sockets.get(table_id, ()))
        if sockets:
            await asyncio.gather(*(self.send(table_id, s, message) for s in sockets))

    def changed(self, table: "LiveTable", over: bool = False) -> None:
        """Push ``table`` to its pages (its newest state, when they are told)."""
        pending = self._pending.setdefault(table.id, Pending(table))
        pending.table, pending.over = table, pending.over or over
        if table.id not in self._workers:
            self._workers[table.id] = asyncio.get_running_loop().create_task(self._deliver(table.id))

    async def _deliver(self, table_id: int) -> None:
        try:
            while (pending := self._pending.pop(table_id, None)) is not None:
                try:
                    await self._push(pending.table)
                    if pending.over:
                        await self.tell(table_id, {"type": "over"})
                except Exception as error:  # type and place only: a message may quote a hand
                    where = traceback.extract_tb(error.__traceback__)[-1]
                    log.error("game %s: web push failed: %s at %s:%s", table_id, type(error).__name__,
                              where.filename.rsplit("/", 1)[-1], where.lineno)
        finally:
            self._workers.pop(table_id, None)

    async def _push(self, table: "LiveTable") -> None:
        sockets = list(self.sockets.get(table.id, {}).items())
        memo: dict[Any, dict[str, Any]] = {}
        plain = {"type": "changed", "version": table.record.version}

        async def one(socket: web.WebSocketResponse, feed: Feed | None) -> None:
            message = plain if feed is None else await feed.push(table, memo)
            if message is None:  # the page's session ended or may no longer see the table
                self.remove(table.id, socket)
                await socket.close(code=1008, message=b"not allowed")
                return
            await self.send(table.id, socket, message)

        await asyncio.gather(*(one(socket, feed) for socket, feed in sockets))

    async def settled(self) -> None:
        """Wait for the pushes under way (tests, shutdown)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def close_all(self) -> None:
        for task in list(self._workers.values()):
            task.cancel()
        for table_id in list(self.sockets):
            for socket in list(self.sockets.get(table_id, ())):
                await socket.close()
        self.sockets.clear()
        await self.channel_pages.close_all()

    # -- the Notifier protocol (tables/notifier.py) ---------------------------------
    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        self.changed(table)
        if table.record.status == "lobby" and closed_reason is None:
            await self.next_in_channel(table)

    async def next_in_channel(self, table: "LiveTable") -> None:
        """The pages of the channel's other tables (a finished game's, an Activity's)
        and of the channel itself (an Activity with no game: web/channel_pages.py)
        hear of its new lobby: ``{"type": "next", "table_id": n}``. Whoever holds such
        a page sees that channel's tables (seated there, or a viewer of it)."""
        channel = table.record.channel_id
        message = {"type": "next", "table_id": table.id}
        for other in [tid for tid, ch in self.channels.items() if ch == channel and tid != table.id]:
            await self.tell(other, message)
        await self.channel_pages.tell(channel, message)

    def guild_listening(self, guild_id: int) -> bool:
        """Whether a page of the server is open (a table's or a channel's)."""
        return guild_id in self.guilds.values() or any(
            page.guild_id == guild_id for pages in self.channel_pages.pages.values() for page in pages)

    def game_over(self, table: "LiveTable") -> None:
        for listener in self.on_over:
            listener(table)

    async def tell_guild(self, guild_id: int, message: dict[str, Any]) -> None:
        """Every page of the server's tables and channels (its tournaments' news)."""
        for table_id in [tid for tid, guild in self.guilds.items() if guild == guild_id]:
            await self.tell(table_id, message)
        await self.channel_pages.tell_guild(guild_id, message)

    async def board_updated(self, table: "LiveTable", events: list[Event],
                            finished: "GameSummary | None") -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table: "LiveTable", batches: list[list[Event]],
                                    finished: "GameSummary | None",
                                    turn: tuple[list[int], list[int]] | None = None) -> None:
        self.log.remember(table.id, batches, table.record.version)
        self.changed(table, over=finished is not None)
        if finished is not None:
            self.game_over(table)

    async def hands_changed(self, table: "LiveTable", seats: list[int], turn_seats: Sequence[int] = ()) -> None:
        return None  # the hand comes with the table ("changed")

    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        return None  # whose turn it is comes with the table's JSON

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        return None

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        self.changed(table, over=True)
        self.game_over(table)
