"""``tabletop web`` (``python bot.py web``): the web board as a process of
its own beside the bot's processes on one PostgreSQL database — no Discord
gateway. It holds every live table, commits the moves its pages make and
hears every other process's changes on the change bus (``tables/bus.py``).
It arms no timers and plays no AI seats: the bot process owning a game's
server does, when it hears of the move (docs/web.md, "Several processes").
With ``DISCORD_TOKEN`` it asks Discord's HTTP API who may watch a channel's
tables (``web.rest_viewers``); without, a session sees only tables where it sits.
"""
from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable

from app.discord_rest import DiscordRestClient, rest_viewers
from app.gc_tuning import tune_collector
from app.metrics_server import metrics_server
from app.rest_fleet import process_budget
from app.settings import Settings
from app.startup import StartFailure, open_db
from db.database import Database
from db.fronts import DISCORD
from tables.bus import TableBus
from tables.drawing import DrawingPool
from tables.registry import GameRegistry, default_registry
from tables.service import TableService
from web.app import create_app
from web.discord_oauth import oauth_client
from web.notifier import WebNotifier
from web.rest_viewers import RestViewers
from web.server import WebServer

log = logging.getLogger("tabletop")
WEB_PROCESS_PORT = 8080
SQLITE_REFUSAL = ("`tabletop web` needs the PostgreSQL database the bot's processes share (DATABASE_URL="
                  "postgresql://…); on SQLite one process owns the database: set WEB_PORT and the bot "
                  "serves the web board itself.")


def require_postgres(db: Database) -> None:
    if db.dialect != "postgresql":
        raise StartFailure(SQLITE_REFUSAL, status=2)


def front_only(service: TableService) -> TableService:
    """A table service that commits its pages' moves and nothing after them:
    no timers, no AI seats, no finishing or resuming (the owning bot's)."""
    service.timers.armed = False
    service.games.front = DISCORD  # Discord sessions only: local-play tables wait for local play
    service.changes.follows_up = False
    service.games.deadline_of = service.timers.next_deadline  # the sweepers still see when a turn is due
    return service


def web_service(db: Database, registry: GameRegistry, notifier: WebNotifier) -> TableService:
    return front_only(TableService(db, registry, notifier))


async def check(db: Database) -> None:
    """``tabletop web --check``: PostgreSQL, and it opens (and migrates)."""
    require_postgres(db)
    await open_db(db)
    await db.close()


async def serve_web(settings: Settings, db: Database, ready: Callable[[str], None] = print) -> None:
    """Serve until SIGINT or SIGTERM; ``ready`` gets one line with the address."""
    require_postgres(db)
    registry = default_registry()
    metrics = metrics_server(settings)  # METRICS_PORT: counting starts before the tables exist
    notifier = WebNotifier()
    service = web_service(db, registry, notifier)
    drawing = DrawingPool(settings.render_processes)
    bus = TableBus(service, holds_every_table=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await open_db(db)
    server: WebServer | None = None
    rest: DiscordRestClient | None = None
    try:
        viewers: RestViewers | None = None
        if settings.discord_token:
            budget = process_budget(settings.discord_token, settings.rest_global_per_second,
                                    settings.rest_channel_requests, settings.rest_channel_seconds,
                                    settings.rest_redis_url, settings.rest_processes) if settings.rest_budget else None
            viewers, rest = await rest_viewers(settings.discord_token, counted=metrics is not None, budget=budget)
        drawing.start(registry=registry)
        await bus.listen()  # before restoring, taken after: a change made meanwhile is not missed
        restored = await service.restore()
        bus.take_changes()
        tune_collector(settings.gc_tuning)
        app = create_app(service, notifier, local=False, secret=settings.web_secret or None, drawing=drawing,
                         oauth=oauth_client(settings.discord_client_id, settings.discord_client_secret),
                         viewers=viewers)
        port = WEB_PROCESS_PORT if settings.web_port is None else settings.web_port
        server = WebServer(app, settings.web_host, port)
        try:
            await server.start()
        except OSError as error:
            raise StartFailure(f"cannot serve the web board on {settings.web_host}:{port} "
                               f"({error.strerror or error}); set WEB_PORT to a free port.", status=2) from None
        log.info("web process: %d live tables; spectators: %s", restored,
                 "asked of Discord's HTTP API" if viewers is not None
                 else "none (no DISCORD_TOKEN: a session sees only tables where it sits)")
        if metrics is not None:
            await metrics.start()
        ready(f"Tabletop web board: {server.url}")
        await stop.wait()
    finally:
        if server is not None:
            await server.stop()
        await bus.stop()
        await service.shutdown()
        await drawing.shutdown()
        if rest is not None:
            await rest.close()
        await db.close()
        if metrics is not None:
            await metrics.stop()
