"""A channel's whole game inside the Activity (issue 35, item 4), in Chromium
at phone size with DiscordSDKMock: from an empty channel, Ada opens a CUBED
lobby; Bo and Cy open the Activity and find it; Bo joins and Cy (watching)
sees the seat fill live; Ada sets hints on and Bo to start (Bo's controls
are read only); Start; the two play it out by tapping, Bo asks for a hint;
after the end, Ada's review, and Bo's rematch, which every page follows."""
from __future__ import annotations

import json

import aiohttp
import pytest
from playwright.async_api import Page, Route, expect

from tests.browser.live_board import finish_by_the_service, first_tappable, tap_move
from tests.browser.test_activity import activity_server, require_bundle
from tests.support.activity import CHANNEL, GUILD
from tests.support.browser import shoot

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914
USERS = {"code-ada": (ADA, "Ada"), "code-bo": (BO, "Bo"), "code-cy": (CY, "Cy")}
WORDS = {
    "en": {"open": "Open a CUBED lobby", "join": "Join", "start": "Start", "rematch": "🔁 Rematch"},
    "zh-CN": {"open": "开一个 CUBED 立方骨牌 大厅", "join": "加入", "start": "开始", "rematch": "🔁 再来一局"},
}

# English plays the whole game by tapping. Chinese taps the first two moves (Bo's with the hint in
# Chinese, then Ada's) and the table service plays the rest: tapping a whole CUBED game in Chinese is
# tests/browser/test_live_board_chinese.py's, and the words after the game (review, rematch) are still
# checked here in Chinese.
TAPPED: dict[str, int | None] = {"en": None, "zh-CN": 2}


def signing_in_as(code: str):
    """The Activity's sign-in with ``code`` instead of the mock's own (one user a
    page), and without the cookie Discord's iframe would never send."""
    async def handle(route: Route) -> None:
        request = route.request
        headers = {k: v for k, v in request.headers.items() if k.lower() != "content-length"}
        async with aiohttp.ClientSession() as client:
            async with client.post(request.url, data=json.dumps({"code": code}), headers=headers) as answer:
                body, status = await answer.read(), answer.status
        await route.fulfill(status=status, body=body, content_type="application/json")
    return handle


async def open_activity(page: Page, base_url: str, code: str) -> None:
    await page.route("**/api/discord/session", signing_in_as(code))
    await page.goto(f"{base_url}/activity?channel_id={CHANNEL}&guild_id={GUILD}")


async def shown(page: Page) -> dict:
    return dict(await page.evaluate("Tabletop.shown"))


async def play_out(pages: list[Page], hint_page: Page, taps: int | None = None) -> dict:
    """Both players tap their moves until the game ends (or ``taps`` moves are
    made); one asks for a hint once."""
    hinted = False
    for made in range(300):
        for page in pages:
            await page.wait_for_function("() => Tabletop.shown && Tabletop.shown.status !== 'lobby'")
        data = await shown(pages[0])
        if data["status"] != "playing" or made == taps:
            return data
        for page in pages:
            mine = await shown(page)
            if mine["version"] == data["version"] and mine["moves"]:
                if page is hint_page and not hinted:
                    await page.click("#hint-button")
                    await expect(page.locator("#hint-text")).not_to_be_empty()
                    hinted = True
                await tap_move(page, mine, first_tappable(mine["moves"], mine))
                break
        await pages[0].wait_for_function(
            "(v) => Tabletop.shown.version > v || Tabletop.shown.status !== 'playing'", arg=data["version"])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_channels_whole_game_from_an_empty_activity_to_the_rematch(database_url, open_page, locale):
    require_bundle()
    words = WORDS[locale]
    codes = {code: (user, name, locale) for code, (user, name) in USERS.items()}
    allowed = {(user, CHANNEL) for user, _ in USERS.values()}
    ada, bo, cy = await open_page(locale), await open_page(locale), await open_page(locale)
    async with activity_server(database_url, locale=locale, codes=codes, allowed=allowed) as (base_url, service):
        await open_activity(ada, base_url, "code-ada")
        await ada.get_by_role("button", name=words["open"]).click()
        await ada.wait_for_function("() => Tabletop.shown && Tabletop.shown.lobby")
        table_id = (await shown(ada))["table_id"]
        service.get(table_id).record.config["rounds"] = 1  # a short game (one round)
        await shoot(ada, f"activity-lobby-opened-{locale}")
        for page, code in ((bo, "code-bo"), (cy, "code-cy")):
            await open_activity(page, base_url, code)
            await expect(page.locator("#lobby-seats li")).to_have_count(1)
        await bo.get_by_role("button", name=words["join"], exact=True).click()
        for page in (ada, cy):
            await expect(page.locator("#lobby-seats li")).to_have_count(2)  # live, no reload
        assert await cy.locator("#lobby-join").count() == 1 and await cy.locator("#watching").is_visible()
        await ada.select_option("#lobby-option-hints", "on")
        await ada.select_option("#lobby-first", "1")
        for page in (bo, cy):
            await expect(page.locator("#lobby-option-hints")).to_have_value("on")
            await expect(page.locator("#lobby-first")).to_have_value("1")
            assert await page.locator("#lobby-first").is_disabled()  # the host's choice only
        await shoot(cy, f"activity-lobby-watcher-{locale}")
        await ada.get_by_role("button", name=words["start"], exact=True).click()
        for page in (ada, bo, cy):
            await page.wait_for_function("() => Tabletop.shown && Tabletop.shown.status === 'playing'")
        assert (await shown(bo))["to_act"] == [1]  # Bo starts, as the host chose
        await shoot(bo, f"activity-playing-{locale}")

        final = await play_out([ada, bo], hint_page=bo, taps=TAPPED[locale])
        if final["status"] == "playing":
            await finish_by_the_service(service, table_id)
            await ada.wait_for_function("() => Tabletop.shown.status !== 'playing'")
            final = await shown(ada)
        assert final["status"] == "finished"
        await cy.wait_for_function("() => Tabletop.shown.status === 'finished'")
        assert await cy.locator("#rematch").count() == 0  # a watcher has no rematch or review
        await ada.click("#review-button")
        await expect(ada.locator("#review h2")).not_to_be_empty(timeout=60_000)
        await shoot(ada, f"activity-review-{locale}", full_page=True)

        await bo.get_by_role("button", name=words["rematch"]).click()
        await bo.wait_for_function("(old) => Tabletop.shown.table_id !== old && Tabletop.shown.lobby", arg=table_id)
        rematch = (await shown(bo))["table_id"]
        for page in (ada, cy):  # the channel's next table, followed in place
            await page.wait_for_function("(id) => Tabletop.shown && Tabletop.shown.table_id === id", arg=rematch)
            await expect(page.locator("#lobby-seats li")).to_have_count(1)
        assert (await shown(ada))["lobby"]["options"][-1]["value"] == "on"  # the old game's options
        await shoot(cy, f"activity-rematch-watcher-{locale}")
