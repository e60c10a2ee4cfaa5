"""Death Front's "Confirm, done with this step" on the web board (issue 31,
decision 3), in Chromium: a deploy tapped on the pictures shows the bar with
Confirm and "Confirm, done with this step"; the second sends the deploy with
``done``, so the player is not asked again in that step. A move that cannot
finish the step (Propose to end, asked in the bar) shows Confirm alone."""
from __future__ import annotations

from playwright.async_api import expect

from tests.browser.live_board import SERVICES, live_board, open_table, quoted, settled, spot, tap_move
from tests.support.browser import shoot
from tests.support.move_choices import seeking_attacks, tappable


async def test_a_deploy_that_also_finishes_the_step(database_url, open_page):
    page = await open_page()
    async with live_board(database_url, seed=2) as base_url:
        table_id = await open_table(page, base_url, "deathfront", {"round_limit": 10})
        data = await settled(page)
        while not any(m["action"]["kind"] == "deploy" for m in tappable(data)):
            await tap_move(page, data, seeking_attacks(data))
            data = await settled(page, data["version"])
        proposal = next(m for m in data["moves"] if m["action"]["kind"] == "propose_end")
        await page.tap(f"#moves button[data-move={quoted(proposal['id'])}]")  # asks first: the bar, Confirm alone
        await expect(page.locator("#confirm")).to_be_visible()
        await expect(page.locator("#confirm-done")).to_be_hidden()
        await page.tap("#cancel")
        move = next(m for m in tappable(data) if m["action"]["kind"] == "deploy")
        start, end = move["steps"][0]
        await page.tap(spot(start, ".live"))
        if [start, end] not in await page.evaluate("Taps.done"):
            await page.tap(spot(end, ".target"))
        await expect(page.locator("#pick-label")).to_have_text(move["label"])
        finish = page.locator("#confirm-done")
        await expect(finish).to_be_visible()
        await expect(finish).to_have_text("Confirm, done with this step")
        await shoot(page, "live-deathfront-finish-bar")
        service = SERVICES[base_url]
        seat, round_ = data["you"], service.get(table_id).state.round
        await finish.tap()
        await page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=data["version"])
        ours = [action for _, by, action, _ in await service.queries.actions(table_id) if by == seat]
        assert ours[-1] == {**move["action"], "done": True}
        live = service.get(table_id)
        state = live.state
        assert state.round != round_ or state.step != "deploy" or (seat in state.done and seat not in live.to_act())
