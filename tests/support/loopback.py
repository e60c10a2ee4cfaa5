"""Serve an aiohttp app on a free loopback port for the length of a test."""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web


@asynccontextmanager
async def serve(app: web.Application) -> AsyncIterator[str]:
    """``async with serve(app) as base_url:`` → ``http://127.0.0.1:<port>``."""
    # A page still holding a WebSocket would keep the clean-up waiting for a
    # minute (aiohttp's default); an app should close its sockets on_shutdown.
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()
