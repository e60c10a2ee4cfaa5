"""The fleet's global REST window on Redis (``REST_REDIS_URL``), kept by the
``limits`` library: its moving window is a sliding log of send times in one
Redis list, checked and appended by one Lua script, so processes taking slots
at the same moment never pass the limit together.

The send times are the processes' wall clocks (``time.time()``): processes on
several machines need their clocks kept in step (NTP), as any server does."""
from __future__ import annotations

import hashlib
import time
from urllib.parse import urlsplit

import redis.asyncio
from limits import RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from app.rest_budget import RestLimits
from app.rest_shared import StoreUnavailable

TIMEOUT_SECONDS = 0.5  # a store slower than this counts as away (the share applies)
SCHEMES = {"redis": "async+redis", "rediss": "async+rediss", "unix": "async+redis+unix"}


def where(url: str) -> str:
    """The store's host and port for a log line (no password, no database)."""
    parts = urlsplit(url)
    return parts.path if parts.scheme == "unix" else f"{parts.hostname}:{parts.port or 6379}"


def token_key(token: str) -> str:
    """The window's name for one bot token: a hash, never the token."""
    return "tabletop-rest-" + hashlib.sha256(token.encode()).hexdigest()[:16]


class RedisWindow:
    """``app.rest_shared.SharedWindow`` on Redis."""

    def __init__(self, url: str, limits: RestLimits, key: str, timeout: float = TIMEOUT_SECONDS) -> None:
        scheme = urlsplit(url).scheme
        if scheme not in SCHEMES or int(limits.global_seconds) != limits.global_seconds:
            raise ValueError("REST_REDIS_URL must be redis://, rediss:// or unix://, the window whole seconds")
        # No retries inside the client: a store that does not answer at once is away, and the budget's
        # fallback (its share, asked again every few seconds) is the retry.
        self.client = redis.asyncio.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                                   retry=Retry(NoBackoff(), 0))
        storage = RedisStorage(SCHEMES[scheme] + url[len(scheme):], implementation="redispy", wrap_exceptions=True,
                               connection_pool=self.client.connection_pool)  # type: ignore[arg-type]  # limits types its options too narrowly
        self.limiter = MovingWindowRateLimiter(storage)
        self.item = RateLimitItemPerSecond(limits.global_requests, int(limits.global_seconds))
        self.key = key

    async def hit(self) -> bool:
        try:
            return await self.limiter.hit(self.item, self.key)
        except (StorageError, redis.RedisError) as error:
            raise StoreUnavailable(type(error).__name__) from error

    async def free_in(self) -> float:
        try:
            stats = await self.limiter.get_window_stats(self.item, self.key)
        except (StorageError, redis.RedisError) as error:
            raise StoreUnavailable(type(error).__name__) from error
        return max(0.0, stats.reset_time - time.time())

    async def close(self) -> None:
        await self.client.aclose()

