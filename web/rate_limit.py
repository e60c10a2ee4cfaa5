"""Requests per session: a token bucket each (``rate`` a second, bursts of
``burst``). A request over the limit is answered 429 and changes nothing."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from render.lru import LruCache

MAX_BUCKETS = 10_000  # the least recently used are forgotten (a full bucket again)


@dataclass
class Bucket:
    tokens: float
    at: float


class RateLimiter:
    def __init__(self, rate: float = 10.0, burst: float = 20.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: LruCache[str, Bucket] = LruCache(MAX_BUCKETS)

    def allow(self, key: str) -> bool:
        """Take one token from ``key``'s bucket; False when it is empty."""
        now = self.clock()
        bucket = self._buckets.lookup(key) or Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self._buckets.put(key, bucket)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True
