"""The Activity's API: the Discord session as a bearer token (Discord's
iframe sends no cookie), one-use socket tickets, the Activity's own origin,
the channel's table, and the page itself."""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from tests.support.activity import CHANNEL, CLIENT_ID, GUILD, Viewers, discord_table, fake_oauth
from tests.webboard.kit import next_message
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter
from web.tickets import TICKETS, SocketTickets

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914
CODES = {"code-ada": (ADA, "Ada", "en-US"), "code-bo": (BO, "Bo", "zh-CN"), "code-cy": (CY, "Cy", "en-US")}
ACTIVITY_ORIGIN = f"https://{CLIENT_ID}.discordsays.com"


class Activity:
    def __init__(self, service: TableService, server: TestServer, viewers: Viewers) -> None:
        self.service = service
        self.server = server
        self.viewers = viewers
        self.clients: list[TestClient] = []

    async def client(self) -> TestClient:
        client = TestClient(self.server)
        await client.start_server()
        self.clients.append(client)
        return client

    async def sign_in(self, code: str) -> tuple[TestClient, dict[str, Any]]:
        """A client without cookies (as in Discord's iframe) and its session's answer."""
        client = await self.client()
        client.session.cookie_jar.clear()
        response = await client.post("/api/discord/session", json={"code": code},
                                     headers={"Origin": ACTIVITY_ORIGIN})
        assert response.status == 200, await response.text()
        client.session.cookie_jar.clear()  # the iframe would not keep it
        return client, dict(await response.json())


