"""Two processes' table services on one PostgreSQL database, in one test
process, each with its own pool and its own end of the change bus: a "bot"
(a recording notifier, as Discord would be told) and a "web" process
(``tabletop web``'s service, its WebNotifier and the API)."""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer

from app.web_process import web_service
from db.database import Database
from tables.bus import TableBus
from tables.registry import default_registry
from tables.service import TableService
from web.app import create_app
from web.context import CONTEXT
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

NELLY, BOB = 80351110224678912, 80351110224678913
GUILD, CHANNEL = 1 << 22, 42
WAIT_SECONDS = 20.0


async def eventually(check: Callable[[], Any], what: str) -> None:
    """Wait until ``check()`` is true (changes cross a real database)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.02)


@dataclass
class Recorder:
    """The bot's notifier: what Discord would have been told, with the
    version and who was to act at that moment."""

    calls: list[tuple[Any, ...]] = field(default_factory=list)

    def boards(self) -> list[tuple[Any, ...]]:
        return [c for c in self.calls if c[0] == "board"]

    async def board_updated(self, table, events, finished) -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table, batches, finished, turn=None) -> None:
        self.calls.append(("board", table.record.version, list(table.to_act()),
                           [e.key for batch in batches for e in batch], turn, finished is not None))

    async def hands_changed(self, table, seats, turn_seats=()) -> None:
        self.calls.append(("hands", list(seats)))

    async def turn_changed(self, table, seats, new_seats) -> None:
        self.calls.append(("turn", list(seats), list(new_seats)))

    async def lobby_updated(self, table, closed_reason=None) -> None:
        self.calls.append(("lobby", table.record.status))

    async def turn_reminder(self, table, seat, minutes_left) -> None:
        self.calls.append(("reminder", seat))

    async def game_ended_by_manager(self, table) -> None:
        self.calls.append(("ended",))


@dataclass
class Processes:
    bot: TableService
    bot_bus: TableBus
    discord: Recorder
    web: TableService
    web_bus: TableBus
    pages: WebNotifier
    server: TestServer
    clients: list[TestClient] = field(default_factory=list)

    async def page(self, user_id: int, name: str) -> TestClient:
        """A browser signed in (a Discord session) as ``user_id``."""
        _, cookie = self.server.app[CONTEXT].sessions.new(user_id, name, "en", "discord")
        client = TestClient(self.server, cookie_jar=CookieJar(unsafe=True))
        await client.start_server()
        client.session.cookie_jar.update_cookies({"tt_session": cookie})
        self.clients.append(client)
        return client

    async def settled(self, table_id: int) -> None:
        """Both copies at the database's revision, nothing left to take, to
        play (the bot's AI seats) or to announce, and the row still as it was."""
        async def row() -> tuple[int, str]:
            found = await self.bot.db.fetchone("SELECT revision, status FROM games WHERE id = ?", (table_id,))
            return found["revision"], found["status"]

        def caught_up(service: TableService, seen: tuple[int, str]) -> bool:
            table = service.get(table_id)
            if seen[1] not in ("lobby", "playing"):
                return table is None
            return table is not None and table.record.revision >= seen[0]

        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            now = await row()
            if (caught_up(self.bot, now) and caught_up(self.web, now) and self.bot_bus.idle and self.web_bus.idle
                    and not self.bot.refresher.follow_ups):
                for service in (self.bot, self.web):
                    await service.announcing.join()
                if await row() == now:
                    return
            if time.monotonic() > deadline:
                raise AssertionError(f"never settled: row {now}")
            await asyncio.sleep(0.02)


@asynccontextmanager
async def two_processes(url: str, *, web_clock: Callable[[], float] = time.time) -> AsyncIterator[Processes]:
    bot_db, web_db = Database(url, pool_min=1, pool_max=4), Database(url, pool_min=1, pool_max=4)
    await bot_db.open()
    await web_db.open()
    discord = Recorder()
    bot = TableService(bot_db, default_registry(), discord)
    bot.new_seed = lambda: 7
    pages = WebNotifier()
    web = web_service(web_db, default_registry(), pages)
    web.clock = web_clock
    bot_bus, web_bus = TableBus(bot, holds_every_table=False), TableBus(web, holds_every_table=True)
    assert await bot_bus.start() and await web_bus.start()
    app = create_app(web, pages, local=False, secret="test-secret", limiter=RateLimiter(rate=1e9, burst=1e9))
    server = TestServer(app)
    await server.start_server()
    processes = Processes(bot, bot_bus, discord, web, web_bus, pages, server)
    try:
        yield processes
    finally:
        for client in processes.clients:
            await client.close()
        await server.close()
        for bus, service, db in ((web_bus, web, web_db), (bot_bus, bot, bot_db)):
            await bus.stop()
            await service.shutdown()
            await db.close()


async def discord_game(processes: Processes, game: str = "cubed", *, ai: bool = False,
                       config: dict[str, Any] | None = None) -> int:
    """A game opened and started on the bot (as Discord commands would)."""
    bot = processes.bot
    table = await bot.open_lobby(game, GUILD, CHANNEL, NELLY, "Nelly", config or {"rounds": 1})
    if ai:
        await bot.add_ai(table.id, NELLY)
    else:
        await bot.join(table.id, BOB, "Bob")
    await bot.start(table.id, NELLY)
    await processes.settled(table.id)
    return table.id


async def web_move(page: TestClient, table_id: int) -> dict[str, Any]:
    """The first move the page offers, posted as the page would."""
    data = await (await page.get(f"/api/tables/{table_id}")).json()
    move = data["moves"][0]
    answer = await page.post(f"/api/tables/{table_id}/actions",
                             json={"action": move["action"], "version": data["version"]})
    assert answer.status == 200, await answer.text()
    return dict(await answer.json())
