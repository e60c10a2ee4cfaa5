"""The board without a mouse or a finger (issue 35, accessible board): a
whole CUBED game against the AI played by keyboard only — Tab to a region, Enter or Space on it, Tab to Confirm — and what a screen reader
gets (Playwright's accessibility snapshot): regions named in words as the
move labels name them, their state said (pressed, "put it here"), inert
regions not there, the pictures described. A watcher's page has no region
to press at all."""
from __future__ import annotations

import json
import re

from playwright.async_api import Page

from tests.browser.live_board import Move, live_board, open_table, shown
from tests.support.browser import shoot
from tests.support.move_choices import tappable

MAX_TABS = 400  # one sweep of the page's tab order is far fewer
RAW_ID = re.compile(r'button "(-?\d+,-?\d+|[A-Z]{3}\d*)"')  # a region named by its id ("0,-1", "SLR1")


async def focused(page: Page) -> dict:
    return dict(await page.evaluate("""() => { const e = document.activeElement;
        return {region: e.dataset.region || null, move: e.dataset.move || null, id: e.id || null}; }"""))


async def tab_to(page: Page, wanted: dict) -> int:
    """Tab until the focused element matches ``wanted`` (the tab order wraps
    around the page); the presses."""
    for presses in range(1, MAX_TABS + 1):
        await page.keyboard.press("Tab")
        now = await focused(page)
        if all(now.get(k) == v for k, v in wanted.items()):
            return presses
    raise AssertionError(f"the keyboard never reached {wanted}")


async def picked(page: Page) -> str | None:
    return await page.evaluate("Taps.picked && Taps.picked.id")


async def play_by_keyboard(page: Page, data: Move, move: Move, press: str) -> int:
    """``move`` with the keyboard alone; the keys pressed."""
    keys = 0
    if move not in tappable(data):
        keys += await tab_to(page, {"move": move["id"]})
        await page.keyboard.press(press)
        return keys + 1
    for start, end in move["steps"]:
        keys += await tab_to(page, {"region": start})
        await page.keyboard.press(press)
        keys += await tab_to(page, {"region": end})
        await page.keyboard.press(press)
        keys += 2
    for _ in range(6):  # the same pairs' other moves (a piece's rotations) come in turn on the cell
        if await picked(page) == move["id"]:
            break
        await page.keyboard.press(press)  # still on the cell
        keys += 1
    assert await picked(page) == move["id"]
    keys += await tab_to(page, {"id": "confirm"})
    await page.keyboard.press(press)
    return keys + 1


async def test_a_whole_game_by_keyboard_only_named_in_words(database_url, open_page):
    async with live_board(database_url) as base_url:
        page = await open_page()
        await open_table(page, base_url, "cubed", {"rounds": 1})
        data = await shown(page)
        hand = await page.locator("#hand-spots").aria_snapshot()
        starts = {pair[0] for move in tappable(data) for pair in move["steps"]}
        assert hand.count('button "Piece ') == len(starts) < len(data["hand"]["regions"]), hand  # the rest inert
        assert not RAW_ID.search(hand), hand
        board_alt = await page.get_attribute("#board", "alt")
        assert board_alt == data["board"]["alt"] and "CUBED" in board_alt
        assert await page.get_attribute("#hand", "alt") == data["hand"]["alt"]
        keys, moves, checked = [], 0, False
        while data["status"] == "playing":
            move = (tappable(data) or data["moves"])[0]
            if not checked and move["steps"]:
                checked = await the_states_are_said(page, data, move)
            keys.append(await play_by_keyboard(page, data, move, "Enter" if moves % 2 else " "))
            moves += 1
            data = await shown(page, data["version"])
        await shoot(page, "keyboard-cubed-end", full_page=True)
        assert checked and moves > 5 and data["status"] == "finished"
        print(f"\nkeyboard: {moves} moves, keys per move {keys}")
        # the watcher: nothing to press on the pictures, nothing inert exposed
        watcher = await open_page("zh-CN")
        await watcher.goto(base_url + "/")
        await watcher.evaluate("Tabletop.games()")
        await watcher.goto(page.url)
        await shown(watcher, playable=False)
        snapshot = await watcher.locator("main").aria_snapshot()
        assert "button" not in (await watcher.locator(".picture").first.aria_snapshot())
        assert await watcher.locator(".spot:not([inert])").count() == 0
        assert await watcher.get_attribute("#board", "alt"), snapshot


async def the_states_are_said(page: Page, data: Move, move: Move) -> bool:
    """Choose the move's first start by keyboard: the accessibility tree says
    it is pressed and its ends are where it goes; Escape lets it go, on purpose."""
    start, end = move["steps"][0]
    await tab_to(page, {"region": start})
    await page.keyboard.press("Enter")
    name = (data["hand"]["names"] | data["board"]["names"])
    tree = await page.locator("main").aria_snapshot()
    assert f'button {json.dumps(name[start], ensure_ascii=False)} [pressed]' in tree, tree
    target = page.locator(f".spot[data-region={json.dumps(end)}]")
    assert await target.get_attribute("aria-label") == f"{name[end]}: put it here"
    assert await target.get_attribute("aria-pressed") == "false"
    assert not RAW_ID.search(tree), tree
    inert = await page.locator(".spot[inert]").count()
    live = await page.locator(".spot:not([inert])").count()
    assert inert > 0 and tree.count('button "') >= live
    await page.keyboard.press("Escape")  # Cancel, said out loud
    assert await page.evaluate("Taps.done.length === 0 && Taps.pending === null")
    return True
