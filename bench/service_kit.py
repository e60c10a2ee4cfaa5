"""Tables through the real ``TableService`` for the end-to-end, load and
restart benchmarks: a throw-away database file, notifiers, simulated players."""
from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import uuid
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

from pydantic import BaseModel

from bench import states
from bench.timing import clock
from db.database import Database
from tables.notifier import NullNotifier
from tables.service import LiveTable, TableService

GUILD_ID = 42
FIRST_USER_ID = 10_000


class RenderingNotifier(NullNotifier):
    """Does what ``cogs.notifier.DiscordNotifier.board_updated`` does before it
    talks to Discord: read the server's language, then draw the public board
    off the event loop. Keeps the draw times. With ``hands``, also what
    ``hands_changed`` → ``cogs.play.hands.dm_hand`` does for every changed seat:
    read the player's DM setting, build the private view, draw the hand."""

    def __init__(self, hands: bool = False) -> None:
        self.hands = hands
        self.render_seconds: list[float] = []
        self.bytes: list[int] = []
        self.hand_images = 0
        self.service: TableService | None = None  # set by temp_service

    async def hands_changed(self, table: LiveTable, seats: list[int], turn_seats: list[int] = ()) -> None:
        if not self.hands:
            return
        for seat in seats:
            if self.service is not None:
                await self.service.settings.dm_hands(table.seats[seat].user_id)
            view = table.engine.private_view(table.state, seat)
            if view is not None:
                await asyncio.to_thread(table.definition.renderer.hand_png, view)
                self.hand_images += 1

    async def board_updated(self, table: LiveTable, events, finished) -> None:
        if table.state is None:
            return
        if self.service is not None:
            await self.service.settings.guild(table.record.guild_id)
        start = clock()
        png = await asyncio.to_thread(table.definition.renderer.board_png, table.engine.public_view(table.state))
        self.render_seconds.append(clock() - start)
        self.bytes.append(len(png))


class CountingNotifier(NullNotifier):
    """Counts board updates (the load test does not draw: see load_bench)."""

    def __init__(self) -> None:
        self.boards = 0

    async def board_updated(self, table, events, finished) -> None:
        self.boards += 1


@asynccontextmanager
async def temp_service(notifier=None, folder: Path | None = None, name: str = "bench.db",
                       database_url: str | None = None) -> AsyncIterator[TableService]:
    """A TableService on a fresh SQLite file (WAL, as in production), removed
    after; with a ``postgresql://`` ``database_url``, on a fresh schema of
    that server instead, dropped after."""
    own = folder is None and database_url is None
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-")) if own else folder
    schema = None
    if database_url is not None:
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        db = Database(f"{database_url}{'&' if '?' in database_url else '?'}schema={schema}", pool_min=2, pool_max=10)
    else:
        db = Database(str(folder / name))
    await db.open()
    service = TableService(db, states.registry(), notifier)
    if hasattr(notifier, "service"):
        notifier.service = service
    try:
        yield service
    finally:
        await service.shutdown()
        await db.close()
        if schema is not None:
            await _drop_schema(database_url, schema)
        if own:
            shutil.rmtree(folder, ignore_errors=True)


async def _drop_schema(url: str, schema: str) -> None:
    import asyncpg

    from db.postgres import quote_ident

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {quote_ident(schema)} CASCADE")
    finally:
        await conn.close()


def user_id(channel: int, seat: int) -> int:
    return FIRST_USER_ID + channel * 16 + seat


async def start_table(service: TableService, game: str, players: int, config: dict[str, Any],
                      channel: int, seed: int) -> LiveTable:
    """A started game whose seats are all (simulated) people."""
    host = user_id(channel, 0)
    table = await service.open_lobby(game, GUILD_ID, channel, host, "P1", config, seed=seed)
    for seat in range(1, players):
        await service.join(table.id, user_id(channel, seat), f"P{seat + 1}")
    await service.start(table.id, host)
    return table


def choose(table: LiveTable, rng: random.Random) -> tuple[int, BaseModel]:
    """The simulated player's move: the seat to act, and what the engine's AI picks."""
    seat = table.to_act()[0]
    return seat, table.engine.ai_action(table.state, seat, rng)
