"""One push per move: a page's socket opened with the version it shows
(``…/ws?v=N``) is sent the changed table itself, made for that page — its
own seat's hand and moves, a watcher's with none — and never another seat's
hand; it is sent at once when the page is behind, follows the seat a
hot-seat page looks as, and stops when the session may no longer see it."""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest
from aiohttp import WSMsgType

from tests.webboard.kit import cookie_of, local_player, new_table, next_message, table_json, web_front
from tests.webboard.test_web_games import secrets_of_others, shown_items
from tests.webboard.watching import hidden_items, leaks

MAX_MOVES = 600


async def quiet(socket: Any, seconds: float = 0.3) -> bool:
    """Nothing more comes on ``socket`` for ``seconds``."""
    try:
        message = await asyncio.wait_for(socket.receive(), seconds)
    except asyncio.TimeoutError:
        return True
    raise AssertionError(f"unexpected message: {message}")


async def pushed(socket: Any, after: int) -> dict[str, Any]:
    """The next table pushed past version ``after``."""
    while True:
        message = await next_message(socket)
        if message["type"] == "changed" and message["version"] > after:
            assert message["table"]["version"] == message["version"]
            return dict(message["table"])


async def test_a_move_reaches_every_page_in_one_push_each_made_for_it(database_url):
    async with web_front(database_url) as front:
        ada, bob = await local_player(front, "Ada"), await local_player(front, "Bob", "zh-CN")
        table_id = await new_table(ada, "setup", ai=[], humans=2, options={})
        data = await table_json(ada, table_id)
        tab = await front.client(cookie_of(ada))  # Ada's second tab
        mine = await tab.ws_connect(f"/api/tables/{table_id}/ws?v={data['version']}")
        watching = await bob.ws_connect(f"/api/tables/{table_id}/ws?v={data['version']}")
        plain = await bob.ws_connect(f"/api/tables/{table_id}/ws")  # no version: only told
        assert await quiet(mine, 0.2) and await quiet(watching, 0.1)  # not behind: nothing at once
        answer = await ada.post(f"/api/tables/{table_id}/actions",
                                json={"action": data["moves"][0]["action"], "version": data["version"]})
        assert answer.status == 200
        version = (await answer.json())["version"]
        for_ada = await pushed(mine, data["version"])
        for_bob = await pushed(watching, data["version"])
        assert (await next_message(plain)) == {"type": "changed", "version": version}
        # Each is what the page would have fetched, and nothing else comes for this one move.
        assert for_ada == await table_json(ada, table_id)
        assert for_bob == await table_json(bob, table_id)
        assert for_bob["watching"] and for_bob["hand"] is None and for_bob["moves"] == [] and for_bob["locale"] == "zh-CN"
        assert for_ada["you"] == for_ada["to_act"][0] and for_ada["hand"]["png"].endswith(f"seat={for_ada['you']}")
        assert f"v={version}" in for_ada["board"]["png"] and for_ada["board"]["width"] > 0
        assert leaks(for_bob, hidden_items(front.service, table_id)) == []
        assert await quiet(mine) and await quiet(watching) and await quiet(plain, 0.1)
        # The pictures the push names are that version's.
        table = front.service.get(table_id)
        png = await (await tab.get(for_ada["hand"]["png"])).read()
        assert png == table.definition.renderer.hand_png(table.engine.private_view(table.state, for_ada["you"]), "en")
        for client in (tab, ada, bob):
            await client.close()


