"""Local play, the embedded default: with no DISCORD_TOKEN the main command
serves the web board on 127.0.0.1 (WEB_PORT, default ``LOCAL_PORT``) over
the database, the games and the table service — no Discord at all — and
says where in one line."""
from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable

from app.gc_tuning import tune_collector
from app.metrics_server import metrics_server
from app.settings import Settings
from app.startup import StartFailure, open_db
from db.database import Database
from db.fronts import LOCAL
from tables.drawing import DrawingPool
from tables.registry import default_registry
from tables.service import TableService
from tables.thinking import ThinkingPool
from web.app import create_app
from web.discord_oauth import oauth_client
from web.notifier import WebNotifier
from web.server import WebServer

log = logging.getLogger("tabletop")
LOCAL_PORT = 8080
# After the address on the one line (contract: the line starts "Tabletop local play: <address>").
DISCORD_HINT = "(no DISCORD_TOKEN; to run the Discord bot instead, set DISCORD_TOKEN in .env, see .env.example)"


def ready_line(url: str) -> str:
    """The one line local play prints: the address first, then how to run the Discord bot instead."""
    return f"Tabletop local play: {url} {DISCORD_HINT}"


async def serve_locally(settings: Settings, db: Database, ready: Callable[[str], None] = print) -> None:
    """Open the database, restore live games and serve until SIGINT or
    SIGTERM; ``ready`` gets the one line with the address (``ready_line``)."""
    registry = default_registry()
    metrics = metrics_server(settings)  # METRICS_PORT: counting starts before the tables exist
    notifier = WebNotifier()
    service = TableService(db, registry, notifier, thinking=ThinkingPool(settings.ai_processes))
    service.games.front = LOCAL  # a Discord table's timers would move it without Discord being told
    drawing = DrawingPool(settings.render_processes)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await open_db(db)
    server: WebServer | None = None
    try:
        service.thinking.start(registry=registry)
        drawing.start(registry=registry)
        await service.restore()
        tune_collector(settings.gc_tuning)
        app = create_app(service, notifier, local=True, secret=settings.web_secret or None, drawing=drawing,
                         oauth=oauth_client(settings.discord_client_id, settings.discord_client_secret))
        port = LOCAL_PORT if settings.web_port is None else settings.web_port
        server = WebServer(app, "127.0.0.1", port)
        try:
            await server.start()
        except OSError as error:
            raise StartFailure(f"cannot serve local play on 127.0.0.1:{port} ({error.strerror or error}); "
                               "set WEB_PORT to a free port.", status=2) from None
        if metrics is not None:
            await metrics.start()
        ready(ready_line(server.url))
        await stop.wait()
    finally:
        if server is not None:
            await server.stop()
        await service.shutdown()
        await drawing.shutdown()
        await db.close()
        if metrics is not None:
            await metrics.stop()
