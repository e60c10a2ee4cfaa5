"""Serving the web app on a host and port, beside the bot or alone (local
play): ``WebServer.start()`` / ``stop()``."""
from __future__ import annotations

from aiohttp import web


class WebServer:
    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self.runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    async def start(self) -> None:
        self.runner = web.AppRunner(self.app, access_log=None)  # no access log: URLs are all it would add
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        await site.start()
        if self.port == 0 and self.runner.addresses:  # a free port the system chose (tests)
            self.port = int(self.runner.addresses[0][1])

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
