"""Sessions, the rate limit and the Discord code exchange (with a fake
Discord: no network in tests)."""
from __future__ import annotations

import hashlib

import pytest

from tests.webboard.kit import local_player, new_table, table_json, web_front
from web.discord_oauth import OAuthClient, OAuthFailed
from web.rate_limit import RateLimiter
from web.sessions import MAX_AGE_SECONDS, SALT, SessionKeeper


def test_a_cookie_is_ours_only_when_signed_fresh_and_not_ended():
    now = [1000.0]
    keeper = SessionKeeper("s3cret", clock=lambda: now[0], max_age=60)
    session, cookie = keeper.new(-32, "Ada", "en", "local")
    assert keeper.read(cookie) == session and "s3cret" not in cookie and "s3cret" not in repr(keeper)
    assert SessionKeeper("other").read(cookie) is None
    assert keeper.read(cookie.replace(".", ".0", 1)) is None and keeper.read(None) is None
    assert session.owns(-32) and session.owns(-47) and not session.owns(-48) and not session.owns(-31)
    now[0] += 61
    assert keeper.read(cookie) is None
    now[0] -= 61
    keeper.end(session)
    assert keeper.read(cookie) is None


def test_a_cookie_expires_after_its_age_and_is_refused_from_the_future():
    now = [1_000_000.0]
    keeper = SessionKeeper("s3cret", clock=lambda: now[0], max_age=60)
    session, cookie = keeper.new(5, "Nelly", "zh-CN", "discord")
    now[0] += 60
    assert keeper.read(cookie) == session  # exactly the age: still good
    now[0] += 1
    assert keeper.read(cookie) is None  # one second more: expired
    now[0] -= 62
    assert keeper.read(cookie) is None  # signed "later" than now: refused, not trusted
    now[0] += 1
    assert keeper.read(cookie) == session
    # A keeper with the default age keeps it 30 days, and not a second more.
    days = SessionKeeper("s3cret", clock=lambda: now[0])
    assert days.read(cookie) == session
    now[0] += MAX_AGE_SECONDS + 1
    assert days.read(cookie) is None


def test_a_signed_value_that_is_not_a_session_is_refused():
    from itsdangerous import URLSafeTimedSerializer

    keeper = SessionKeeper("s3cret")
    other_use = URLSafeTimedSerializer("s3cret", salt="something else").dumps({"sid": "x"})
    assert keeper.read(other_use) is None  # the same secret, another salt
    _, cookie = keeper.new(-16, "Ada", "en", "local")
    for bad in ("", ".", "..", "a.b.c", cookie[:-1], cookie + "x" * 1100, "é" + cookie, cookie.replace(".", "", 1)):
        assert keeper.read(bad) is None, bad
    # well signed under our own key and salt, but not a session's fields
    ours = URLSafeTimedSerializer("s3cret", salt=SALT, signer_kwargs={"digest_method": hashlib.sha256})
    assert keeper.read(ours.dumps({"sid": "x"})) is None and keeper.read(ours.dumps([1, 2])) is None


def test_the_token_bucket_allows_a_burst_then_the_rate():
    now = [0.0]
    limiter = RateLimiter(rate=10, burst=20, clock=lambda: now[0])
    assert all(limiter.allow("a") for _ in range(20)) and not limiter.allow("a")
    assert limiter.allow("b")
    now[0] += 0.1
    assert limiter.allow("a") and not limiter.allow("a")


async def test_over_the_limit_a_request_is_429_and_changes_nothing(database_url):
    now = [0.0]
    async with web_front(database_url, limiter=RateLimiter(rate=10, burst=20, clock=lambda: now[0])) as front:
        ada = await local_player(front, "Ada", "zh-CN")
        table_id = await new_table(ada, "setup")
        data = await table_json(ada, table_id)
        for _ in range(18):  # with the table and its first look: 20, the burst
            await ada.get(f"/api/tables/{table_id}")
        refused = await ada.post(f"/api/tables/{table_id}/actions",
                                 json={"action": data["moves"][0]["action"], "version": data["version"]})
        assert refused.status == 429
        assert (await refused.json()) == {"error": "web.err.slow_down", "message": "请求太多了。请稍等片刻再试。"}
        assert front.service.get(table_id).record.version == data["version"]
        now[0] += 1
        assert (await ada.get(f"/api/tables/{table_id}")).status == 200
        await ada.close()


class FakeDiscord:
    def __init__(self, token_status: int = 200, user_status: int = 200) -> None:
        self.calls: list[tuple[str, str, dict | None, dict]] = []
        self.token_status = token_status
        self.user_status = user_status

    async def __call__(self, method, url, form, headers):
        self.calls.append((method, url, form, headers))
        if url.endswith("/oauth2/token"):
            return self.token_status, {"access_token": "tok-123", "token_type": "Bearer"}
        return self.user_status, {"id": "80351110224678912", "username": "nelly", "global_name": "Nelly",
                                  "locale": "zh-TW"}


async def test_the_code_exchange_finds_the_user():
    fake = FakeDiscord()
    user = await OAuthClient("app-id", "app-secret", fake).exchange("the-code")
    assert (user.id, user.name, user.locale, user.access_token) == (80351110224678912, "Nelly", "zh-TW", "tok-123")
    (method, url, form, _), (method2, url2, _, headers2) = fake.calls
    assert method == "POST" and url.endswith("/oauth2/token") and form["code"] == "the-code"
    assert form["client_secret"] == "app-secret" and form["grant_type"] == "authorization_code"
    assert method2 == "GET" and url2.endswith("/users/@me") and headers2["Authorization"] == "Bearer tok-123"
    assert "app-secret" not in repr(OAuthClient("app-id", "app-secret")) and "tok-123" not in repr(user)


@pytest.mark.parametrize(("token", "user", "step"), [(401, 200, "token"), (200, 500, "user")])
async def test_a_refused_exchange_names_only_its_step(token, user, step):
    with pytest.raises(OAuthFailed) as failed:
        await OAuthClient("app-id", "app-secret", FakeDiscord(token, user)).exchange("the-code")
    assert failed.value.step == step and "the-code" not in str(failed.value) and "secret" not in str(failed.value)


async def test_the_limit_still_stops_a_flood_of_pictures(database_url):
    """A page asks far less than the limit (tests/browser/test_page_traffic.py); a flood still meets it."""
    import asyncio

    now = [0.0]
    async with web_front(database_url, limiter=RateLimiter(rate=10, burst=20, clock=lambda: now[0])) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed")
        data = await table_json(ada, table_id)
        answers = await asyncio.gather(*(ada.get(data["board"]["png"]) for _ in range(40)))
        statuses = sorted(answer.status for answer in answers)
        assert statuses.count(200) == 18 and statuses.count(429) == 22  # the session's burst of 20, less 2 made
        now[0] += 1
        assert (await ada.get(data["hand"]["png"])).status == 200
        await ada.close()
