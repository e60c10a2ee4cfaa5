"""Counting the bot's HTTP requests to Discord and Discord's 429s
(``tabletop_rest_requests``, ``tabletop_rest_rate_limited``).

The seam is aiohttp's ``TraceConfig`` on discord.py's one HTTP session
(``discord.Client(http_trace=…)``): it sees every attempt, the ones
discord.py retries after a 429 included, and the interaction responses and
follow-ups that go through the webhook adapter on the same session — which
a wrapper of ``HTTPClient.request`` (``app/rest_budget.py``'s seam) would
miss. Only requests to Discord's API count: not the gateway's websocket,
not the CDN."""
from __future__ import annotations

from types import SimpleNamespace

import aiohttp

from tables import metrics

API_PREFIX = "/api/"


async def on_request_end(session: aiohttp.ClientSession, context: SimpleNamespace,
                         params: aiohttp.TraceRequestEndParams) -> None:
    if params.url.path.startswith(API_PREFIX):
        metrics.rest_response(params.response.status, params.response.headers.get("X-RateLimit-Scope"))


async def on_request_exception(session: aiohttp.ClientSession, context: SimpleNamespace,
                               params: aiohttp.TraceRequestExceptionParams) -> None:
    if params.url.path.startswith(API_PREFIX):
        metrics.rest_response(None)


def discord_trace() -> aiohttp.TraceConfig:
    """A ``TraceConfig`` for ``discord.Client(http_trace=…)`` that counts each request's answer."""
    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    trace.on_request_exception.append(on_request_exception)
    return trace