@asynccontextmanager
async def activity_front(database_url: str, viewers: Viewers | None = None, *,
                         no_viewers: bool = False) -> AsyncIterator[Activity]:
    """``no_viewers``: the app is given no ChannelViewers at all."""
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    service.new_seed = lambda: 7
    viewers = viewers or Viewers()
    app = create_app(service, notifier, local=False, secret="test-secret", limiter=RateLimiter(rate=1e9, burst=1e9),
                     oauth=fake_oauth(CODES), viewers=None if no_viewers else viewers)
    server = TestServer(app)
    await server.start_server()
    front = Activity(service, server, viewers)
    try:
        yield front
    finally:
        for client in front.clients:
            await client.close()
        await server.close()
        await service.shutdown()
        await db.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_the_discord_session_works_as_a_bearer_token(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-bo")
        assert session["access_token"] == f"access-{BO}" and session["mode"] == "discord"
        assert session["locale"] == "zh-CN" and session["token"]
        assert (await client.get("/api/games")).status == 401  # no cookie, no token
        games = await client.get("/api/games", headers=bearer(session["token"]))
        assert games.status == 200 and (await games.json())["you"] == {"name": "Bo", "locale": "zh-CN"}


async def test_forged_foreign_and_ended_tokens_are_refused(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        token = session["token"]
        body, signature = token.rsplit(".", 1)  # the signature is the last part
        forged = body[:-2] + ("A" if body[-2] != "A" else "B") + body[-1] + "." + signature
        for bad in (forged, token + "0", "x.y", "", "Bearer"):
            refused = await client.get("/api/games", headers=bearer(bad))
            assert refused.status == 401 and (await refused.json())["error"] == "web.err.no_session"
        assert (await client.get("/api/games", headers={"Authorization": f"Basic {token}"})).status == 401
        ended = await client.post("/api/session/end", headers={**bearer(token), "Origin": ACTIVITY_ORIGIN})
        assert ended.status == 200
        refused = await client.get("/api/games", headers=bearer(token))
        assert refused.status == 401


async def test_writes_come_from_the_site_or_the_activity_host_only(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        table_id = await discord_table(front.service, ADA, "Ada")
        data = await (await client.get(f"/api/tables/{table_id}", headers=bearer(session["token"]))).json()
        move = {"action": data["moves"][0]["action"], "version": data["version"]}
        for origin in ("https://evil.example", f"https://{CLIENT_ID}0.discordsays.com", "https://discordsays.com"):
            refused = await client.post(f"/api/tables/{table_id}/actions", json=move,
                                        headers={**bearer(session["token"]), "Origin": origin})
            assert refused.status == 403 and (await refused.json())["error"] == "web.err.bad_origin"
        assert front.service.get(table_id).record.version == data["version"]
        played = await client.post(f"/api/tables/{table_id}/actions", json=move,
                                   headers={**bearer(session["token"]), "Origin": ACTIVITY_ORIGIN})
        assert played.status == 200 and front.service.get(table_id).record.version > data["version"]


async def ticket(client: TestClient, token: str) -> str:
    response = await client.post("/api/session/ticket", headers={**bearer(token), "Origin": ACTIVITY_ORIGIN})
    assert response.status == 200, await response.text()
    return str((await response.json())["ticket"])


async def refused_socket(client: TestClient, url: str) -> int:
    try:
        socket = await client.ws_connect(url, headers={"Origin": ACTIVITY_ORIGIN})
    except WSServerHandshakeError as refused:
        return refused.status
    await socket.close()
    raise AssertionError(f"the socket {url} was accepted")


async def test_a_socket_opens_with_a_one_use_ticket(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        token = session["token"]
        table_id = await discord_table(front.service, ADA, "Ada")
        url = f"/api/tables/{table_id}/ws"
        assert await refused_socket(client, url) == 401  # neither a cookie nor a ticket
        assert await refused_socket(client, url + "?ticket=made-up") == 401
        one = await ticket(client, token)
        assert token not in one and len(one) >= 32
        socket = await client.ws_connect(f"{url}?ticket={one}", headers={"Origin": ACTIVITY_ORIGIN})
        try:
            data = await (await client.get(f"/api/tables/{table_id}", headers=bearer(token))).json()
            await client.post(f"/api/tables/{table_id}/actions", headers={**bearer(token), "Origin": ACTIVITY_ORIGIN},
                              json={"action": data["moves"][0]["action"], "version": data["version"]})
            heard = await next_message(socket)
            assert heard["type"] == "changed" and heard["version"] > data["version"]
        finally:
            await socket.close()
        assert await refused_socket(client, f"{url}?ticket={one}") == 401  # used once already


async def test_a_ticket_expires_and_dies_with_its_session(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        token = session["token"]
        table_id = await discord_table(front.service, ADA, "Ada")
        url = f"/api/tables/{table_id}/ws"
        tickets = front.server.app[TICKETS]
        now = [0.0]
        tickets.clock = lambda: now[0]
        old = await ticket(client, token)
        now[0] += tickets.lifetime + 1
        assert await refused_socket(client, f"{url}?ticket={old}") == 401
        fresh = await ticket(client, token)
        await client.post("/api/session/end", headers={**bearer(token), "Origin": ACTIVITY_ORIGIN})
        assert await refused_socket(client, f"{url}?ticket={fresh}") == 401
        assert fresh not in repr(tickets) and token not in repr(tickets)


async def test_a_seated_player_finds_the_channels_table(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        table_id = await discord_table(front.service, ADA, "Ada")
        found = await client.get(f"/api/channels/{CHANNEL}/table", headers=bearer(session["token"]))
        assert found.status == 200
        assert await found.json() == {"table_id": table_id, "game_type": "cubed", "status": "playing"}


async def test_a_lobby_is_found_too(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        table_id = await discord_table(front.service, ADA, "Ada", start=False)
        found = await client.get(f"/api/channels/{CHANNEL}/table", headers=bearer(session["token"]))
        assert (await found.json())["table_id"] == table_id and (await found.json())["status"] == "lobby"


async def test_a_viewer_of_the_channel_finds_it_and_others_learn_nothing(database_url):
    async with activity_front(database_url, Viewers({(BO, CHANNEL)})) as front:
        table_id = await discord_table(front.service, ADA, "Ada")
        bo, bo_session = await front.sign_in("code-bo")
        found = await bo.get(f"/api/channels/{CHANNEL}/table", headers=bearer(bo_session["token"]))
        assert found.status == 200 and (await found.json())["table_id"] == table_id
        assert front.viewers.asked[-1] == (BO, GUILD, CHANNEL)
        cy, cy_session = await front.sign_in("code-cy")
        refused = await cy.get(f"/api/channels/{CHANNEL}/table", headers=bearer(cy_session["token"]))
        empty = await cy.get(f"/api/channels/{CHANNEL + 1}/table", headers=bearer(cy_session["token"]))
        assert refused.status == empty.status == 403  # a game there or not: the same answer
        assert (await refused.json()) == (await empty.json()) == {
            "error": "activity.err.not_in_channel",
            "message": "You cannot see the games of this channel: only its members can."}


async def test_without_viewers_only_a_seated_player_finds_it(database_url):
    async with activity_front(database_url, no_viewers=True) as front:
        table_id = await discord_table(front.service, ADA, "Ada")
        bo, bo_session = await front.sign_in("code-bo")
        refused = await bo.get(f"/api/channels/{CHANNEL}/table", headers=bearer(bo_session["token"]))
        assert refused.status == 403 and (await refused.json())["error"] == "activity.err.not_in_channel"
        ada, ada_session = await front.sign_in("code-ada")
        found = await ada.get(f"/api/channels/{CHANNEL}/table", headers=bearer(ada_session["token"]))
        assert found.status == 200 and (await found.json())["table_id"] == table_id


async def test_no_game_in_the_channel_says_how_to_start_one(database_url):
    async with activity_front(database_url, Viewers({(BO, CHANNEL), (ADA, CHANNEL)})) as front:
        bo, bo_session = await front.sign_in("code-bo")
        none = await bo.get(f"/api/channels/{CHANNEL}/table?guild_id={GUILD}", headers=bearer(bo_session["token"]))
        assert none.status == 404
        assert await none.json() == {
            "error": "activity.err.no_game_here",
            "message": "这个频道没有进行中的游戏。在聊天里用 /连线计划 开局、/立方骨牌 开局 或 /死亡前线 开局 开一局，然后再打开版图。"}
        assert front.viewers.asked == [(BO, GUILD, CHANNEL)]
        ada, ada_session = await front.sign_in("code-ada")
        table_id = await discord_table(front.service, ADA, "Ada")
        await front.service.resign(table_id, ADA)  # finished: no live table in the channel
        gone = await ada.get(f"/api/channels/{CHANNEL}/table", headers=bearer(ada_session["token"]))
        assert gone.status == 404 and (await gone.json())["message"].startswith("No game is running in this channel.")


async def test_a_malformed_channel_is_refused(database_url):
    async with activity_front(database_url) as front:
        client, session = await front.sign_in("code-ada")
        for channel in ("abc", "0", "-5", "1" * 21, str(2**63), "１２３"):
            refused = await client.get(f"/api/channels/{channel}/table", headers=bearer(session["token"]))
            assert refused.status == 404 and (await refused.json())["error"] == "activity.err.bad_channel", channel
        assert (await client.get(f"/api/channels/{CHANNEL}/table")).status == 401  # no session at all


async def test_the_activity_page_is_the_table_page_signing_in_through_discord(database_url):
    async with activity_front(database_url) as front:
        client = await front.client()
        table_page = await (await client.get("/t/5")).text()
        for url in ("/activity", "/?frame_id=abc&instance_id=i-1&channel_id=5&guild_id=7&platform=desktop"):
            response = await client.get(url)
            page = await response.text()
            assert response.status == 200 and '<script src="/static/activity-start.js" defer></script>' in page
            assert page.replace('<script src="/static/activity-start.js" defer></script>\n', "") == table_page
            assert "frame-ancestors 'self' https://discord.com" in response.headers["Content-Security-Policy"]
        assert "activity-start.js" not in await (await client.get("/")).text()
        config = await (await client.get("/activity/config.json", headers={"Accept-Language": "zh-TW"})).json()
        assert config["client_id"] == CLIENT_ID and config["mock"] is False and config["locale"] == "zh-TW"
        assert "secret" not in str(config)
        words = await (await client.get("/i18n/en.json")).json()
        assert words["activity.page.signing_in"] == "Signing in with Discord…"


def test_tickets_are_bounded_and_never_shown():
    now = [0.0]
    tickets = SocketTickets(clock=lambda: now[0], lifetime=30)
    first = tickets.issue("token-1")
    assert tickets.take(first) == "token-1" and tickets.take(first) is None
    issued = [tickets.issue(f"token-{n}") for n in range(3)]
    now[0] = 31
    assert tickets.take(issued[0]) is None
    fresh = tickets.issue("token-9")
    assert tickets.open.keys() == {fresh}  # the expired ones are gone
    assert "token-9" not in repr(tickets) and fresh not in repr(tickets)
    assert tickets.take("x" * 65) is None and tickets.take("") is None and tickets.take(None) is None
