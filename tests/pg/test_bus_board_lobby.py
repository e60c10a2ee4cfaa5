"""A lobby opened on the board of a separate web process (``tabletop web``
beside the bot, one PostgreSQL database) gets its lobby message in the chat,
exactly once (issue 35): the bot hears the new lobby over the change bus,
loads it (its server is the bot's) and announces it as a new lobby
(``TableService.announce_opened``), which posts the message; a join made on
the board before the bot heard of the lobby is on the message, later joins
edit it, a Join clicked in the chat reaches the board, and Start from the
board posts the board message. The bot runs under SimCord on PostgreSQL.
Skipped unless TABLETOP_TEST_DATABASE_URL names a PostgreSQL server."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import pytest
from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer

from app.web_process import web_service
from db.database import Database
from games.definition import GameDefinition
from tables.bus import TableBus
from tables.registry import GameRegistry
from tests.conftest import Table, virtual_clock
from tests.pg.bus_kit import eventually
from tests.support.database import postgres_test_url
from tests.support.highcard import HighcardEngine, HighcardRenderer
from tests.webboard.watching import FakeViewers
from web.app import create_app
from web.context import CONTEXT
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


def lobby_messages(channel: Any) -> list[Any]:
    return [m for m in channel.history() if m.embeds and "lobby #" in (m.embeds[0].title or "")]


@asynccontextmanager
async def web_process(database_url: str, viewers: FakeViewers) -> AsyncIterator[tuple[Any, TestServer]]:
    """``tabletop web``'s table service, its bus and its API, beside the SimCord bot."""
    web_db = Database(database_url, pool_min=1, pool_max=2)
    await web_db.open()
    pages = WebNotifier()
    web = web_service(web_db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]), pages)
    web.clock = virtual_clock
    bus = TableBus(web, holds_every_table=True)
    server = TestServer(create_app(web, pages, local=False, secret="test-secret", viewers=viewers,
                                   limiter=RateLimiter(rate=1e9, burst=1e9)))
    try:
        assert await bus.start()
        await web.restore()
        await server.start_server()
        yield web, server
    finally:
        await server.close()
        await bus.stop()
        await web.shutdown()
        await web_db.close()


async def signed_in(server: TestServer, user_id: int, name: str) -> TestClient:
    client = TestClient(server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    client.session.cookie_jar.update_cookies({"tt_session": server.app[CONTEXT].sessions.new(
        user_id, name, "en", "discord")[1]})
    return client


async def test_a_lobby_opened_on_the_web_process_gets_one_chat_message(simcord_env, database_url):
    t = Table(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = t.members
    viewers = FakeViewers({(m.id, t.guild.id, t.channel.id) for m in t.members})
    async with web_process(database_url, viewers) as (web, server):
        page_a, page_b = await signed_in(server, alice.id, "alice"), await signed_in(server, bob.id, "bob")
        response = await page_a.post("/api/lobbies", json={
            "game": "highcard", "channel_id": str(t.channel.id), "guild_id": str(t.guild.id)})
        assert response.status == 200, await response.text()
        table_id = (await response.json())["table_id"]
        # Bob joins on the board at once: the bot may hear of the lobby only after it.
        assert (await page_b.post(f"/api/tables/{table_id}/lobby", json={"do": "join"})).status == 200

        await eventually(lambda: t.live() is not None and t.live().record.lobby_message_id is not None,
                         "the bot posted the lobby message")
        await eventually(lambda: web.get(table_id).record.lobby_message_id is not None,
                         "the web process heard the message id")
        await simcord_env.settle()
        posted = lobby_messages(t.channel)
        assert len(posted) == 1 and posted[0].id == t.live().record.lobby_message_id
        assert f"#{table_id}" in posted[0].embeds[0].title
        await eventually(lambda: "bob" in lobby_messages(t.channel)[0].embeds[0].fields[0].value,
                         "the board's join is on the message")

        await carol.click(lobby_messages(t.channel)[0], custom_id=f"tt:lobby:join:{table_id}")  # in the chat
        await eventually(lambda: len(web.get(table_id).seats) == 3, "the board heard the chat's join")
        assert [s.user_id for s in web.get(table_id).seats] == [alice.id, bob.id, carol.id]

        assert (await page_a.post(f"/api/tables/{table_id}/lobby", json={"do": "start"})).status == 200
        await eventually(lambda: t.live() is not None and t.live().record.board_message_id is not None,
                         "the bot posted the board")
        await simcord_env.settle()
        assert len(lobby_messages(t.channel)) == 1  # never a second lobby message
        assert t.live().record.status == "playing"
        for client in (page_a, page_b):
            await client.close()


async def test_a_lobby_of_another_shards_server_is_left_alone(simcord_env, database_url):
    """A bot process loads only lobbies of its own shards' servers (as its restore does)."""
    t = Table(simcord_env)
    alice, _bob = t.members
    bot = simcord_env.bot
    shard = (t.guild.id >> 22) % 2
    bot.tables.games.shards = (2, (1 - shard,))  # this process runs the other shard only
    viewers = FakeViewers({(alice.id, t.guild.id, t.channel.id)})
    taken: list[int] = []
    take = bot.bus.take

    async def taking(change):
        await take(change)
        taken.append(change.table_id)

    bot.bus.take = taking
    try:
        async with web_process(database_url, viewers) as (web, server):
            page_a = await signed_in(server, alice.id, "alice")
            response = await page_a.post("/api/lobbies", json={
                "game": "highcard", "channel_id": str(t.channel.id), "guild_id": str(t.guild.id)})
            assert response.status == 200, await response.text()
            table_id = (await response.json())["table_id"]
            await eventually(lambda: table_id in taken, "the bot took the change")
            await simcord_env.settle()
            assert t.live() is None and lobby_messages(t.channel) == []
            await page_a.close()
    finally:
        bot.tables.games.shards = None
        del bot.bus.take
