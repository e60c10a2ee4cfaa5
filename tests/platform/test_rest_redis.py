"""The fleet's window on a real Redis (app/rest_redis.py, the ``limits``
library's moving window): two clients of one key share its slots, another
token's key is apart; a killed server is ``StoreUnavailable`` at once (the
budget then keeps to its share) and a restarted one is used again; the bot
and the web process build a shared budget from REST_REDIS_URL."""
from __future__ import annotations

import asyncio
import time

import pytest
from pydantic import ValidationError

from app.rest_budget import RestLimits
from app.rest_fleet import process_budget
from app.rest_redis import RedisWindow, token_key, where
from app.rest_shared import SharedGlobal, StoreUnavailable
from app.settings import Settings
from tests.support.redis_server import redis_server  # noqa: F401 - the fixture

LIMITS = RestLimits(global_requests=10, global_seconds=1.0)


async def test_two_clients_of_one_token_share_its_window_and_another_token_is_apart(redis_server):  # noqa: F811
    a = RedisWindow(redis_server.url, LIMITS, token_key("token-a"))
    b = RedisWindow(redis_server.url, LIMITS, token_key("token-a"))
    other = RedisWindow(redis_server.url, LIMITS, token_key("token-b"))
    try:
        started = time.time()
        taken = await asyncio.gather(*(window.hit() for _ in range(8) for window in (a, b)))
        assert sum(taken) == 10 and time.time() - started < 1.0  # one window for both
        assert await other.hit()  # another bot's window
        assert 0.0 < await a.free_in() <= 1.0
        await asyncio.sleep(await a.free_in() + 0.05)
        assert await b.hit()
    finally:
        for window in (a, b, other):
            await window.close()


async def test_a_killed_server_answers_unavailable_at_once_and_a_restarted_one_is_used_again(redis_server):  # noqa: F811
    window = RedisWindow(redis_server.url, LIMITS, token_key("token"))
    try:
        assert await window.hit()
        redis_server.stop()
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            await window.hit()
        assert time.monotonic() - started < 2.0  # refused, not waited for
        redis_server.start()
        assert await window.hit()  # the client reconnects by itself
    finally:
        await window.close()


def test_a_shared_budget_from_the_settings_and_none_without_a_url(redis_server):  # noqa: F811
    settings = Settings(discord_token="t", rest_redis_url=redis_server.url, rest_processes=3, _env_file=None)
    budget = process_budget(settings.discord_token, settings.rest_global_per_second, settings.rest_channel_requests,
                            settings.rest_channel_seconds, settings.rest_redis_url, settings.rest_processes)
    assert isinstance(budget.fleet, SharedGlobal) and budget.fleet.share == 45 // 3
    assert budget.fleet.where == f"127.0.0.1:{redis_server.port}"


def test_without_a_url_each_process_keeps_its_own_window_and_a_bad_url_is_refused():
    assert process_budget("t", 45, 5, 5.5).fleet is None
    with pytest.raises(ValidationError, match="Redis URL"):
        Settings(discord_token="t", rest_redis_url="http://cache:6379", _env_file=None)
    assert where("redis://:secret@cache:6380/1") == "cache:6380"  # never the password in a log line
    assert token_key("secret-token") == token_key("secret-token") and "secret" not in token_key("secret-token")
