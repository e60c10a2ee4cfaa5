"""The Activity in Chromium at 400×860: the page signs in through Discord's
own DiscordSDKMock (the SDK's stand-in for the Discord client, switched on
by the test server only), the OAuth2 exchange answered by a fake Discord,
finds its channel's table and plays a whole CUBED game by tapping — with a
bearer token and a socket ticket, never a cookie."""
from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from playwright.async_api import Page, Route, expect

from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from tests.browser.live_board import finish_by_the_service, play, settled
from tests.support.activity import CHANNEL, GUILD, Viewers, discord_table, fake_oauth
from tests.support.browser import shoot, tofu_fonts
from tests.support.loopback import serve
from web import activity_routes
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

ADA = 80351110224678912
MOCK_CODE = "mock_code"  # what DiscordSDKMock's authorize() answers


def require_bundle() -> None:
    if activity_routes.BUNDLE.is_file():
        return
    reason = "the Activity's bundle is not built: cd web/activity && npm ci && npm run build"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI runs the Activity's browser test, but {reason}", pytrace=False)
    pytest.skip(reason)


@asynccontextmanager
async def activity_server(database_url: str, locale: str = "en-US", mock: bool = True,
                          codes: dict[str, tuple[int, str, str]] | None = None,
                          allowed: set[tuple[int, int]] | None = None) -> AsyncIterator[tuple[str, TableService]]:
    """``codes``: the users Discord's code exchange answers (default: Ada for the mock's
    code); ``allowed``: (user, channel) pairs the bot lets view a channel."""
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    service.new_seed = lambda: 7
    app = create_app(service, notifier, local=False, secret="test-secret", limiter=RateLimiter(rate=1e9, burst=1e9),
                     oauth=fake_oauth(codes or {MOCK_CODE: (ADA, "Ada", locale)}), viewers=Viewers(allowed),
                     activity_mock=mock)
    try:
        async with serve(app) as base_url:
            yield base_url, service
    finally:
        await service.shutdown()
        await db.close()


async def without_cookie(route: Route) -> None:
    """Discord's iframe is a third-party frame: the session's cookie never
    arrives there, so the page must get by with its bearer token."""
    request = route.request  # passed on outside the browser, whose cookie jar would keep the cookie
    async with aiohttp.ClientSession() as client:
        async with client.post(request.url, data=request.post_data_buffer, headers=request.headers) as answer:
            body = await answer.read()
            status, kind = answer.status, answer.headers.get("Content-Type", "application/json")
    await route.fulfill(status=status, body=body, content_type=kind)


async def open_activity(page: Page, base_url: str, channel: int = CHANNEL, found: bool = True) -> None:
    await page.route("**/api/discord/session", without_cookie)
    await page.goto(f"{base_url}/activity?channel_id={channel}&guild_id={GUILD}")
    if found:
        await page.wait_for_function("() => document.body.dataset.table !== undefined")


async def test_the_activity_signs_in_and_plays_its_channels_game_by_tapping(database_url, open_page):
    require_bundle()
    page = await open_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda socket: urls.append(socket.url))
    async with activity_server(database_url) as (base_url, service):
        table_id = await discord_table(service, ADA, "Ada", "cubed", {"rounds": 1})
        await open_activity(page, base_url)
        data = await settled(page)
        assert data["table_id"] == table_id and data["seats"][0]["yours"] and data["seats"][0]["name"] == "Ada"
        await expect(page.locator("#live")).to_have_text("Live")  # the socket opened with its ticket
        assert await page.context.cookies() == []  # everything went by the bearer token and a ticket
        assert await page.locator('header a[href="/"]').is_hidden()  # no local play inside Discord
        await expect(page.locator("#board")).to_have_attribute("src", re.compile("^blob:"))
        await page.wait_for_function("() => [board, hand].every(img => img.complete && img.naturalWidth > 0)")
        assert await page.evaluate("[board, hand].map(img => img.complete && img.naturalWidth)") == [
            data["board"]["width"], data["hand"]["width"]]  # the pictures, fetched with the bearer token
        await shoot(page, "activity-cubed-start")
        data, first = await play(page, moves=3)
        await shoot(page, "activity-cubed-middle")
        data, rest = await play(page, moves=1)
        # The rest through the table service, the page following to the end: tapping a whole game in the
        # Activity is test_activity_whole_game.py's.
        await finish_by_the_service(service, table_id)
        await page.wait_for_function("() => Tabletop.shown && Tabletop.shown.status !== 'playing'")
        data = await settled(page)
        await shoot(page, "activity-cubed-end", full_page=True)
        assert data["status"] == "finished" and len(first + rest) > 3
        token = await page.evaluate("Tabletop.token")
        sockets = [url for url in urls if url.startswith("ws")]
        assert token and sockets and all("?ticket=" in url for url in sockets)
        assert not any(token in url or token.rsplit(".", 1)[1] in url for url in urls)  # never in a URL
        assert service.get(table_id) is None or service.get(table_id).record.status == "finished"


async def test_an_empty_channel_says_how_to_start_a_game(database_url, open_page):
    require_bundle()
    page = await open_page("zh-CN")
    async with activity_server(database_url, locale="zh-CN") as (base_url, service):
        await discord_table(service, ADA, "Ada", channel=CHANNEL + 1)  # a game elsewhere
        await open_activity(page, base_url, found=False)
        status = page.locator("#activity-status")
        await expect(status).to_have_text("你看不到这个频道的游戏：只有频道成员才能看到。")
        await shoot(page, "activity-not-in-channel-zh-CN")
        await open_activity(page, base_url, CHANNEL + 1)  # Ada's own game: she sits there
        data = await settled(page)
        await expect(page.locator("#turn")).to_have_text("轮到你了。")
        assert data["locale"] == "zh-CN" and not await tofu_fonts(page, "#turn", "zh-cn")
        await shoot(page, "activity-zh-CN-table")


async def test_without_the_bundle_or_outside_discord_the_page_says_so(database_url, open_page, monkeypatch):
    page = await open_page()
    async with activity_server(database_url, mock=False) as (base_url, _service):
        await page.goto(f"{base_url}/activity")
        if activity_routes.BUNDLE.is_file():
            await expect(page.locator("#activity-status")).to_have_text(
                "This page is the board inside Discord. Open it with the Open board button under a game's board "
                "in Discord.")
        monkeypatch.setattr(activity_routes, "BUNDLE", Path("/nonexistent/activity.js"))
        await page.goto(f"{base_url}/?frame_id=f&instance_id=i&channel_id={CHANNEL}")
        await expect(page.locator("#activity-status")).to_contain_text("The Activity's client is not built")
        await expect(page.locator("#table")).to_be_hidden()
        await shoot(page, "activity-not-built")
