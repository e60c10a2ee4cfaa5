"""The Activity's lobby is the chat's lobby (issue 35, item 4): a lobby opened
from the board gets its lobby message in the channel, a Join clicked there
reaches the board's pages, a join on the board redraws the message, Start
from either posts the board message; and a lobby opened in the chat is the
one the Activity finds and joins. SimCord's bot and the web over one table
service, as the bot serves the board with WEB_PORT."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer

from tables.composite_notifier import CompositeNotifier
from tests.conftest import Table
from tests.webboard.kit import next_message, table_json
from tests.webboard.watching import FakeViewers
from web.app import create_app
from web.context import CONTEXT
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter


@asynccontextmanager
async def board_beside(env: Any, viewers: FakeViewers) -> AsyncIterator[TestServer]:
    bot = env.bot
    web = WebNotifier()
    bot.tables.notifier = CompositeNotifier([web, bot.notifier])
    server = TestServer(create_app(bot.tables, web, local=False, secret="test-secret", viewers=viewers,
                                   limiter=RateLimiter(rate=1e9, burst=1e9)))
    await server.start_server()
    try:
        yield server
    finally:
        await server.close()


async def signed_in(server: TestServer, user_id: int, name: str) -> TestClient:
    client = TestClient(server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    cookie = server.app[CONTEXT].sessions.new(user_id, name, "en", "discord")[1]
    client.session.cookie_jar.update_cookies({"tt_session": cookie})
    return client


def lobby_seats(message: Any) -> str:
    return message.embeds[0].fields[0].value


async def test_a_lobby_opened_on_the_board_is_the_chats_lobby(simcord_env):
    t = Table(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = t.members
    viewers = FakeViewers({(m.id, t.guild.id, t.channel.id) for m in t.members})
    async with board_beside(simcord_env, viewers) as server:
        page_a, page_c = await signed_in(server, alice.id, "alice"), await signed_in(server, carol.id, "carol")
        response = await page_a.post("/api/lobbies", json={
            "game": "highcard", "channel_id": str(t.channel.id), "guild_id": str(t.guild.id)})
        assert response.status == 200, await response.text()
        table_id = (await response.json())["table_id"]
        await simcord_env.settle()
        lobby = t.lobby_message()
        assert t.live().id == table_id and t.live().record.lobby_message_id == lobby.id
        assert f"#{table_id}" in lobby.embeds[0].title and "alice" in lobby_seats(lobby)

        watcher = await page_c.ws_connect(f"/api/tables/{table_id}/ws?v=0")
        await bob.click(lobby, custom_id=f"tt:lobby:join:{table_id}")  # in the chat
        pushed = (await next_message(watcher))["table"]
        assert [s["name"] for s in pushed["lobby"]["seats"]] == ["alice", "bob"]

        assert (await page_c.post(f"/api/tables/{table_id}/lobby", json={"do": "join"})).status == 200
        await simcord_env.settle()
        assert "carol" in lobby_seats(t.lobby_message())  # the message follows the board
        assert len([m for m in t.channel.history() if m.embeds and "lobby" in (m.embeds[0].title or "")]) == 1

        assert (await page_a.post(f"/api/tables/{table_id}/lobby", json={"do": "start"})).status == 200
        await simcord_env.settle()
        assert t.live().record.status == "playing" and t.live().record.board_message_id is not None
        assert (await table_json(page_c, table_id))["status"] == "playing"
        await watcher.close()
        for client in (page_a, page_c):
            await client.close()


async def test_a_lobby_opened_in_the_chat_is_the_one_the_activity_finds_and_joins(simcord_env):
    t = Table(simcord_env)
    alice, bob = t.members
    viewers = FakeViewers({(m.id, t.guild.id, t.channel.id) for m in t.members})
    async with board_beside(simcord_env, viewers) as server:
        await alice.slash(t.channel, "highcard new")
        table_id = t.live().id
        page_b = await signed_in(server, bob.id, "bob")
        found = await (await page_b.get(f"/api/channels/{t.channel.id}/table?guild_id={t.guild.id}")).json()
        assert found == {"table_id": table_id, "game_type": "highcard", "status": "lobby"}
        assert (await page_b.post(f"/api/tables/{table_id}/lobby", json={"do": "join"})).status == 200
        await simcord_env.settle()
        assert "bob" in lobby_seats(t.lobby_message())
        assert len([m for m in t.channel.history() if m.embeds and "lobby" in (m.embeds[0].title or "")]) == 1
        await alice.click(t.lobby_message(), custom_id=f"tt:lobby:start:{table_id}")
        assert (await table_json(page_b, table_id))["status"] == "playing"
        await page_b.close()
