"""The page at phone and desktop size (issue 35): from 900 px wide the board
and the hand stand side by side; on a phone, one above the other. A first
visit — the start page, a new game, its table — logs no error in the console
(no 401 while finding out there is no session yet, no favicon 404)."""
from __future__ import annotations

from playwright.async_api import ConsoleMessage, Page, Response

from tests.browser.live_board import live_board, shown
from tests.support.browser import shoot

DESKTOP = {"width": 1280, "height": 800}


def listen(page: Page) -> list[str]:
    """Every console error and refused request of ``page``, as it happens."""
    problems: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text}")

    def response(answer: Response) -> None:
        if answer.status >= 400:
            problems.append(f"{answer.status} {answer.url}")

    page.on("console", console)
    page.on("response", response)
    return problems


async def boxes(page: Page) -> tuple[dict, dict]:
    board = await page.locator("#board").bounding_box()
    hand = await page.locator("#hand").bounding_box()
    assert board and hand
    return board, hand


async def test_a_first_visit_logs_no_error_and_a_desktop_sees_board_and_hand_side_by_side(database_url, open_page):
    async with live_board(database_url) as base_url:
        page = await open_page("en", DESKTOP)
        problems = listen(page)
        await page.goto(base_url + "/")
        await page.locator("#game option").first.wait_for(state="attached")
        await page.select_option("#game", "setup")
        await page.click("#start-button")
        await page.wait_for_url("**/t/*")
        data = await shown(page)
        await page.wait_for_function("() => board.complete && board.naturalWidth > 0 && hand.complete")
        assert problems == [], problems
        board, hand = await boxes(page)
        assert board["x"] + board["width"] <= hand["x"] and abs(board["y"] - hand["y"]) < 80, (board, hand)
        assert board["width"] > 450 and hand["width"] > 450  # each about half of 1280
        await shoot(page, "layout-desktop-setup-en")
        # the same table on a phone: the hand under the board, each the page's width
        phone = await open_page("en")
        await phone.context.add_cookies(await page.context.cookies())
        await phone.goto(page.url)
        await shown(phone)
        board, hand = await boxes(phone)
        assert hand["y"] >= board["y"] + board["height"] and board["width"] > 350, (board, hand)
        assert data["hand"]["alt"] and await phone.get_attribute("#hand", "alt") == data["hand"]["alt"]


async def test_a_chinese_watcher_at_desktop_size(database_url, open_page):
    async with live_board(database_url) as base_url:
        player = await open_page("zh-CN", DESKTOP)
        await player.goto(base_url + "/")
        made = await player.evaluate("""async () => { await Tabletop.games();
            return await Tabletop.request("POST", "/api/local/tables", {game: "deathfront", ai: ["greedy"], humans: 1,
                                                                        options: {round_limit: 4}}); }""")
        watcher = await open_page("zh-CN", DESKTOP)
        problems = listen(watcher)
        await watcher.goto(base_url + "/")
        await watcher.locator("#live-games a").first.wait_for()
        await watcher.click("#live-games a")
        await shown(watcher, playable=False)
        await watcher.wait_for_function("() => board.complete && board.naturalWidth > 0")
        assert problems == [], problems
        assert await watcher.locator("#hand-section").is_hidden()
        log = await watcher.locator("#log-section").bounding_box()
        board = await watcher.locator("#board").bounding_box()
        assert log and board and board["x"] + board["width"] <= log["x"], (board, log)  # the log beside the board
        assert await watcher.get_attribute("#board", "alt")
        assert made["table_id"]
        await shoot(watcher, "layout-desktop-deathfront-zh-CN-watcher")
