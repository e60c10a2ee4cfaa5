"""The web board's 💡 Hint (issue 23) in Chromium at phone size: a local
SETUP table with hints on shows 💡 on the player's turn; a tap asks
``GET …/hint`` and shows the move and why in the page's language; ▶️ plays
that move. A table without hints shows no 💡."""
from __future__ import annotations

import pytest

from tests.browser.live_board import SERVICES, live_board, open_table, settled
from tests.support.browser import shoot


@pytest.mark.parametrize("locale, why", [("en", "This play scores"), ("zh-CN", "这样放能得")])
async def test_the_hint_button_shows_the_move_and_plays_it(database_url, open_page, locale, why):
    page = await open_page(locale)
    async with live_board(database_url) as base_url:
        table_id = await open_table(page, base_url, "setup", {"finish": 30, "first_seat": 0, "hints": True})
        data = await settled(page)
        assert data["hints"] is True and data["you"] == 0
        await page.wait_for_selector("#hint-box:not([hidden])")
        await page.tap("#hint-button")
        await page.wait_for_selector("#hint-play:not([hidden])")
        text = await page.text_content("#hint-text")
        assert text and why in text
        await shoot(page, f"hint-{locale}")
        service = SERVICES[base_url]
        hint = await service.hint(table_id, service.get(table_id).seats[0].user_id)  # the same, remembered
        await page.tap("#hint-play")
        await settled(page, after=data["version"])
        logged = await service.games.actions(table_id)
        first = next(entry for entry in logged if entry[1] == 0)
        assert first[2] == service.get(table_id).engine.action_to_json(hint.action)


async def test_no_hint_button_without_hints(database_url, open_page):
    page = await open_page("en")
    async with live_board(database_url) as base_url:
        await open_table(page, base_url, "setup", {"finish": 30, "first_seat": 0})
        data = await settled(page)
        assert data["hints"] is False and data["moves"]
        assert await page.is_hidden("#hint-box")
