"""The leak fuzz over the board's new routes (issue 35): lobby steps, options,
a seat's own choice (a faction) and the host's side moves, the channel's
socket, rematch and review, asked at random by players, watchers, a session of
nobody and malformed bodies, on games in play and on a lobby. Every refusal
is a localized 4xx that changes nothing; no answer (refused or not) carries
an item hidden in any seat's hand; the lobby's answers carry no state."""
from __future__ import annotations

import json
import random
from typing import Any

from tests.webboard.kit import local_player, new_table, table_json, web_front
from tests.webboard.watching import hidden_items, leaks

REQUESTS = 400


def snapshot(front: Any, table_id: int) -> tuple[int, str, str]:
    table = front.service.get(table_id)
    state = json.dumps(table.engine.state_to_json(table.state), sort_keys=True) if table.state is not None else ""
    return table.record.version, state, table.record.model_dump_json()


async def test_the_new_routes_refuse_clearly_change_nothing_and_leak_nothing(database_url):
    rng = random.Random(35)
    async with web_front(database_url) as front:
        ada, bob, cy = (await local_player(front, "Ada"), await local_player(front, "Bob", "zh-CN"),
                        await local_player(front, "Cy", "zh-TW"))
        nobody = await front.client()
        clients = {"ada": ada, "bob": bob, "cy": cy, "nobody": nobody}
        playing = {"deathfront": await new_table(ada, "deathfront"), "setup": await new_table(bob, "setup"),
                   "cubed": await new_table(ada, "cubed", humans=2)}
        lobby = (await (await ada.post("/api/lobbies", json={"game": "deathfront"})).json())["table_id"]
        hidden = set().union(*(hidden_items(front.service, t) for t in playing.values()))
        assert hidden
        tables = [*playing.values(), lobby]
        before = {t: snapshot(front, t) for t in tables}
        steps = ["join", "leave", "add_ai", "ai_level", "option", "side", "cancel", "start", "fly", 7, None]

        def pick() -> tuple[str, str, str, Any, set[int]]:
            kind = rng.randrange(10)
            table = rng.choice(tables)
            if kind == 0:  # a lobby step on a game in play
                return rng.choice(["ada", "bob", "cy"]), "POST", f"/api/tables/{rng.choice(list(playing.values()))}" \
                    "/lobby", json.dumps({"do": rng.choice(steps[:8])}), {400, 409}
            if kind == 1:  # the lobby's host-only steps by others, and bad values
                body = rng.choice([{"do": "start"}, {"do": "cancel"}, {"do": "add_ai"},
                                   {"do": "option", "key": "round_limit", "value": "10"},
                                   {"do": "option", "key": "first_seat", "value": "0"}])
                return rng.choice(["bob", "cy"]), "POST", f"/api/tables/{lobby}/lobby", json.dumps(body), {422}
            if kind == 2:
                body = rng.choice([{"do": "option", "key": "round_limit", "value": "9999"},
                                   {"do": "option", "key": "nope", "value": "1"}, {"do": "option", "key": 5},
                                   {"do": "ai_level", "level": "godlike"}, {"do": "side", "side": "x"},
                                   {"do": "side", "side": 1}, {"do": rng.choice(steps[8:])}, [1], "join",
                                   {"do": "option", "key": "x" * 99, "value": "1"}, {"do": "leave"}])
                return "ada", "POST", f"/api/tables/{lobby}/lobby", json.dumps(body), {400, 422}
            if kind == 3:  # a rematch of a game not finished, or of a lobby
                return rng.choice(["ada", "bob", "cy"]), "POST", f"/api/tables/{table}/rematch", "", {403, 422}
            if kind == 4:  # a review of a game not finished, of a watched one, of a lobby
                return rng.choice(["ada", "bob", "cy"]), "GET", f"/api/tables/{table}/review", None, {403, 422}
            if kind == 5:
                body = rng.choice([{"game": "chess"}, {"game": 3}, {}, {"game": ["setup"]}])
                return rng.choice(["ada", "cy"]), "POST", "/api/lobbies", json.dumps(body), {400}
            if kind == 6:  # no session
                return "nobody", rng.choice(["POST"]), rng.choice(
                    [f"/api/tables/{table}/lobby", f"/api/tables/{table}/rematch", "/api/lobbies"]), "{}", {401}
            if kind == 7:  # a seat's own choice or a side: not seated, another's seat, bad keys and values
                who = rng.choice(["ada", "bob", "cy"])
                body = rng.choice([{"do": "choice", "key": "faction", "value": "us"},
                                   {"do": "choice", "key": "faction", "value": "us", "seat": 0},
                                   {"do": "choice", "key": "faction", "value": "italy"},
                                   {"do": "choice", "key": "colour", "value": "us"},
                                   {"do": "choice", "key": "faction", "value": "ss", "seat": 9},
                                   {"do": "side", "side": 0, "seat": 0}])
                if who == "ada" and body in ({"do": "choice", "key": "faction", "value": "us"},):
                    body = {"do": "choice", "key": "faction", "value": "us", "seat": "x"}
                return who, "POST", f"/api/tables/{lobby}/lobby", json.dumps(body), {400, 403, 422}
            if kind == 8:  # the channel's socket as a plain request: no server, not a Discord session, nobody
                who = rng.choice(["ada", "bob", "nobody"])
                path = rng.choice(["/api/channels/2/ws", "/api/channels/2/ws?guild_id=1", "/api/channels/x/ws"])
                return who, "GET", path, None, {401} if who == "nobody" else {400, 403}
            watched = rng.choice([playing["deathfront"], playing["cubed"], lobby])  # a watcher's JSON (Bob, Cy)
            return rng.choice(["bob", "cy"]), "GET", f"/api/tables/{watched}", None, {200}

        statuses: dict[int, int] = {}
        for _ in range(REQUESTS):
            who, method, path, body, allowed = pick()
            response = await clients[who].request(method, path, data=body)
            text = await response.text()
            assert response.status in allowed, (who, method, path, body, response.status, text)
            statuses[response.status] = statuses.get(response.status, 0) + 1
            answer = json.loads(text)
            if response.status != 200:
                assert answer["error"] and answer["message"] and answer["message"] != answer["error"], answer
                assert not answer["error"].startswith("web.err.internal")
            assert leaks(answer, hidden) == [], (who, path)
            assert {t: snapshot(front, t) for t in tables} == before, (who, method, path, body)
        assert {200, 400, 401, 403, 409, 422} <= set(statuses), statuses
        seen = await table_json(cy, lobby)
        assert seen["lobby"] and seen["board"] is None and seen["hand"] is None and seen["moves"] == []
        for client in clients.values():
            await client.close()
