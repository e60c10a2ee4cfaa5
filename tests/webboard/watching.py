"""Shared by the watching tests (API and browser): the beside-the-bot web front
(``local=False``) with a stand-in for the bot's ChannelViewers, Discord
sessions made by the app's own keeper, and the hidden items of a table."""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from aiohttp.test_utils import TestServer

from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from web.app import create_app
from web.context import CONTEXT
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

GUILD, CHANNEL = 1, 2


class FakeViewers:
    """Who may read which channel: (user, guild, channel) triples; ``fail`` raises instead."""

    def __init__(self, allowed: set[tuple[int, int, int]], fail: bool = False) -> None:
        self.allowed = allowed
        self.fail = fail

    async def can_view(self, user_id: int, guild_id: int | None, channel_id: int) -> bool:
        if self.fail:
            raise RuntimeError("Discord is down")
        return (user_id, guild_id or 0, channel_id) in self.allowed


class DiscordFront:
    def __init__(self, service: TableService, server: TestServer, viewers: FakeViewers | None) -> None:
        self.service = service
        self.server = server
        self.viewers = viewers

    def cookie(self, user_id: int, name: str, locale: str = "en") -> str:
        return self.server.app[CONTEXT].sessions.new(user_id, name, locale, "discord")[1]


@asynccontextmanager
async def discord_front(database_url: str, viewers: FakeViewers | None, *, host: str = "127.0.0.1",
                        port: int | None = None) -> AsyncIterator[DiscordFront]:
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    service.new_seed = lambda: 7
    app = create_app(service, notifier, local=False, secret="test-secret", viewers=viewers,
                     limiter=RateLimiter(rate=1e9, burst=1e9))
    server = TestServer(app, host=host, port=port)
    await server.start_server()
    try:
        yield DiscordFront(service, server, viewers)
    finally:
        await server.close()
        await service.shutdown()
        await db.close()


async def two_player_table(service: TableService, game: str, first: int, second: int,
                           config: dict[str, Any] | None = None) -> int:
    table = await service.open_lobby(game, GUILD, CHANNEL, first, "Ada", config)
    await service.join(table.id, second, "Bo")
    await service.start(table.id, first)
    return table.id


def hidden_items(service: TableService, table_id: int) -> set[str]:
    """The ids of every item in a seat's hand that the public view does not show."""
    table = service.get(table_id)
    engine, renderer = table.engine, table.definition.renderer
    public = json.dumps(engine.public_view(table.state).model_dump(mode="json"), ensure_ascii=False)
    hidden = set()
    for seat in range(len(table.record.seats)):
        view = engine.private_view(table.state, seat)
        for region in renderer.hand_regions(view, "en"):
            if f'"{region.id}"' not in public:
                hidden.add(region.id)
    return hidden


def leaks(data: Any, hidden: set[str]) -> list[str]:
    text = json.dumps(data, ensure_ascii=False)
    return sorted(item for item in hidden if f'"{item}"' in text)
