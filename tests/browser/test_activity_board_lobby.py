"""The board's lobby as the chat's, in Chromium (issue 35): Bo (400 px,
zh-CN) and Cy (400 px, en) sit in a channel with no game; Ada (1280 px)
opens a Death Front lobby from her Activity and their empty pages show it
at once, without a reload (the channel's socket). Bo picks his faction by
keyboard; Ada picks the AI seat's and moves Cy to the Axis; Cy's pick of a
faction already taken is refused in words and changes nothing; every page
sees each change live. The selects are named in words (the accessibility
tree), and nothing is wider than the phone."""
from __future__ import annotations

from playwright.async_api import expect

from tests.browser.test_activity import activity_server, require_bundle
from tests.browser.test_activity_whole_game import open_activity, shown
from tests.support.activity import CHANNEL
from tests.support.browser import shoot

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914
DESKTOP = {"width": 1280, "height": 800}

# The shown option's text width and the select's room for it (its inner width), in CSS pixels.
FITS = """(select) => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const text = pen.measureText(select.options[select.selectedIndex].text).width;
  return [text, select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
}"""
SELECT_ARROW = 20  # Chromium's drop-down arrow takes about this much of the room


async def test_factions_and_sides_on_the_activitys_lobby(database_url, open_page):
    require_bundle()
    codes = {"code-ada": (ADA, "Ada", "en"), "code-bo": (BO, "Bo", "zh-CN"), "code-cy": (CY, "Cy", "en")}
    allowed = {(ADA, CHANNEL), (BO, CHANNEL), (CY, CHANNEL)}
    ada, bo, cy = await open_page("en", DESKTOP), await open_page("zh-CN"), await open_page("en")
    async with activity_server(database_url, codes=codes, allowed=allowed) as (base_url, service):
        for page, code in ((bo, "code-bo"), (cy, "code-cy"), (ada, "code-ada")):
            await open_activity(page, base_url, code)
            await expect(page.locator("#lobby-offer")).to_be_visible()
        await ada.get_by_role("button", name="Open a Death Front: Blitzkrieg lobby").click()
        for page in (bo, cy):  # the empty pages show the new lobby by themselves
            await page.wait_for_function("() => Tabletop.shown && Tabletop.shown.lobby")
            assert await page.locator("#lobby-offer").count() == 0
        table_id = (await shown(ada))["table_id"]
        assert (await shown(bo))["table_id"] == table_id
        await bo.locator("#lobby-join").click()
        await cy.locator("#lobby-join").click()
        await expect(ada.locator("#lobby-seats li")).to_have_count(3)

        faction = bo.get_by_role("combobox", name="阵营")  # Bo's own faction, named in his language
        await faction.focus()
        await bo.keyboard.press("End")  # the keyboard alone: the last faction, Wehrmacht
        await expect(ada.locator("#lobby-seats li").nth(1)).to_contain_text("Wehrmacht")  # live on the host's page
        # Bo's own page too, once its own push arrives (it may come after Ada's)
        await expect(bo.locator("#lobby-seats li").nth(1)).to_contain_text("国防军")

        await ada.locator("#lobby-add-ai").click()
        await expect(cy.locator("#lobby-seats li")).to_have_count(4)
        await ada.get_by_role("combobox", name="Faction of AI 1").select_option("uk")
        await ada.get_by_role("combobox", name="Host: move a player to a side").select_option("2:1")  # Cy to the Axis
        await expect(cy.locator("#lobby-seats li").nth(2)).to_contain_text("Axis")
        await expect(bo.locator("#lobby-seats li").nth(3)).to_contain_text("英军")
        assert not await cy.get_by_role("combobox", name="Host: move a player to a side").count()  # the host's only
        assert not await cy.get_by_role("combobox", name="Faction of AI 1").count()

        before = service.get(table_id).record.model_dump_json()
        await cy.get_by_role("combobox", name="Faction").select_option("wehrmacht")  # Bo's
        await expect(cy.locator("#error")).to_contain_text("Bo already plays Wehrmacht: each faction can be chosen once.")
        assert service.get(table_id).record.model_dump_json() == before
        await expect(cy.get_by_role("combobox", name="Faction")).to_have_value("")  # redrawn as it is

        snapshot = await ada.locator("#lobby-section").aria_snapshot()
        assert 'combobox "Faction"' in snapshot and 'combobox "Faction of AI 1"' in snapshot, snapshot
        for page in (bo, cy):
            assert await page.evaluate("document.documentElement.scrollWidth") <= 400
        # Every choice is read whole on a phone (Cy's "Not chosen (given at Start)" was cut at "given at
        # Sta…", Who starts at "the starter is c…"), and a lobby's empty log heading stands nowhere (it
        # stood alone beside the lobby on a desktop).
        for page in (bo, cy):
            selects = page.locator("#lobby-section select")
            assert await selects.count() >= 4  # faction, round limit, hints, who starts (+ the host's)
            for index in range(await selects.count()):
                text, room = await selects.nth(index).evaluate(FITS)
                assert text + SELECT_ARROW <= room, (await selects.nth(index).get_attribute("id"), text, room)
        await expect(ada.locator("#log-section")).to_be_hidden()
        await expect(cy.locator("#log-section")).to_be_hidden()
        await shoot(ada, "board-lobby-factions-desktop", full_page=True)
        await shoot(bo, "board-lobby-factions-zh-CN", full_page=True)
        await shoot(cy, "board-lobby-factions-refused-en", full_page=True)
