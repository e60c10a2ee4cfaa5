"""Pages of a channel rather than of a table: the Activity opened in a
channel with no game (issue 35). Each holds a channel socket
(``GET /api/channels/{id}/ws``, web/channel_routes.py) and hears when a
table opens there — from the chat, another Activity or another process —
as ``{"type": "next", "table_id": n}``, and its server's tournament news
(``{"type": "tournament", "tournament_id": n}``). Before each message the
page's session is asked again whether it may still view the channel (the
same ``ChannelViewers`` rule as the lookup); one that may not is cut off."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

MAX_PAGES_PER_CHANNEL = 64


@dataclass(frozen=True)
class ChannelPage:
    socket: web.WebSocketResponse
    guild_id: int
    allowed: Callable[[], Awaitable[bool]]  # may the page's session still view the channel


class ChannelPages:
    def __init__(self) -> None:
        self.pages: dict[int, list[ChannelPage]] = {}

    def add(self, channel_id: int, page: ChannelPage) -> bool:
        pages = self.pages.setdefault(channel_id, [])
        if len(pages) >= MAX_PAGES_PER_CHANNEL:
            return False
        pages.append(page)
        return True

    def remove(self, channel_id: int, socket: web.WebSocketResponse) -> None:
        pages = [page for page in self.pages.get(channel_id, ()) if page.socket is not socket]
        if pages:
            self.pages[channel_id] = pages
        else:
            self.pages.pop(channel_id, None)

    async def tell(self, channel_id: int, message: dict[str, Any]) -> None:
        pages = list(self.pages.get(channel_id, ()))
        await asyncio.gather(*(self.send(channel_id, page, message) for page in pages))

    async def tell_guild(self, guild_id: int, message: dict[str, Any]) -> None:
        pages = [(channel, page) for channel, held in self.pages.items() for page in held if page.guild_id == guild_id]
        await asyncio.gather(*(self.send(channel, page, message) for channel, page in pages))

    async def send(self, channel_id: int, page: ChannelPage, message: dict[str, Any]) -> None:
        try:
            allowed = await page.allowed()
        except Exception:  # who may read a channel is Discord's to say; not knowing is no
            allowed = False
        try:
            if not allowed:
                self.remove(channel_id, page.socket)
                await page.socket.close(code=1008, message=b"not allowed")
                return
            await page.socket.send_json(message)
        except (ConnectionError, RuntimeError):
            self.remove(channel_id, page.socket)

    async def close_all(self) -> None:
        for pages in list(self.pages.values()):
            for page in pages:
                await page.socket.close()
        self.pages.clear()
