"""The SETUP tutorial on the live board in Chromium at 400×860 (docs/learning.md,
"On the web board"): opened from the start page's Learn link, played to its
summary by tapping the pictures (tests/browser/live_board.py's ``tap_move``)
in English and in zh-CN, a wrong move at every step refused with the step's
explanation and nothing changed, a reload resuming at the same step, and
Start over from the summary."""
from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from db.tutorials import TutorialRepo
from engines.base import SeatInfo
from engines.tutorial import TutorialRunner, same_action
from i18n import t
from tables.registry import default_registry
from tests.browser.live_board import POLLS, live_board, tap_move
from tests.browser.test_activity import ADA, activity_server, open_activity, require_bundle
from tests.support.browser import shoot
from web.learn_json import web_key

SETUP = default_registry().get("setup")


async def shown(page: Page, step: int | str) -> dict[str, Any]:
    """The tutorial's JSON once the page shows ``step`` ("done": the summary)."""
    for _ in range(POLLS):
        try:
            if await page.evaluate("document.body.dataset.step") == str(step):
                return dict(await page.evaluate("Tabletop.request('GET', '/api/learn/setup')"))
        except PlaywrightError:  # the page is still loading (a link, a reload)
            pass
        await page.wait_for_timeout(100)
    raise AssertionError(f"the page never showed step {step}")


def taught_and_other(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    expect = SETUP.tutorial.steps[data["step"]].expect
    taught = [m for m in data["moves"] if same_action(expect, SETUP.engine.action_from_json(m["action"]))]
    others = [m for m in data["moves"] if m not in taught]
    return taught[0], others[0]


async def text_of(page: Page, selector: str) -> str:
    return str(await page.inner_text(selector))


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_setup_tutorial_is_played_by_tapping(database_url, open_page, locale):
    page = await open_page(locale)
    steps = len(SETUP.tutorial.steps)
    async with live_board(database_url) as base_url:
        await page.goto(base_url + "/")
        link = page.locator('#learn-games a[href="/learn/setup"]')
        assert await link.inner_text() == t("web.page.learn", locale, game=t("core.game.setup", locale))
        await shoot(page, f"learn-{locale}-start-page")
        await link.tap()
        data = await shown(page, 0)
        assert await page.evaluate("document.documentElement.lang") == locale
        for index in range(steps):
            step = SETUP.tutorial.steps[index]
            name = t(f"tutorial.setup.{step.name}.name", locale)
            assert name in await text_of(page, "#learn-step")
            taught, other = taught_and_other(data)
            await tap_move(page, data, other)  # not this step's move: refused, explained, nothing changes
            wrong = page.locator("#learn-wrong")
            await wrong.wait_for(state="visible")
            explanation = t(web_key(SETUP.tutorial, step, "wrong"), locale, **SETUP.tutorial.params).replace("**", "")
            assert explanation in await wrong.inner_text()
            if index == 0:
                await shoot(page, f"learn-{locale}-wrong")
            again = await shown(page, index)
            assert again["moves"] == data["moves"]
            if index == 2:  # a reload resumes at the same step
                await page.reload()
                data = await shown(page, index)
                assert name in await text_of(page, "#learn-step")
            taps = await tap_move(page, data, taught)
            assert taps >= 1
            data = await shown(page, index + 1 if index + 1 < steps else "done")
            assert t("tutorial.well_done", locale) in await text_of(page, "#learn-notes")
            await shoot(page, f"learn-{locale}-after-{step.name}")
        summary = await text_of(page, "#learn-summary")
        for step in SETUP.tutorial.steps:
            assert t(f"tutorial.setup.{step.name}.learnt", locale).replace("**", "") in summary
        assert await page.locator("#moves-section").is_hidden()
        await shoot(page, f"learn-{locale}-summary", full_page=True)
        await page.tap("#start-over")
        await shown(page, 0)
        assert t("tutorial.started_over", locale) in await text_of(page, "#learn-notes")


async def test_the_activity_offers_the_tutorials_and_goes_on_from_learn(database_url, open_page):
    """Inside Discord, a channel with no game offers the tutorials; Ada's
    progress is her Discord id's, so she goes on where /learn left her."""
    require_bundle()
    page = await open_page()
    async with activity_server(database_url) as (base_url, service):
        learnt = SETUP.tutorial
        runner_state = TutorialRunner(SETUP.engine, learnt).replay(
            [SeatInfo(name="Ada"), SeatInfo(name="AI", is_ai=True)], 1)
        await TutorialRepo(service.db).save(ADA, "setup", 1, runner_state.model_dump_json())  # as /learn saved it
        await open_activity(page, base_url, found=False)
        learn = page.locator('#learn-games button[data-game="setup"]')
        await learn.wait_for()
        await shoot(page, "learn-activity-offer")
        await learn.tap()
        data = await shown(page, 1)
        assert t("tutorial.setup.run.name", "en") in await text_of(page, "#learn-step")
        await shoot(page, "learn-activity-step-2")
        taught, _ = taught_and_other(data)
        await tap_move(page, data, taught)
        await shown(page, 2)
        progress = await TutorialRepo(service.db).get(ADA, "setup")
        assert progress is not None and progress.step == 2
        assert await page.context.cookies() == []  # the bearer token only
