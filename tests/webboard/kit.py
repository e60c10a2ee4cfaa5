"""A web front end over a real table service and database, served by
aiohttp's test server, and clients that play through the API."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer

from db.database import Database
from tables.composite_notifier import CompositeNotifier
from tables.registry import default_registry
from tables.service import TableService
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

# Short games: CUBED one round, Death Front ten rounds, SETUP to a near finish line.
SHORT = {"setup": {"finish": 10}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 10}}


class Front:
    def __init__(self, service: TableService, notifier: WebNotifier, server: TestServer) -> None:
        self.service = service
        self.notifier = notifier
        self.server = server

    async def client(self, cookie: str | None = None) -> TestClient:
        client = TestClient(self.server, cookie_jar=CookieJar(unsafe=True))
        await client.start_server()
        if cookie is not None:
            client.session.cookie_jar.update_cookies({"tt_session": cookie})
        return client


@asynccontextmanager
async def web_front(database_url: str, *, limiter: RateLimiter | None = None, seed: int = 7,
                    secret: str | None = "test-secret", also: tuple[Any, ...] = (),
                    drawing: Any | None = None) -> AsyncIterator[Front]:
    """``also``: other notifiers the service tells besides the web (a Discord stand-in);
    ``drawing``: what draws the pictures (None: a thread)."""
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), CompositeNotifier([notifier, *also]) if also else notifier)
    service.new_seed = lambda: seed
    app = create_app(service, notifier, local=True, secret=secret,
                     limiter=limiter or RateLimiter(rate=1e9, burst=1e9), drawing=drawing)
    server = TestServer(app)
    await server.start_server()
    try:
        yield Front(service, notifier, server)
    finally:
        await server.close()
        await service.shutdown()
        await db.close()


def cookie_of(client: TestClient) -> str:
    for cookie in client.session.cookie_jar:
        if cookie.key == "tt_session":
            return cookie.value
    raise AssertionError("no session cookie")


async def local_player(front: Front, name: str = "Ada", locale: str = "en") -> TestClient:
    client = await front.client()
    response = await client.post("/api/local/session", json={"name": name, "locale": locale})
    assert response.status == 200, await response.text()
    return client


async def new_table(client: TestClient, game: str, ai: list[str] | None = None, humans: int = 1,
                    options: dict[str, Any] | None = None) -> int:
    response = await client.post("/api/local/tables", json={
        "game": game, "ai": ai if ai is not None else ["greedy"], "humans": humans,
        "options": options if options is not None else SHORT[game]})
    assert response.status == 200, await response.text()
    return int((await response.json())["table_id"])


async def table_json(client: TestClient, table_id: int, **query: Any) -> dict[str, Any]:
    response = await client.get(f"/api/tables/{table_id}", params={k: str(v) for k, v in query.items()})
    assert response.status == 200, await response.text()
    return dict(await response.json())


async def next_message(socket: Any, timeout: float = 10.0) -> dict[str, Any]:
    return dict(await asyncio.wait_for(socket.receive_json(), timeout))
