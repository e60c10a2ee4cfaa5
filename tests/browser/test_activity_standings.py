"""The server's standings in the Activity at phone size (400 px), en and
zh-CN (issue 35 item 5): the Standings button opens the leaderboard (the top
ten and the reader's own line, as /leaderboard), a name opens that player's
profile card (a picture described by its words); from the board, a seat's
name opens its player's profile; Back returns to the game. In an empty
channel too. Looking at standings asks nothing while moves are played."""
from __future__ import annotations

from playwright.async_api import expect

from tables.tournaments.service import TournamentService
from tests.browser.live_board import settled
from tests.browser.test_activity import ADA, activity_server, open_activity, require_bundle
from tests.support.activity import CHANNEL, GUILD, discord_table
from tests.support.browser import shoot, tofu_fonts
from tests.webboard.community_data import PLAYERS, fill


async def test_leaderboard_and_profiles_from_the_activity_in_english(database_url, open_page):
    require_bundle()
    page = await open_page()
    async with activity_server(database_url, allowed={(ADA, CHANNEL)}) as (base_url, service):
        await fill(service.db, GUILD, CHANNEL + 5)
        table_id = await discord_table(service, ADA, "Ada", "cubed", {"rounds": 1})
        await open_activity(page, base_url)
        data = await settled(page)
        assert data["table_id"] == table_id
        players = page.locator("#players button")
        await expect(players).to_have_count(1)  # the AI seat has no profile
        await page.locator("#community-button").click()
        await expect(page.locator("#community-title")).to_have_text("Standings")
        assert await page.locator("#table").is_hidden()
        board = page.locator("#leaderboard")
        await expect(board.locator("caption")).to_have_text("CUBED leaderboard")
        names = await board.locator("tbody button").all_text_contents()
        assert names == [name for _, name in PLAYERS[:10]] + ["Ada (you)"]
        await expect(board.locator("tr.you td").first).to_have_text("12")
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, width  # nothing wider than the phone
        await shoot(page, "standings-leaderboard-en")
        await page.get_by_role("group").get_by_role("button").first.focus()
        await page.locator("#community label select").first.select_option("setup")
        await expect(board.locator("caption")).to_have_text("SETUP leaderboard")
        await expect(board.locator("tbody button")).to_have_text(["Bo", "Ada (you)"])
        await board.locator("tbody button", has_text="Bo").click()
        await expect(page.locator("#community-body h3")).to_have_text("Profile of Bo")
        card = page.locator("#profile-card")
        await expect(card).to_have_attribute("alt", "Profile of Bo. Games: 13; wins: 1; favourite game: CUBED. "
                                                    "SETUP — games: 1, wins: 1, rating: 15.0. "
                                                    "CUBED — games: 12, wins: 0, rating: -5.0.")
        await page.wait_for_function("() => document.getElementById('profile-card').naturalWidth > 0")
        await shoot(page, "standings-profile-en", full_page=True)
        await page.locator("#community-back").click()
        await expect(page.locator("#table")).to_be_visible()
        assert await page.locator("#community").is_hidden()
        await players.first.click()  # a seat's name on the board: that player's profile
        await expect(page.locator("#community-body h3")).to_have_text("Profile of Ada")
        await expect(page.locator("#profile-line")).to_have_text("Ada on this server — games: 2 · wins: 1")
        await page.locator("#community-back").click()
        await expect(page.locator("#turn")).to_be_visible()