async def test_a_page_behind_is_sent_the_table_at_once_and_a_hot_seat_page_looks_as_it_asks(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=2, options={"rounds": 1})
        data = await table_json(ada, table_id)
        socket = await ada.ws_connect(f"/api/tables/{table_id}/ws?v=-1")
        first = await pushed(socket, -1)
        assert first == data
        other = 1 - data["you"]
        await socket.send_str(json.dumps({"type": "seat", "seat": other}))
        looked = await pushed(socket, -1)
        assert looked["you"] == other and looked["moves"] == [] and looked["hand"]["png"].endswith(f"seat={other}")
        assert looked == await table_json(ada, table_id, seat=other)
        for noise in ("not json", json.dumps({"type": "seat", "seat": "1"}), json.dumps([1]), json.dumps({"x": 1})):
            await socket.send_str(noise)  # ignored
        assert await quiet(socket)
        await socket.send_str(json.dumps({"type": "seat", "seat": 9}))  # not the session's: the seat to act
        assert (await pushed(socket, -1))["you"] == data["you"]
        # A move: still the seat the page asked for, until it asks for the one to act again.
        await socket.send_str(json.dumps({"type": "seat", "seat": other}))
        await pushed(socket, -1)
        answer = await ada.post(f"/api/tables/{table_id}/actions", json={
            "action": data["moves"][0]["action"], "version": data["version"], "seat": data["you"]})
        assert answer.status == 200
        after = await pushed(socket, data["version"])
        assert after["you"] == other and after["moves"] and other in after["to_act"]
        await ada.close()


async def test_an_ended_session_is_sent_nothing_more(database_url):
    async with web_front(database_url) as front:
        ada, bob = await local_player(front, "Ada"), await local_player(front, "Bob")
        table_id = await new_table(ada, "setup", ai=[], humans=2, options={})
        data = await table_json(ada, table_id)
        socket = await bob.ws_connect(f"/api/tables/{table_id}/ws?v={data['version']}")
        assert (await bob.post("/api/session/end")).status == 200
        answer = await ada.post(f"/api/tables/{table_id}/actions",
                                json={"action": data["moves"][0]["action"], "version": data["version"]})
        assert answer.status == 200
        closing = await asyncio.wait_for(socket.receive(), 10)
        assert closing.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING) and socket.close_code == 1008
        await ada.close()
        await bob.close()


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
async def test_no_push_of_a_whole_game_shows_another_seats_hand(database_url, game):
    """The player's own page and a watcher's follow a whole game against the
    AI by pushes alone (the page asks nothing but its moves); no pushed table
    names what another seat holds."""
    async with web_front(database_url) as front:
        ada, bob = await local_player(front, "Ada"), await local_player(front, "Bob")
        table_id = await new_table(ada, game)
        tab = await front.client(cookie_of(ada))
        mine = await tab.ws_connect(f"/api/tables/{table_id}/ws?v=-1")
        watching = await bob.ws_connect(f"/api/tables/{table_id}/ws?v=-1")
        data, seen = await pushed(mine, -1), await pushed(watching, -1)
        live = front.service.get(table_id)  # kept: a finished game leaves the service
        service = SimpleNamespace(get=lambda _: live)
        checked = 0
        for _ in range(MAX_MOVES):
            while data["status"] == "playing" and not data["moves"]:
                data = await pushed(mine, data["version"])
            while seen["version"] < data["version"]:
                seen = await pushed(watching, seen["version"])
            assert seen["version"] == data["version"] == live.record.version
            for table, hidden in ((data, secrets_of_others(live, 0)), (seen, hidden_items(service, table_id))):
                text = json.dumps(table, ensure_ascii=False)
                assert not (shown_items(table) & hidden) and leaks(table, hidden) == [], "another seat's hand"
                assert all(item not in text for item in hidden if len(item) >= 4), "another seat's hand"
                checked += 1
            assert data["hand"] is not None and seen["hand"] is None and seen["moves"] == []
            if data["status"] != "playing":
                break
            answer = await tab.post(f"/api/tables/{table_id}/actions",
                                    json={"action": data["moves"][0]["action"], "version": data["version"]})
            assert answer.status == 200, await answer.text()
            data = await pushed(mine, data["version"])
        else:
            pytest.fail(f"{game} did not end in {MAX_MOVES} moves")
        assert data["status"] == "finished" and checked > 4
        for client in (tab, ada, bob):
            await client.close()
