"""Spectators: a local session watches any local table, a Discord session a
Discord table of a channel it may read. A watcher sees the public board live
— no hand, no moves, no hidden item — and every hand, seat or move it asks
for is refused with the table unchanged. And at most 8 sockets a session."""
from __future__ import annotations

import asyncio
import json

from aiohttp import CookieJar, WSServerHandshakeError
from aiohttp.test_utils import TestClient

from tests.webboard.kit import local_player, new_table, next_message, table_json, web_front
from tests.webboard.watching import (
    CHANNEL,
    GUILD,
    FakeViewers,
    discord_front,
    hidden_items,
    leaks,
    two_player_table,
)
from web.notifier import MAX_SOCKETS_PER_SESSION

ADA, BO, CY, DEE = 80351110224678912, 80351110224678913, 80351110224678914, 80351110224678915


def state_of(service, table_id):
    table = service.get(table_id)
    return table.record.version, json.dumps(table.engine.state_to_json(table.state), sort_keys=True)


async def refused(response, status: int, key: str) -> None:
    assert response.status == status, await response.text()
    answer = await response.json()
    assert answer["error"] == key and answer["message"] and answer["message"] != key


async def test_a_local_session_watches_a_local_table_live(database_url):
    async with web_front(database_url) as front:
        ada, bob = await local_player(front, "Ada"), await local_player(front, "Bob", "zh-TW")
        table_id = await new_table(ada, "cubed")
        discord_table = await front.service.open_lobby("cubed", GUILD, 77, ADA, "Nelly")
        mine = await table_json(ada, table_id)
        seen = await table_json(bob, table_id)
        assert seen["watching"] is True and mine["watching"] is False
        assert seen["hand"] is None and seen["moves"] == [] and seen["you"] is None
        assert not any(s["yours"] for s in seen["seats"]) and seen["to_act"] == mine["to_act"]
        assert seen["board"]["regions"] and seen["turn_line"]
        assert leaks(seen, hidden_items(front.service, table_id)) == []
        assert (await bob.get(f"/api/tables/{table_id}/board.png")).status == 200
        before = state_of(front.service, table_id)
        for seat in ("", "0", "1"):
            await refused(await bob.get(f"/api/tables/{table_id}/hand.png?seat={seat}"), 403, "web.err.watching")
        await refused(await bob.get(f"/api/tables/{table_id}?seat=0"), 403, "web.err.watching")
        for move in mine["moves"][:5]:
            await refused(await bob.post(f"/api/tables/{table_id}/actions", json={
                "action": move["action"], "version": mine["version"]}), 403, "core.err.not_seated")
        assert state_of(front.service, table_id) == before
        # live: Ada's move reaches the watcher's socket, and the JSON follows
        socket = await bob.ws_connect(f"/api/tables/{table_id}/ws")
        answer = await ada.post(f"/api/tables/{table_id}/actions", json={
            "action": mine["moves"][0]["action"], "version": mine["version"]})
        assert answer.status == 200
        moved = (await answer.json())["version"]
        while (await next_message(socket))["version"] < moved:
            pass
        assert (await table_json(bob, table_id))["version"] >= moved
        await socket.close()
        # the start page's list: local games in play, public facts only
        listed = (await (await bob.get("/api/local/live")).json())["tables"]
        assert [t["table_id"] for t in listed] == [table_id] and listed[0]["players"][0] == "Ada"
        assert listed[0]["turn_line"] and set(listed[0]) == {"table_id", "game_name", "players", "turn_line"}
        # a Discord table is no local session's to watch; a finished local one still is
        await refused(await bob.get(f"/api/tables/{discord_table.id}"), 403, "web.err.not_your_table")
        await front.service.resign(table_id, front.service.get(table_id).record.seats[0].user_id)
        over = await table_json(bob, table_id)
        assert over["status"] == "finished" and over["watching"] and over["hand"] is None
        assert (await bob.get(f"/api/tables/{table_id}/board.png")).status == 200
        await refused(await bob.get(f"/api/tables/{table_id}/hand.png?seat=0"), 403, "web.err.watching")
        assert (await (await bob.get("/api/local/live")).json())["tables"] == []
        await ada.close()
        await bob.close()


