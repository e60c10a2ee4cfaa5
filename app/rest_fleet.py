"""The REST budget one process runs with (``REST_*`` settings): its own
global window, or with ``REST_REDIS_URL`` the fleet's window in Redis
(``app.rest_shared``), whose client is imported only then."""
from __future__ import annotations

from app.rest_budget import RestBudget, RestLimits
from app.rest_shared import SharedGlobal


def process_budget(token: str, global_per_second: int, channel_requests: int, channel_seconds: float,
                   redis_url: str = "", processes: int = 1) -> RestBudget:
    """``processes``: how many processes share the token (the share each
    falls back to while Redis is away is ``global_per_second // processes``)."""
    limits = RestLimits(global_per_second, 1.0, channel_requests, channel_seconds)
    if not redis_url:
        return RestBudget(limits)
    from app.rest_redis import RedisWindow, token_key, where

    store = RedisWindow(redis_url, limits, token_key(token))
    return RestBudget(limits, fleet=SharedGlobal(store, limits, processes, where=where(redis_url)))
