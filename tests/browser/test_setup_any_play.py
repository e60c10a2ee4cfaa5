"""Any legal SETUP play by tapping, not only the engine's listed few: a play
of two tiles that no listed move has, found by brute force from the state,
is built tile, square, tile, square on the page (the server says where each
tile may go next), shown in the bar with its points, confirmed in five taps,
and played by the engine for those points."""
from __future__ import annotations

from playwright.async_api import Page, expect

from engines.setup.models import PlayAction
from games.setup import continue_play
from i18n import t
from tables.text import kind_key
from tests.browser.live_board import POLLS, SERVICES, live_board, open_table, settled, spot, tap_move
from tests.support.browser import shoot
from tests.support.setup_plays import unlisted_plays

TURNS = 8  # turns played from the engine's list until a play of two tiles it leaves out is found


async def answered(page: Page) -> None:
    """Waits until the page has the server's answer for the tiles placed so far
    (polled: the page's CSP forbids the eval ``wait_for_function`` polls with)."""
    for _ in range(POLLS):
        if await page.evaluate("document.body.dataset.asking") == "no":
            return
        await page.wait_for_timeout(50)
    raise AssertionError("the server never answered where the tiles may go")


async def test_a_play_the_engine_does_not_list_is_built_by_tapping_and_played(database_url, open_page):
    async with live_board(database_url) as base_url:
        page = await open_page()
        table_id = await open_table(page, base_url, "setup", {"finish": 40})
        service = SERVICES[base_url]
        for _ in range(TURNS):
            data = await settled(page)
            state = service.get(table_id).state
            plays = unlisted_plays(state, 0, data["moves"])
            if plays:
                break
            await tap_move(page, data, data["moves"][0])
            await settled(page, data["version"])
        else:
            raise AssertionError("no unlisted play of two tiles in the first turns")
        assert data["continues"] is True
        play = plays[0]
        built = continue_play(state, 0, [(tile, square) for tile, square in play], "en")
        assert built.whole is not None and built.words is not None
        after, _ = service.get(table_id).engine.apply(state, 0, PlayAction(placements=play))
        points = after.scores[0] - state.scores[0]
        assert built.words.preview.startswith(t("setup.preview.ok", "en", points=points))

        await answered(page)
        taps = 0
        for number, (tile, square) in enumerate(play):
            await page.tap(spot(tile, ".live"))
            await page.tap(spot(square, ".target"))
            taps += 2
            await answered(page)
            if number == 0:
                await shoot(page, "live-setup-any-first-tile")
        label = page.locator("#pick-label")
        await expect(label).to_have_text(t("web.move.label", "en", kind=t(kind_key("setup", "play"), "en"),
                                           what=built.words.detail))
        assert (await page.locator("#pick-preview").text_content() or "").startswith(built.words.preview)
        await expect(page.locator("#confirm")).to_be_enabled()
        await shoot(page, "live-setup-any-bar")
        await page.tap("#confirm")
        taps += 1
        assert taps <= 5
        await settled(page, data["version"])
        mine = [action for _, seat, action, _ in await service.games.actions(table_id) if seat == 0]
        assert mine[-1] == {"kind": "play", "placements": play}
