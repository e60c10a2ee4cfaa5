"""Every request for another table, another seat or a hidden hand, with a
malformed id or body, or with a forged, foreign or ended cookie is refused
clearly (a 4xx with a localized message) and changes nothing."""
from __future__ import annotations

import json
import random
from typing import Any

from tests.webboard.kit import cookie_of, local_player, new_table, table_json, web_front
from web.sessions import SessionKeeper

REQUESTS = 1200


def snapshot(front: Any, table_id: int) -> tuple[int, str]:
    table = front.service.get(table_id)
    return table.record.version, json.dumps(table.engine.state_to_json(table.state), sort_keys=True)


def forged(cookie: str, rng: random.Random) -> str:
    body, signature = cookie.rsplit(".", 1)  # itsdangerous: payload.timestamp.signature
    flip = rng.randrange(len(signature))
    return f"{body}.{signature[:flip]}{'0' if signature[flip] != '0' else '1'}{signature[flip + 1:]}"


def swapped_body(mine: str, theirs: str) -> str:
    """Another session's payload under my signature."""
    return f"{theirs.rsplit('.', 1)[0]}.{mine.rsplit('.', 1)[1]}"


async def test_a_fuzz_of_refused_requests_changes_nothing(database_url):
    rng = random.Random(22)
    async with web_front(database_url) as front:
        ada = await local_player(front, "Ada")
        bob = await local_player(front, "Bob", "zh-CN")
        ada_table = await new_table(ada, "deathfront")
        bob_table = await new_table(bob, "setup")
        ada_cookie, bob_cookie = cookie_of(ada), cookie_of(bob)
        ended = await local_player(front, "Cy")
        ended_cookie = cookie_of(ended)
        assert (await ended.post("/api/session/end")).status == 200
        foreign_cookie = SessionKeeper("another-secret").new(-16, "Eve", "en", "local")[1]
        version = (await table_json(ada, ada_table))["version"]
        before = {t: snapshot(front, t) for t in (ada_table, bob_table)}
        nobody = await front.client()
        clients = {"ada": ada, "bob": bob, "nobody": nobody}
        for cookie in (forged(ada_cookie, rng), swapped_body(ada_cookie, bob_cookie), ended_cookie, foreign_cookie,
                       "garbage", ada_cookie + "x"):
            clients[cookie] = await front.client(cookie)
        cookies = [c for c in clients if c not in ("ada", "bob", "nobody")]
        good_action = (await table_json(ada, ada_table))["moves"][0]["action"]
        bob_json = await table_json(bob, bob_table)
        bob_action, bob_version = bob_json["moves"][0]["action"], bob_json["version"]

        def pick() -> tuple[str, str, str, Any, dict[str, str], set[int]]:
            """(client, method, path, body, headers, allowed statuses)."""
            kind = rng.randrange(15)
            other = f"/api/tables/{bob_table}"
            mine = f"/api/tables/{ada_table}"
            if kind == 0:  # Ada may watch Bob's local table: his hand, a seat there, a move are refused
                seat = rng.choice(["0", "1", "-1", "x", ""])
                method, path, body = rng.choice([
                    ("GET", f"{other}/hand.png?seat={seat}", None), ("GET", f"{other}?seat={seat or 0}", None),
                    ("POST", f"{other}/actions", json.dumps({"action": bob_action, "version": bob_version,
                                                             "seat": int(seat) if seat.lstrip("-").isdigit() else 0}))])
                return "ada", method, path, body, {}, {403}
            if kind == 1:
                return "ada", "GET", f"{mine}/hand.png?seat={rng.choice(['1', '2', '-1', 'x', '99'])}", None, {}, {403}
            if kind == 2:
                return "ada", "GET", f"{mine}?seat={rng.choice(['1', '7', 'abc', '0x0'])}", None, {}, {403}
            if kind == 3:
                bad = rng.choice(["abc", "-1", "0", "99999999999999999999", "1e3", "%20", "１", str(bob_table + 1000)])
                return "ada", rng.choice(["GET", "POST"]), f"/api/tables/{bad}" + rng.choice(["", "/actions"]), \
                    {}, {}, {404, 405}
            if kind == 4:
                raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
                return "ada", "POST", f"{mine}/actions", raw, {"Content-Type": "application/json"}, {400}
            if kind == 5:
                body = rng.choice([{"action": {"kind": "nope"}, "version": version},
                                   {"action": {"kind": "deploy", "card": 5}, "version": version},
                                   {"action": "deploy", "version": version}, {"version": version},
                                   [1, 2], "text", None, {"action": good_action, "version": str(version)},
                                   {"action": good_action}])
                return "ada", "POST", f"{mine}/actions", json.dumps(body).encode(), {}, {400}
            if kind == 6:
                return "ada", "POST", f"{mine}/actions", json.dumps(
                    {"action": good_action, "version": version + rng.choice([-1, 1, 5])}).encode(), {}, {409}
            if kind == 7:
                return "ada", "POST", f"{mine}/actions", json.dumps(
                    {"action": good_action, "version": version, "seat": rng.choice([1, -1, 5, "1"])}).encode(), \
                    {}, {403}
            if kind == 8:
                return "bob", "POST", f"{mine}/actions", json.dumps(
                    {"action": good_action, "version": version}).encode(), {}, {403}
            if kind == 9:
                return "ada", "POST", f"{mine}/actions", json.dumps(
                    {"action": good_action, "version": version}).encode(), {"Origin": "http://evil.example"}, {403}
            if kind == 10:
                return rng.choice(cookies + ["nobody"]), rng.choice(["GET", "POST"]), rng.choice(
                    [mine, f"{mine}/board.png", f"{mine}/hand.png"]), None, {}, {401, 405}
            if kind == 11:
                return rng.choice(cookies + ["nobody"]), "POST", f"{mine}/actions", json.dumps(
                    {"action": good_action, "version": version}).encode(), {}, {401}
            if kind == 12:
                return "ada", "POST", "/api/local/tables", json.dumps(rng.choice([
                    {"game": "chess"}, {"game": "setup", "ai": ["godlike"]}, {"game": "setup", "humans": 0},
                    {"game": "setup", "ai": ["easy", "hard"]}, {"game": "setup", "options": []},
                    {"game": "setup", "humans": "2"}, {"game": "setup", "options": {"finish": 999}}])).encode(), {}, {400}
            if kind == 13:  # building a move on the server: watching, stale, bad steps, a game that lists all
                steps = rng.choice([[["★7"]], "C1", [["★7", "C1"], ["★7", "C2"]], [["★11", "C1"]], [[1, 2]]])
                return rng.choice([
                    ("ada", "POST", f"{other}/continue", json.dumps({"version": bob_version, "steps": []}).encode(),
                     {}, {403}),
                    ("bob", "POST", f"{other}/continue", json.dumps({"version": bob_version + 1, "steps": []}).encode(),
                     {}, {409}),
                    ("bob", "POST", f"{other}/continue", json.dumps({"version": bob_version, "steps": steps}).encode(),
                     {}, {422}),
                    ("ada", "POST", f"{mine}/continue", json.dumps({"version": version, "steps": []}).encode(), {},
                     {404})])
            return "ada", "POST", f"{mine}/actions", json.dumps(
                {"action": {"kind": "play", "placements": [["★7", "C1"]]}, "version": version}).encode(), {}, {400}

        statuses: dict[int, int] = {}
        for _ in range(REQUESTS):
            who, method, path, body, headers, allowed = pick()
            client = clients[who]
            if path.endswith("/ws") and who == "ada":
                response = await client.get(path, headers={"Connection": "Upgrade", "Upgrade": "websocket",
                                                           "Sec-WebSocket-Version": "13",
                                                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            else:
                response = await client.request(method, path, data=body, headers=headers)
            assert response.status in allowed, (who, method, path, response.status, await response.text())
            statuses[response.status] = statuses.get(response.status, 0) + 1
            if response.status != 405:
                answer = await response.json()
                assert answer["error"] and answer["message"] and answer["message"] != answer["error"], answer
                assert not answer["error"].startswith("web.err.internal")
            assert {t: snapshot(front, t) for t in (ada_table, bob_table)} == before, (method, path)
        assert sum(statuses.values()) >= 1000 and {400, 401, 403, 404, 409, 422} <= set(statuses), statuses
        # The refusals were not the whole story: the same move with the right version and seat is taken.
        answer = await ada.post(f"/api/tables/{ada_table}/actions", json={"action": good_action, "version": version})
        assert answer.status == 200 and snapshot(front, ada_table) != before[ada_table]
        for client in clients.values():
            await client.close()


async def test_refusals_speak_the_readers_language(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front, "Ada", "zh-CN")
        response = await ada.get("/api/tables/12345")
        assert response.status == 404
        assert (await response.json()) == {"error": "web.err.no_table", "message": "没有这局游戏。"}
        await ada.close()


async def test_a_socket_from_another_site_is_refused(database_url):
    from aiohttp import WSServerHandshakeError

    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup")
        try:
            await ada.ws_connect(f"/api/tables/{table_id}/ws", headers={"Origin": "http://evil.example"})
        except WSServerHandshakeError as refused:
            assert refused.status == 403
        else:
            raise AssertionError("a cross-site socket was accepted")
        socket = await ada.ws_connect(f"/api/tables/{table_id}/ws")  # the page's own origin
        await socket.close()
        await ada.close()
