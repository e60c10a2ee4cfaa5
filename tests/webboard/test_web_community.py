"""Leaderboards and profiles on the board (issue 35 item 5): the rows and
season labels of Discord's /leaderboard (top ten and the reader's line),
the /profile card with its words, for Discord sessions that may read the
Activity's channel; a seat's player from a table; every refusal (not in the
channel, a channel of another server, local play, unknown user, an AI seat,
an unknown season or game) localized; a forgotten player is unknown."""
from __future__ import annotations

import base64
from typing import Any

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient

from render.profile import WIDTH
from tests.webboard.community_data import ADA, BO, CY, DEE, OTHER_GUILD, PLAYERS, fill
from tests.webboard.kit import local_player, new_table, web_front
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front, two_player_table
from web.pictures import png_size

VIEWERS = {(ADA, GUILD, CHANNEL), (BO, GUILD, CHANNEL), (ADA, OTHER_GUILD, 77)}


async def discord_client(front: Any, user: int, name: str, locale: str = "en") -> TestClient:
    client = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    client.session.cookie_jar.update_cookies({"tt_session": front.cookie(user, name, locale)})
    return client


async def refused(response: Any, status: int, key: str) -> str:
    data = await response.json()
    assert (response.status, data["error"]) == (status, key), data
    assert data["message"] and data["message"] != key
    return str(data["message"])


async def answer(response: Any) -> dict[str, Any]:
    assert response.status == 200, await response.text()
    assert response.headers["Cache-Control"] == "private, no-store"
    return dict(await response.json())


def board_url(channel: int = CHANNEL, guild: int = GUILD, **query: Any) -> str:
    extra = "".join(f"&{k}={v}" for k, v in query.items())
    return f"/api/channels/{channel}/leaderboard?guild_id={guild}{extra}"


async def test_the_leaderboard_as_discord_shows_it(database_url):
    async with discord_front(database_url, FakeViewers(VIEWERS)) as front:
        await fill(front.service.db)
        ada, bo = await discord_client(front, ADA, "Ada"), await discord_client(front, BO, "Bo", "zh-CN")
        cubed = await answer(await ada.get(board_url(game="cubed")))
        assert cubed["title"] == "CUBED leaderboard" and cubed["empty"] is None and cubed["season"] is None
        names = [row["name"] for row in cubed["rows"]]
        assert names == [name for _, name in PLAYERS[:10]] + ["Ada"]  # the top ten, then the reader's line
        assert cubed["gap"] is True and cubed["rows"][-1] == {
            "rank": 12, "user_id": str(ADA), "name": "Ada", "rating": "13.0", "games": 1, "wins": 1, "you": True}
        assert not any(row["you"] for row in cubed["rows"][:10])
        assert "Dee" not in str(cubed)  # another server's player
        assert [g["game"] for g in cubed["games"]] == front.service.registry.ids()
        setup = await answer(await bo.get(board_url(game="setup")))
        assert [(r["rank"], r["name"], r["you"]) for r in setup["rows"]] == [(1, "Bo", True), (2, "Ada", False)]
        assert setup["heads"]["player"] == "玩家" and "排行榜" in setup["title"]
        empty = await answer(await ada.get(board_url(game="deathfront")))
        assert empty["rows"] == [] and "Death Front" in empty["empty"]
        # Seasons: the first archives the board before seasons (season 0), the new one starts empty.
        await front.service.queries.seasons.start(GUILD, "Spring")
        now = await answer(await ada.get(board_url(game="cubed")))
        assert now["title"] == "CUBED leaderboard — Season 1: Spring" and now["rows"] == []
        assert [(s["number"], s["label"]) for s in now["seasons"]] == [(1, "Season 1: Spring"), (0, "Before seasons")]
        before = await answer(await ada.get(board_url(game="cubed", season=0)))
        assert before["title"].endswith("Before seasons") and len(before["rows"]) == 11
        await refused(await ada.get(board_url(game="cubed", season=7)), 404, "web.err.no_season")
        await refused(await ada.get(board_url(game="cubed", season="x1")), 404, "web.err.no_season")
        await refused(await ada.get(board_url(game="chess")), 400, "web.err.bad_game")
        for client in (ada, bo):
            await client.close()


