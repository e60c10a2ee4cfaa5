"""Serving the metrics (``METRICS_PORT``; docs/operations.md, "Metrics"):
``GET /metrics`` in Prometheus's text format on a port of its own, bound to
``METRICS_HOST`` (127.0.0.1 by default), and the sampler of the event loop's
lag. Without ``METRICS_PORT`` nothing is built, nothing listens and the
seams in ``tables.metrics`` count nothing."""
from __future__ import annotations

import asyncio
import contextlib
import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from app.settings import Settings
from app.startup import StartFailure
from tables import metrics

log = logging.getLogger("tabletop")

LAG_INTERVAL = 0.5  # seconds the sampler sleeps; it records how much later it woke


async def sample_loop_lag(interval: float = LAG_INTERVAL) -> None:
    """Forever: sleep ``interval`` and record how late the loop woke us (a
    loop busy with one long step delays every table by as much)."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(interval)
        metrics.loop_lag(loop.time() - before - interval)


class MetricsServer:
    def __init__(self, counted: metrics.Metrics, host: str, port: int) -> None:
        self.metrics = counted
        self.host = host
        self.port = port
        self.runner: web.AppRunner | None = None
        self.sampler: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/metrics"

    async def scrape(self, request: web.Request) -> web.Response:
        body = await asyncio.to_thread(generate_latest, self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self.scrape)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        try:
            await web.TCPSite(self.runner, self.host, self.port).start()
        except OSError as error:
            await self.runner.cleanup()
            self.runner = None
            raise StartFailure(f"cannot serve metrics on {self.host}:{self.port} "
                               f"({error.strerror or error}); set METRICS_PORT to a free port.", status=2) from None
        if self.port == 0 and self.runner.addresses:  # a free port the system chose (tests)
            self.port = int(self.runner.addresses[0][1])
        self.sampler = asyncio.create_task(sample_loop_lag(), name="metrics-loop-lag")
        log.info("metrics at %s", self.url)

    async def stop(self) -> None:
        if self.sampler is not None:
            self.sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sampler
            self.sampler = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        if metrics.current() is self.metrics:
            metrics.disable()


def metrics_server(settings: Settings) -> MetricsServer | None:
    """With ``METRICS_PORT``: start counting and return the server to start; else None."""
    if settings.metrics_port is None:
        return None
    return MetricsServer(metrics.enable(), settings.metrics_host, settings.metrics_port)
