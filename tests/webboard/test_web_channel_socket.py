"""The page of a channel with no game (the empty Activity) hears live that a
table opened there (issue 35): its channel socket (``GET
/api/channels/{id}/ws?guild_id=``) is for the channel's viewers only (the
lookup's ``ChannelViewers`` rule), counts in the session's socket cap, is
told of a lobby opened from the chat's service or another page, at once of
one opened before it connected, never of another channel's, and is cut off
(1008) once its session may no longer view the channel."""
from __future__ import annotations

import asyncio

from aiohttp import CookieJar, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient

from tests.webboard.kit import next_message
from tests.webboard.test_web_lobby import refused
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front
from web.notifier import MAX_SOCKETS_PER_SESSION

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914
URL = f"/api/channels/{CHANNEL}/ws?guild_id={GUILD}"


async def signed_in(front, user: int, name: str) -> TestClient:
    client = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    client.session.cookie_jar.update_cookies({"tt_session": front.cookie(user, name)})
    return client


async def handshake_refused(client: TestClient, url: str, status: int) -> None:
    try:
        socket = await client.ws_connect(url)
    except WSServerHandshakeError as error:
        assert error.status == status
        return
    await socket.close()
    raise AssertionError(f"{url} was accepted")


async def quiet(socket, seconds: float = 0.2) -> bool:
    try:
        await asyncio.wait_for(socket.receive(), seconds)
    except asyncio.TimeoutError:
        return True
    return False


async def test_an_empty_channels_page_hears_the_lobby_opened_there(database_url):
    viewers = FakeViewers({(ADA, GUILD, CHANNEL), (BO, GUILD, CHANNEL), (ADA, GUILD, CHANNEL + 1)})
    async with discord_front(database_url, viewers) as front:
        ada, bo, cy = (await signed_in(front, ADA, "Ada"), await signed_in(front, BO, "Bo"),
                       await signed_in(front, CY, "Cy"))
        await handshake_refused(cy, URL, 403)  # not a viewer of the channel: nothing, not even an empty one
        await refused(await cy.get(URL), 403, "activity.err.not_in_channel")
        await handshake_refused(ada, f"/api/channels/{CHANNEL}/ws", 400)  # no server
        await handshake_refused(ada, f"/api/channels/x{CHANNEL}/ws?guild_id={GUILD}", 400)
        await handshake_refused(ada, f"/api/channels/{CHANNEL}/ws?guild_id={GUILD + 1}", 403)
        assert not front.service.tables

        page = await ada.ws_connect(URL)
        elsewhere = await ada.ws_connect(f"/api/channels/{CHANNEL + 1}/ws?guild_id={GUILD}")
        assert await quiet(page)
        response = await bo.post("/api/lobbies", json={"game": "cubed", "channel_id": str(CHANNEL),
                                                       "guild_id": str(GUILD)})
        assert response.status == 200, await response.text()
        table_id = (await response.json())["table_id"]
        assert await next_message(page) == {"type": "next", "table_id": table_id}
        assert await quiet(elsewhere)  # another channel's page hears nothing of it

        late = await bo.ws_connect(URL)  # opened after the lobby: told at once
        assert await next_message(late) == {"type": "next", "table_id": table_id}

        viewers.allowed.discard((BO, GUILD, CHANNEL))  # Bo may no longer read the channel
        await front.service.add_ai(table_id, BO)  # any news of the lobby is checked again for each page
        assert await next_message(page) == {"type": "next", "table_id": table_id}
        closing = await asyncio.wait_for(late.receive(), 10)
        assert closing.type == WSMsgType.CLOSE and closing.data == 1008
        for socket in (page, elsewhere):
            await socket.close()
        for client in (ada, bo, cy):
            await client.close()


async def test_a_chat_opened_lobby_reaches_the_channels_page_and_the_cap_holds(database_url):
    viewers = FakeViewers({(ADA, GUILD, CHANNEL)})
    async with discord_front(database_url, viewers) as front:
        ada = await signed_in(front, ADA, "Ada")
        sockets = [await ada.ws_connect(URL) for _ in range(MAX_SOCKETS_PER_SESSION)]
        await handshake_refused(ada, URL, 429)  # the session's cap counts channel sockets too
        await refused(await ada.get(URL), 429, "web.err.too_many_sockets")
        await sockets.pop().close()
        for _ in range(200):
            if sum(front.service.notifier.per_session.held.values()) < MAX_SOCKETS_PER_SESSION:
                break
            await asyncio.sleep(0.01)

        # A lobby the chat opens (the cog's /new: the service's open, its message posted by the cog).
        table = await front.service.open_lobby("setup", GUILD, CHANNEL, BO, "Bo")
        for socket in sockets:
            assert await next_message(socket) == {"type": "next", "table_id": table.id}
        for socket in sockets:
            await socket.close()
        await ada.close()