async def test_standings_of_an_empty_channel_in_chinese(database_url, open_page):
    require_bundle()
    page = await open_page("zh-CN")
    async with activity_server(database_url, locale="zh-CN", allowed={(ADA, CHANNEL)}) as (base_url, service):
        await fill(service.db, GUILD, CHANNEL)
        await open_activity(page, base_url, found=False)
        await expect(page.locator("#lobby-offer")).to_be_visible()
        await page.locator("#community-button").click()
        board = page.locator("#leaderboard")
        await expect(board.locator("caption")).to_have_text("连线计划（SETUP） 排行榜")  # no game here: the first game's
        await expect(board.locator("thead th")).to_have_text(["#", "玩家", "评分", "局数", "胜场"])
        await expect(board.locator("tbody button")).to_have_text(["Bo", "Ada（你）"])
        assert not await tofu_fonts(page, "#community", "zh-cn")
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400
        await shoot(page, "standings-leaderboard-zh-CN")
        await page.locator('#community [data-view="me"]').click()
        await expect(page.locator("#community-body h3")).to_have_text("Ada 的个人资料")
        await expect(page.locator("#profile-line")).to_have_text("Ada 在本服务器：对局 2 · 胜场 1")
        alt = await page.locator("#profile-card").get_attribute("alt")
        assert alt and alt.startswith("Ada") and "CUBED" in alt
        await page.wait_for_function("() => document.getElementById('profile-card').naturalWidth > 0")
        await shoot(page, "standings-profile-zh-CN", full_page=True)
        await page.locator("#community-back").click()
        await expect(page.locator("#lobby-offer")).to_be_visible()


async def test_a_tournament_and_the_leaderboard_at_desktop_size(database_url, open_page):
    require_bundle()
    page = await open_page(viewport={"width": 1280, "height": 800})
    async with activity_server(database_url, allowed={(ADA, CHANNEL)}) as (base_url, service):
        await fill(service.db, GUILD, CHANNEL)
        tournaments = TournamentService(service)
        made = await tournaments.new(GUILD, CHANNEL, ADA, "cubed", "swiss")
        await tournaments.join(made.id, ADA, "Ada")
        await tournaments.add_ai(made.id, ADA)
        await tournaments.start(made.id, ADA)
        await open_activity(page, base_url, found=False)  # the match is played in its own thread
        await expect(page.locator("#lobby-offer")).to_be_visible()
        await page.locator("#community-button").click()
        await expect(page.locator("#leaderboard caption")).to_have_text("SETUP leaderboard")
        await shoot(page, "standings-leaderboard-desktop")
        await page.locator('#community [data-view="tournaments"]').click()
        await expect(page.locator("#community-body h3")).to_contain_text(f"Tournament #{made.id}")
        await expect(page.locator("#next-match")).to_contain_text("Your next match (round 1): against")
        alt = await page.locator("#standings-card").get_attribute("alt")
        assert alt and alt.startswith(f"The standings of tournament #{made.id}: 1. ")
        await page.wait_for_function("() => document.getElementById('standings-card').naturalWidth > 0")
        await shoot(page, "standings-tournament-desktop", full_page=True)
        names = page.locator("#standings-names button")
        await expect(names).to_have_text(["Ada"])  # the AI entrant has no profile
        await names.first.click()  # an entrant's name: that player's profile
        await expect(page.locator("#community-body h3")).to_have_text("Profile of Ada")
        await page.locator('#community [data-view="tournaments"]').click()
        await expect(page.locator("#standings-names li")).to_have_count(2)
        await page.locator("#next-match button").click()  # to the match's table, watched in place
        await expect(page.locator("#table")).to_be_visible()
        await page.wait_for_function("() => document.body.dataset.version !== undefined")

        # The standings shown follow the match: its end reaches the page through its table's socket.
        await page.locator("#community-button").click()
        await page.locator('#community [data-view="tournaments"]').click()
        await expect(page.locator("#standings-names li").first).to_contain_text("Ada")
        match = int(await page.evaluate("document.body.dataset.table"))
        await service.resign(match, ADA)
        await expect(page.locator("#standings-names li").first).to_contain_text("AI 1", timeout=30_000)
        await expect(page.locator("#standings-names li").first).to_contain_text("points: 1")
        await shoot(page, "standings-tournament-after-match-desktop", full_page=True)
