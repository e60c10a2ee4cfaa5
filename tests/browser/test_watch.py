"""A spectator in Chromium at 400×860: two players of two Discord sessions and
a watcher (the beside-the-bot web, a stand-in for the bot's ChannelViewers),
each its own browser context. Each player's move reaches the other player's
page and the watcher's within the test's wait; the watcher's page never has a
hand or moves, and its JSON no hidden item. And on local play, the start page
lists the games in play with a Watch link."""
from __future__ import annotations

from playwright.async_api import Page, expect

from tests.browser.live_board import first_tappable, live_board, open_table, settled, tap_move
from tests.support.browser import shoot
from tests.webboard.watching import (
    CHANNEL,
    GUILD,
    FakeViewers,
    discord_front,
    hidden_items,
    leaks,
    two_player_table,
)

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914
TABLE_JSON = "Tabletop.request('GET', '/api/tables/' + location.pathname.split('/').pop())"


async def shows(page: Page, version: int) -> None:
    await page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version)


async def watcher_sees_nothing_hidden(page: Page, hidden: set[str]) -> None:
    await expect(page.locator("#watching")).to_be_visible()
    await expect(page.locator("#hand-section")).to_be_hidden()
    await expect(page.locator("#moves-section")).to_be_hidden()
    assert await page.locator("#hand-spots .spot, .spot.live, #moves button").count() == 0
    data = await page.evaluate(TABLE_JSON)
    assert data["watching"] and data["hand"] is None and data["moves"] == [] and data["you"] is None
    assert leaks(data, hidden) == []


async def test_two_players_and_a_watcher_follow_each_move(database_url, open_page):
    async with discord_front(database_url, FakeViewers({(CY, GUILD, CHANNEL)})) as front:
        table_id = await two_player_table(front.service, "cubed", ADA, BO, {"rounds": 1})
        base_url = str(front.server.make_url("")).rstrip("/")
        pages = {}
        for uid, name, locale in ((ADA, "Ada", "en"), (BO, "Bo", "en"), (CY, "Cy", "zh-CN")):
            page = await open_page(locale)
            await page.context.add_cookies([{"name": "tt_session", "value": front.cookie(uid, name, locale),
                                             "url": base_url}])
            await page.goto(f"{base_url}/t/{table_id}")
            pages[uid] = page
        watcher = pages[CY]
        await expect(watcher.locator("#watching")).to_have_text("观战中")
        await shoot(watcher, "watch-spectator-start")
        table = front.service.get(table_id)
        first = table.record.seats[table.to_act()[0]].user_id
        second = BO if first == ADA else ADA
        for mover, other in ((first, second), (second, first)):
            data = await settled(pages[mover])
            await watcher_sees_nothing_hidden(watcher, hidden_items(front.service, table_id))
            await tap_move(pages[mover], data, first_tappable(data["moves"], data))
            moved = await settled(pages[other], data["version"])  # the other player's turn reached their page
            await shows(watcher, moved["version"])
            await shows(pages[mover], moved["version"])
            await watcher_sees_nothing_hidden(watcher, hidden_items(front.service, table_id))
            assert await watcher.locator("#turn").text_content() == (await watcher.evaluate(TABLE_JSON))["turn_line"]
        await expect(watcher.locator("#log li")).to_have_count(len(moved["log"]))
        await shoot(watcher, "watch-spectator-after", full_page=True)
        await shoot(pages[first], "watch-player-after")


async def test_the_start_page_lists_local_games_to_watch(database_url, open_page):
    player, neighbour = await open_page(), await open_page()
    async with live_board(database_url) as base_url:
        table_id = await open_table(player, base_url, "setup", {"finish": 30})
        await settled(player)
        await neighbour.goto(base_url + "/")
        link = neighbour.locator(f"#live-games a[href='/t/{table_id}']")
        await expect(link).to_have_text("Watch")
        await shoot(neighbour, "watch-start-page")
        await link.tap()
        await expect(neighbour.locator("#watching")).to_have_text("Watching")
        await expect(neighbour.locator("#board")).to_be_visible()
        await expect(neighbour.locator("#turn")).not_to_be_empty()
        await expect(neighbour.locator("#hand-section")).to_be_hidden()
        await shoot(neighbour, "watch-local-spectator")