async def test_who_may_read_a_server_s_boards(database_url):
    async with discord_front(database_url, FakeViewers(VIEWERS)) as front:
        await fill(front.service.db)
        ada, cy = await discord_client(front, ADA, "Ada"), await discord_client(front, CY, "Cy", "zh-CN")
        message = await refused(await cy.get(board_url()), 403, "activity.err.not_in_channel")
        assert message != (await (await ada.get(board_url(channel=5))).json())["message"]  # zh-CN vs en
        await refused(await cy.get(f"/api/channels/{CHANNEL}/profile?guild_id={GUILD}&user_id={ADA}"), 403,
                      "activity.err.not_in_channel")
        await refused(await ada.get(board_url(channel=5)), 403, "activity.err.not_in_channel")
        await refused(await ada.get(board_url(guild=OTHER_GUILD)), 403, "activity.err.not_in_channel")
        await refused(await ada.get(f"/api/channels/{CHANNEL}/leaderboard"), 400, "activity.err.bad_channel")
        await refused(await ada.get("/api/channels/x/leaderboard?guild_id=1"), 400, "activity.err.bad_channel")
        # A channel Ada reads in the other server shows that server's board (Dee), not this one's.
        other = await answer(await ada.get(board_url(channel=77, guild=OTHER_GUILD, game="cubed")))
        assert [row["name"] for row in other["rows"]] == ["Dee"]
        nobody = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
        await nobody.start_server()
        await refused(await nobody.get(board_url()), 401, "web.err.no_session")
        for client in (ada, cy, nobody):
            await client.close()
    async with web_front(database_url) as local:
        player = await local_player(local, "Ada")
        await refused(await player.get(board_url()), 404, "web.err.server_only")
        await refused(await player.get(f"/api/channels/{CHANNEL}/profile?guild_id={GUILD}"), 404, "web.err.server_only")
        table = await new_table(player, "cubed")
        await refused(await player.get(f"/api/tables/{table}/seats/0/profile"), 404, "web.err.server_only")
        await player.close()


async def test_profiles_by_id_by_seat_and_a_forgotten_player(database_url):
    async with discord_front(database_url, FakeViewers(VIEWERS)) as front:
        await fill(front.service.db)
        ada, bo = await discord_client(front, ADA, "Ada"), await discord_client(front, BO, "Bo", "zh-CN")
        base = f"/api/channels/{CHANNEL}/profile?guild_id={GUILD}"
        mine = await answer(await ada.get(base))
        assert (mine["user_id"], mine["name"]) == (str(ADA), "Ada")
        assert mine["line"] == "Ada on this server — games: 2 · wins: 1"
        assert mine["alt"].startswith("Profile of Ada. Games: 2; wins: 1;") and "SETUP" in mine["alt"]
        png = base64.b64decode(mine["picture"].removeprefix("data:image/png;base64,"))
        assert png_size(png)[0] == WIDTH
        bos = await answer(await bo.get(f"{base}&user_id={ADA}"))  # in Bo's language
        assert bos["name"] == "Ada" and "对局 2" in bos["line"] and bos["alt"] != mine["alt"]
        cy = await answer(await ada.get(f"{base}&user_id={CY}"))  # unrated games only: named by their seat
        assert cy["name"] == "Cy" and "games: 1" in cy["line"]
        await refused(await ada.get(f"{base}&user_id={DEE}"), 404, "web.err.unknown_player")  # another server's
        await refused(await ada.get(f"{base}&user_id=123"), 404, "web.err.unknown_player")
        await refused(await ada.get(f"{base}&user_id=abc"), 404, "web.err.unknown_player")
        # From a seat of a table the reader sees: the seat's player; an AI seat has none.
        table_id = await two_player_table(front.service, "cubed", ADA, BO)
        seat = await answer(await ada.get(f"/api/tables/{table_id}/seats/1/profile"))
        assert seat["name"] == "Bo" and seat["user_id"] == str(BO)
        for bad in ("2", "x", "-1", "999"):
            await refused(await ada.get(f"/api/tables/{table_id}/seats/{bad}/profile"), 404, "web.err.unknown_player")
        cyc = await discord_client(front, CY, "Cy")
        await refused(await cyc.get(f"/api/tables/{table_id}/seats/0/profile"), 403, "web.err.not_your_table")
        lobby = await front.service.open_lobby("cubed", GUILD, 3, ADA, "Ada")
        await front.service.add_ai(lobby.id, ADA)
        await refused(await ada.get(f"/api/tables/{lobby.id}/seats/1/profile"), 404, "web.err.ai_profile")
        # /privacy delete: nothing of Cy is found any more, by id or on the board.
        await front.service.queries.forget_user(CY)
        await refused(await ada.get(f"{base}&user_id={CY}"), 404, "web.err.unknown_player")
        for client in (ada, bo, cyc):
            await client.close()
