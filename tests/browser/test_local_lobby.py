"""A local lobby in two browsers at desktop size (issue 35, item 4): Ada opens a
Death Front lobby from the start page, Bo finds it in the games in play and
joins, Ada sees him sit live, adds nothing, starts; both boards show."""
from __future__ import annotations

from playwright.async_api import expect

from tests.browser.live_board import live_board
from tests.support.browser import shoot

DESKTOP = {"width": 1280, "height": 800}


async def test_a_local_lobby_in_two_browsers_at_desktop_size(database_url, open_page):
    ada, bo = await open_page("en", DESKTOP), await open_page("zh-CN", DESKTOP)
    async with live_board(database_url) as base_url:
        await ada.goto(base_url + "/")
        await ada.select_option("#game", "deathfront")
        await ada.click("#lobby-button")
        await expect(ada.locator("#lobby-seats li")).to_have_count(1)
        await bo.goto(base_url + "/")
        await bo.click("#live-games a")
        await bo.get_by_role("button", name="加入", exact=True).click()
        await expect(ada.locator("#lobby-seats li")).to_have_count(2)
        await ada.select_option("#lobby-option-round_limit", "5")
        await expect(bo.locator("#lobby-option-round_limit")).to_have_value("5")
        await shoot(ada, "local-lobby-desktop-host")
        await shoot(bo, "local-lobby-desktop-zh-CN")
        await ada.click("#lobby-start")
        for page in (ada, bo):
            await page.wait_for_function("() => Tabletop.shown && Tabletop.shown.status === 'playing'")
            await expect(page.locator("#lobby-section")).to_be_hidden()
            await expect(page.locator("#board-section")).to_be_visible()
        await shoot(bo, "local-lobby-desktop-started-zh-CN")
