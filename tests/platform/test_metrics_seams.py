"""The metrics' seams SimCord cannot reach (tables/metrics.py): discord.py's
real HTTP client counting every request and every 429 it retries (against a
local server playing Discord), worker pools replaced after a worker died,
the event loop's lag, and a fresh registry of our own per ``enable()``."""
from __future__ import annotations

import asyncio
import time
from json import dumps as json_text

import discord
import pytest
from aiohttp import web
from prometheus_client import REGISTRY

from app.metrics_server import sample_loop_lag
from app.rest_metrics import discord_trace
from tables import metrics
from tables.drawing import DrawingPool
from tables.thinking import ThinkingPool
from tests.platform.drawing_kit import NumberRenderer, NumberView
from tests.platform.thinking_kit import TallyEngine, TallyState
from tests.support.loopback import serve


@pytest.fixture
def counted():
    yield metrics.enable()
    metrics.disable()


def sample(counted: metrics.Metrics, name: str, **labels: str) -> float:
    return counted.registry.get_sample_value(name, labels) or 0.0


def json(body: dict, status: int = 200, **headers: str) -> web.Response:
    """As Discord answers: exactly ``application/json`` (discord.py compares it) and a ``Via``."""
    return web.Response(body=json_text(body).encode(), status=status,
                        headers={"Content-Type": "application/json", "Via": "1.1 google", **headers})


def discord_like_api() -> tuple[web.Application, list[str]]:
    """Discord's answers: the first channel request is rate limited once
    (a 429 with the headers discord.py trusts), an unknown guild is a 404."""
    seen: list[str] = []
    limited = [True]  # emptied by the first channel request

    async def answer(request: web.Request) -> web.Response:
        seen.append(request.path)
        if request.path.endswith("/users/@me"):
            return json({"id": "1", "username": "bot", "discriminator": "0", "avatar": None})
        if "/channels/" in request.path and limited:
            limited.clear()
            return json({"message": "You are being rate limited.", "retry_after": 0.01, "global": False},
                        429, **{"X-RateLimit-Scope": "user"})
        if "/guilds/" in request.path:
            return json({"message": "Unknown Guild", "code": 10004}, 404)
        return json({"id": "5", "type": 0})

    app = web.Application()
    app.router.add_route("*", "/api/v10/{tail:.*}", answer)
    return app, seen


async def test_every_request_to_discord_and_every_429_it_retries_are_counted(counted, monkeypatch):
    app, seen = discord_like_api()
    async with serve(app) as base:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{base}/api/v10")
        http = discord.http.HTTPClient(asyncio.get_running_loop(), http_trace=discord_trace())
        try:
            await http.static_login("test-token")
            channel = await http.get_channel(5)  # a 429 first: discord.py waits and retries
            with pytest.raises(discord.NotFound):
                await http.get_guild(7)
        finally:
            await http.close()
    assert channel["id"] == "5"
    assert len(seen) == 4  # /users/@me, the channel twice, the guild
    assert sample(counted, "tabletop_rest_requests_total", status="2xx") == 2
    assert sample(counted, "tabletop_rest_requests_total", status="429") == 1
    assert sample(counted, "tabletop_rest_requests_total", status="4xx") == 1
    assert sample(counted, "tabletop_rest_rate_limited_total", scope="user") == 1


async def test_a_refused_connection_counts_as_an_error(counted, monkeypatch):
    app, _ = discord_like_api()
    async with serve(app) as base:
        pass  # the port is closed again: nothing answers there
    monkeypatch.setattr(discord.http.Route, "BASE", f"{base}/api/v10")
    http = discord.http.HTTPClient(asyncio.get_running_loop(), http_trace=discord_trace())
    try:
        with pytest.raises(OSError):
            await http.static_login("test-token")
    finally:
        await http.close()
    assert sample(counted, "tabletop_rest_requests_total", status="error") == 1


async def test_a_drawing_pool_replaced_after_a_worker_died_is_counted(counted, tmp_path):
    marker = tmp_path / "crash-once"
    marker.write_text("x")
    pool = DrawingPool(1)
    try:
        await pool.draw(NumberRenderer(), "board", NumberView(number=5, crash_marker=str(marker)), "en")
    finally:
        await pool.shutdown()
    assert not marker.exists() and pool.restarts == 1
    assert sample(counted, "tabletop_pool_restarts_total", pool="drawing") == 1
    assert sample(counted, "tabletop_pool_restarts_total", pool="thinking") == 0


async def test_a_thinking_pool_replaced_after_a_worker_died_is_counted(counted, tmp_path):
    marker = tmp_path / "crash-once"
    marker.write_text("x")
    pool = ThinkingPool(1)
    try:
        await pool.choose(TallyEngine(), TallyState(number=5, crash_marker=str(marker)), 1, "normal", "s5")
    finally:
        await pool.shutdown()
    assert not marker.exists() and pool.restarts == 1
    assert sample(counted, "tabletop_pool_restarts_total", pool="thinking") == 1


async def test_the_sampler_records_how_long_a_blocked_loop_kept_it_waiting(counted):
    sampler = asyncio.create_task(sample_loop_lag(interval=0.01))
    await asyncio.sleep(0.05)  # a few samples of an idle loop
    idle = sample(counted, "tabletop_event_loop_lag_seconds_count")
    time.sleep(0.2)  # the loop is blocked: the sampler's wake-up is late by about as much
    await asyncio.sleep(0.05)
    sampler.cancel()
    assert idle > 0
    assert sample(counted, "tabletop_event_loop_lag_seconds_sum") >= 0.15
    assert sample(counted, "tabletop_event_loop_lag_seconds_bucket", le="+Inf") > idle


def test_each_enable_counts_from_zero_in_a_registry_of_its_own():
    first = metrics.enable()
    metrics.action("setup", by_ai=False)
    second = metrics.enable()
    metrics.action("setup", by_ai=True)
    metrics.disable()
    metrics.action("setup", by_ai=True)  # off: counted nowhere
    assert first.registry is not second.registry and first.registry is not REGISTRY
    assert sample(first, "tabletop_actions_total", game="setup", by="player") == 1
    assert sample(second, "tabletop_actions_total", game="setup", by="player") == 0
    assert sample(second, "tabletop_actions_total", game="setup", by="ai") == 1
    assert REGISTRY.get_sample_value("tabletop_actions_total", {"game": "setup", "by": "ai"}) is None


def test_a_refusal_label_is_the_catalogue_key_and_nothing_else():
    assert metrics.refusal_key("setup.err.tile_not_available") == "setup.err.tile_not_available"
    assert metrics.refusal_key("setup.err.bad {'tile': 'R5'}") == "other"
    assert metrics.refusal_key("<@1234>") == "other"
