"""A lobby from the board (issue 35, item 4): open (local, or a Discord
channel's for a session that may view it), join, leave, options, who starts,
AI seats and level, sides, start; every page of the table hears each change
(the socket's push); refusals are the Discord lobby's, and change nothing;
after the end, the rematch (the old game's pages hear of it) and the review."""
from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient

from tests.webboard.kit import local_player, new_table, next_message, table_json, web_front
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front

ADA, BO, CY = 80351110224678912, 80351110224678913, 80351110224678914


async def step(client: TestClient, table_id: int, **body: Any) -> Any:
    return await client.post(f"/api/tables/{table_id}/lobby", json=body)


async def refused(response: Any, status: int, key: str) -> None:
    assert response.status == status, await response.text()
    answer = await response.json()
    assert answer["error"] == key and answer["message"] and answer["message"] != key


async def lobby_of(client: TestClient, table_id: int) -> dict[str, Any]:
    data = await table_json(client, table_id)
    assert data["status"] == "lobby" and data["board"] is None and data["hand"] is None and data["moves"] == []
    return dict(data["lobby"])


async def test_a_local_lobby_fills_live_and_starts_from_the_board(database_url):
    async with web_front(database_url) as front:
        ada, bo, cy = (await local_player(front, "Ada"), await local_player(front, "Bo", "zh-CN"),
                       await local_player(front, "Cy"))
        response = await ada.post("/api/lobbies", json={"game": "cubed"})
        assert response.status == 200, await response.text()
        table_id = (await response.json())["table_id"]
        lobby = await lobby_of(ada, table_id)
        assert lobby["you_host"] and lobby["joined"] and [s["name"] for s in lobby["seats"]] == ["Ada"]
        assert {o["key"] for o in lobby["options"]} >= {"hints"} and lobby["first"]["value"] == "default"
        seen = await lobby_of(cy, table_id)
        assert not seen["joined"] and not seen["you_host"]
        listed = await (await cy.get("/api/local/live")).json()
        assert [(t["table_id"], t["status"]) for t in listed["tables"]] == [(table_id, "lobby")]

        watcher = await cy.ws_connect(f"/api/tables/{table_id}/ws?v=0")
        response = await step(bo, table_id, do="join")
        assert response.status == 200, await response.text()
        pushed = (await next_message(watcher))["table"]
        assert [s["name"] for s in pushed["lobby"]["seats"]] == ["Ada", "Bo"] and pushed["watching"]
        bo_lobby = await lobby_of(bo, table_id)
        assert bo_lobby["joined"] and not bo_lobby["you_host"] and bo_lobby["seats"][1]["yours"]

        # Only the host sets options and starts; a refusal changes nothing.
        before = (await table_json(ada, table_id))["lobby"]
        await refused(await step(bo, table_id, do="option", key="hints", value="on"), 422, "core.err.host_only")
        await refused(await step(bo, table_id, do="start"), 422, "core.err.host_only")
        await refused(await step(ada, table_id, do="option", key="hints", value="maybe"), 422, "core.err.bad_option")
        await refused(await step(ada, table_id, do="fly"), 400, "web.err.bad_lobby_step")
        await refused(await step(ada, table_id, do="side", side=0), 422, "teams.err.not_team_lobby")
        await refused(await step(ada, table_id, do="leave"), 422, "core.err.host_cannot_leave")
        await refused(await step(cy, table_id, do="leave"), 422, "core.err.not_in_lobby")
        assert (await table_json(ada, table_id))["lobby"] == before

        for body in ({"do": "option", "key": "points", "value": "flat"}, {"do": "option", "key": "hints", "value": "on"},
                     {"do": "option", "key": "first_seat", "value": "1"}, {"do": "add_ai"},
                     {"do": "ai_level", "level": "greedy"}):
            response = await step(ada, table_id, **body)
            assert response.status == 200, (body, await response.text())
        lobby = await lobby_of(cy, table_id)
        values = {o["key"]: o["value"] for o in lobby["options"]}
        assert values["hints"] == "on" and values["points"] == "flat" and lobby["first"]["value"] == "1"
        assert lobby["seats"][2]["ai"] and lobby["ai_level"] == "greedy"
        assert (await step(ada, table_id, do="start")).status == 200
        while (message := await next_message(watcher))["table"]["status"] == "lobby":
            pass
        started = message["table"]
        assert started["status"] == "playing" and started["board"] and started["lobby"] is None
        assert started["to_act"] == [1]  # Bo starts: the host's choice
        assert (await table_json(bo, table_id))["hints"] is True
        await refused(await step(ada, table_id, do="join"), 409, "core.err.not_lobby")
        await watcher.close()
        for client in (ada, bo, cy):
            await client.close()