async def test_a_discord_session_watches_where_it_may_read_the_channel(database_url):
    viewers = FakeViewers({(CY, GUILD, CHANNEL)})
    async with discord_front(database_url, viewers) as front:
        table_id = await two_player_table(front.service, "deathfront", ADA, BO, {"round_limit": 10})
        local_table = await front.service.open_lobby("cubed", None, -5, -16, "Local")
        viewers.allowed.add((CY, 0, -5))  # even were the bot to say yes, a local table is not Discord's
        clients = {}
        for uid, name in ((ADA, "Ada"), (BO, "Bo"), (CY, "Cy"), (DEE, "Dee")):
            clients[uid] = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
            await clients[uid].start_server()
            clients[uid].session.cookie_jar.update_cookies({"tt_session": front.cookie(uid, name)})
        hidden = hidden_items(front.service, table_id)
        assert hidden
        seen = await table_json(clients[CY], table_id)
        assert seen["watching"] and seen["hand"] is None and seen["moves"] == [] and leaks(seen, hidden) == []
        players = [await table_json(clients[uid], table_id) for uid in (ADA, BO)]
        assert [p["watching"] for p in players] == [False, False] and all(p["hand"] for p in players)
        await refused(await clients[DEE].get(f"/api/tables/{table_id}"), 403, "web.err.not_your_table")
        await refused(await clients[CY].get(f"/api/tables/{local_table.id}"), 403, "web.err.not_your_table")
        viewers.fail = True  # the bot cannot tell: nobody watches
        await refused(await clients[CY].get(f"/api/tables/{table_id}"), 403, "web.err.not_your_table")
        assert (await clients[ADA].get(f"/api/tables/{table_id}")).status == 200  # a player needs no viewers
        for client in clients.values():
            await client.close()
    async with discord_front(database_url, None) as front:  # no viewers: nobody watches
        client = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
        await client.start_server()
        client.session.cookie_jar.update_cookies({"tt_session": front.cookie(CY, "Cy")})
        await refused(await client.get(f"/api/tables/{table_id}"), 403, "web.err.not_your_table")
        await client.close()


async def test_a_watchers_every_reach_for_a_hand_seat_or_move_is_refused(database_url):
    """The fuzz's watcher: every seat's hand, the JSON as every seat, every legal
    move of every seat as every seat — refused, the table unchanged, nothing hidden."""
    async with discord_front(database_url, FakeViewers({(CY, GUILD, CHANNEL)})) as front:
        table_id = await two_player_table(front.service, "setup", ADA, BO, {"finish": 10})
        cy = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
        await cy.start_server()
        cy.session.cookie_jar.update_cookies({"tt_session": front.cookie(CY, "Cy", "zh-CN")})
        table = front.service.get(table_id)
        before = state_of(front.service, table_id)
        hidden = hidden_items(front.service, table_id)
        asked = 0
        for seat in (*range(len(table.record.seats)), -1, 7):
            await refused(await cy.get(f"/api/tables/{table_id}/hand.png?seat={seat}"), 403, "web.err.watching")
            await refused(await cy.get(f"/api/tables/{table_id}?seat={seat}"), 403, "web.err.watching")
            asked += 2
            for actor in table.engine.to_act(table.state):
                for action in list(table.engine.legal_actions(table.state, actor))[:20]:
                    body = {"action": table.engine.action_to_json(action), "version": table.record.version}
                    for extra in ({}, {"seat": seat}):
                        await refused(await cy.post(f"/api/tables/{table_id}/actions", json=body | extra),
                                      403, "core.err.not_seated")
                        asked += 1
            assert state_of(front.service, table_id) == before
        assert asked >= 100
        seen = await table_json(cy, table_id)
        assert leaks(seen, hidden) == [] and seen["locale"] == "zh-CN"
        await cy.close()


async def test_a_session_holds_at_most_eight_sockets(database_url):
    async with web_front(database_url) as front:
        ada, bob = await local_player(front, "Ada"), await local_player(front, "Bob")
        table_id = await new_table(ada, "cubed")
        url = f"/api/tables/{table_id}/ws"
        sockets = [await ada.ws_connect(url) for _ in range(MAX_SOCKETS_PER_SESSION)]
        try:
            await ada.ws_connect(url)
            raise AssertionError("a ninth socket was accepted")
        except WSServerHandshakeError as error:
            assert error.status == 429
        answer = await ada.get(url)  # the refusal itself, as JSON in the reader's language
        await refused(answer, 429, "web.err.too_many_sockets")
        other = await bob.ws_connect(url)  # another session is not counted with Ada's
        await sockets.pop().close()
        for _ in range(200):  # the server gives the place back once it has seen the close
            if sum(front.notifier.per_session.held.values()) == MAX_SOCKETS_PER_SESSION:
                break
            await asyncio.sleep(0.01)
        again = await ada.ws_connect(url)  # closing one freed a place
        assert len(front.notifier.sockets[table_id]) == MAX_SOCKETS_PER_SESSION + 1
        for socket in (*sockets, other, again):
            await socket.close()
        await ada.close()
        await bob.close()
