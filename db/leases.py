"""Identify pacing shared by every process of a sharded bot: Discord allows
``max_concurrency`` IDENTIFYs per 5 seconds, one per rate-limit bucket
(``shard_id % max_concurrency``). A bucket is a row in ``identify_leases``
that one process holds at a time."""
from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

from db.database import Database

IDENTIFY_WINDOW_SECONDS = 5.0
MARGIN_SECONDS = 0.5  # clocks of different machines are never exactly equal


class IdentifyLeases:
    def __init__(self, db: Database, holder: str, *, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.db = db
        self.holder = holder
        self.clock = clock
        self.sleep = sleep

    async def try_acquire(self, bucket: int, hold: float = IDENTIFY_WINDOW_SECONDS + MARGIN_SECONDS) -> float | None:
        """Take the bucket until now + ``hold`` if it is free: None; else the
        time at which its current lease ends."""
        now = self.clock()
        async with self.db.transaction() as conn:
            await conn.execute("INSERT INTO identify_leases (bucket, holder, until) VALUES (?, '', 0) "
                               "ON CONFLICT (bucket) DO NOTHING", (bucket,))
            taken = await conn.execute(
                "UPDATE identify_leases SET holder = ?, until = ? WHERE bucket = ? AND until <= ?",
                (self.holder, now + hold, bucket, now))
            if taken:
                return None
            return float(await conn.fetchval("SELECT until FROM identify_leases WHERE bucket = ?", (bucket,)))

    async def acquire(self, bucket: int) -> None:
        """Wait until this process may IDENTIFY on ``bucket``."""
        while (busy_until := await self.try_acquire(bucket)) is not None:
            await self.sleep(max(0.05, busy_until - self.clock()))