async def test_a_lobby_cancelled_by_its_host_is_over_for_every_page(database_url):
    async with web_front(database_url) as front:
        ada, bo = await local_player(front, "Ada"), await local_player(front, "Bo")
        table_id = (await (await ada.post("/api/lobbies", json={"game": "setup"})).json())["table_id"]
        socket = await bo.ws_connect(f"/api/tables/{table_id}/ws?v=0")
        await refused(await step(bo, table_id, do="cancel"), 422, "core.err.host_only")
        assert (await step(ada, table_id, do="cancel")).status == 200
        assert (await next_message(socket))["table"]["status"] == "abandoned"
        assert (await table_json(bo, table_id))["status"] == "abandoned"
        await socket.close()
        for client in (ada, bo):
            await client.close()


async def discord_client(front, user: int, name: str, locale: str = "en") -> TestClient:
    client = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    client.session.cookie_jar.update_cookies({"tt_session": front.cookie(user, name, locale)})
    return client


async def test_a_channel_lobby_for_those_who_may_view_the_channel(database_url):
    viewers = FakeViewers({(ADA, GUILD, CHANNEL), (BO, GUILD, CHANNEL)})
    async with discord_front(database_url, viewers) as front:
        ada, bo, cy = (await discord_client(front, ADA, "Ada"), await discord_client(front, BO, "Bo"),
                       await discord_client(front, CY, "Cy"))
        where = {"game": "cubed", "channel_id": str(CHANNEL), "guild_id": str(GUILD)}
        await refused(await cy.post("/api/lobbies", json=where), 403, "activity.err.not_in_channel")
        await refused(await ada.post("/api/lobbies", json={"game": "cubed"}), 400, "activity.err.bad_channel")
        await refused(await ada.post("/api/lobbies", json={**where, "game": "chess"}), 400, "web.err.bad_game")
        response = await ada.post("/api/lobbies", json=where)
        assert response.status == 200, await response.text()
        table_id = (await response.json())["table_id"]
        table = front.service.get(table_id)
        assert (table.record.guild_id, table.record.channel_id, table.record.host_id) == (GUILD, CHANNEL, ADA)
        await refused(await bo.post("/api/lobbies", json=where), 422, "core.err.channel_busy")
        found = await (await bo.get(f"/api/channels/{CHANNEL}/table?guild_id={GUILD}")).json()
        assert found["table_id"] == table_id and found["status"] == "lobby"
        await refused(await step(cy, table_id, do="join"), 403, "web.err.not_your_table")
        assert (await step(bo, table_id, do="join")).status == 200
        assert [s.user_id for s in front.service.get(table_id).seats] == [ADA, BO]
        for client in (ada, bo, cy):
            await client.close()


async def play_to_the_end(client: TestClient, table_id: int) -> None:
    for _ in range(400):
        data = await table_json(client, table_id)
        if data["status"] != "playing":
            return
        if data["moves"]:
            response = await client.post(f"/api/tables/{table_id}/actions", json={
                "action": data["moves"][0]["action"], "version": data["version"]})
            assert response.status in (200, 409), await response.text()
        else:
            await asyncio.sleep(0.05)
    raise AssertionError("the game did not end")


async def test_after_the_end_review_and_rematch_from_the_board(database_url):
    async with web_front(database_url) as front:
        ada, bo = await local_player(front, "Ada"), await local_player(front, "Bo", "zh-CN")
        table_id = await new_table(ada, "cubed", options={"rounds": 1, "hints": True})
        await refused(await ada.post(f"/api/tables/{table_id}/rematch"), 422, "core.err.game_gone")
        await play_to_the_end(ada, table_id)
        watcher = await bo.ws_connect(f"/api/tables/{table_id}/ws")
        finished = await table_json(bo, table_id)
        assert finished["status"] == "finished" and finished["rematch"] is None

        review = await ada.get(f"/api/tables/{table_id}/review")
        assert review.status == 200, await review.text()
        shown = await review.json()
        assert shown["seat"] == 0 and "**" not in shown["title"]
        for item in shown["items"]:
            assert item["picture"].startswith("data:image/png;base64,") and item["text"] and item["alt"]
        await refused(await bo.get(f"/api/tables/{table_id}/review"), 403, "web.err.watching")

        await refused(await bo.post(f"/api/tables/{table_id}/rematch"), 403, "core.err.not_seated")
        response = await ada.post(f"/api/tables/{table_id}/rematch")
        assert response.status == 200, await response.text()
        new_id = (await response.json())["table_id"]
        assert await next_message(watcher) == {"type": "next", "table_id": new_id}
        lobby = await lobby_of(bo, new_id)
        assert {o["key"]: o["value"] for o in lobby["options"]}["hints"] == "on"  # the old game's options
        assert front.service.get(new_id).record.config["rounds"] == 1
        assert (await table_json(bo, table_id))["rematch"] == new_id
        await refused(await ada.post(f"/api/tables/{table_id}/rematch"), 422, "core.rematch.already")
        await watcher.close()
        for client in (ada, bo):
            await client.close()
