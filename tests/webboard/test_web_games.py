"""Whole games through the API: a person against an AI, each move the first
legal one, to the end; a second page of the same player hears "changed"
after every move and "over" at the end; no answer shows another seat's hand."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.webboard.kit import cookie_of, local_player, new_table, next_message, table_json, web_front

MAX_MOVES = 600


def leaves(value: Any) -> set[str]:
    """Every string and number in a JSON value, as text."""
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return {str(value)} if isinstance(value, (str, int)) and not isinstance(value, bool) else set()


def secrets_of_others(table: Any, you: int) -> set[str]:
    """What other seats hold in secret and nothing public or of ``you`` names."""
    engine, state = table.engine, table.state
    public = leaves(engine.public_view(state).model_dump(mode="json"))
    own = leaves(engine.hidden_hand(state, you))
    hidden: set[str] = set()
    for seat in range(len(table.seats)):
        if seat != you:
            hidden |= leaves(engine.hidden_hand(state, seat))
    return {item for item in hidden - public - own if len(item) >= 2 and not item.isdigit()}


def shown_items(data: dict[str, Any]) -> set[str]:
    """What an answer names outside its public log: moves, regions, the hand."""
    shown = leaves([m["action"] for m in data["moves"]]) | {m["label"] for m in data["moves"]}
    shown |= {str(m[k]) for m in data["moves"] for k in ("from", "to") if m[k] is not None}
    shown |= leaves([m["steps"] for m in data["moves"]]) | {m["preview"] for m in data["moves"]}
    for part in ("board", "hand"):
        if data[part]:
            shown |= {r["id"] for r in data[part]["regions"]}
    return shown


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
async def test_a_whole_game_against_the_ai_through_the_api(database_url, game):
    async with web_front(database_url) as front:
        player = await local_player(front)
        table_id = await new_table(player, game)
        watcher = await front.client(cookie_of(player))
        socket = await watcher.ws_connect(f"/api/tables/{table_id}/ws")
        moves = 0
        try:
            for _ in range(MAX_MOVES):
                data = await table_json(player, table_id)
                if data["status"] != "playing":
                    break
                live = front.service.get(table_id)
                assert data["you"] == 0 and data["you"] in data["to_act"] and data["moves"], data["turn_line"]
                assert data["hand"] is None or data["hand"]["png"].endswith("seat=0")
                hidden = secrets_of_others(live, 0)
                text = json.dumps(data, ensure_ascii=False)
                assert not (shown_items(data) & hidden), "another seat's hand in the answer"
                assert all(item not in text for item in hidden if len(item) >= 4), "another seat's hand"
                move = data["moves"][0]
                answer = await player.post(f"/api/tables/{table_id}/actions",
                                           json={"action": move["action"], "version": data["version"]})
                assert answer.status == 200, await answer.text()
                version = (await answer.json())["version"]
                assert version > data["version"]
                moves += 1
                heard = await next_message(socket)
                while heard["type"] == "changed" and heard["version"] < version:
                    heard = await next_message(socket)
                assert heard["type"] in ("changed", "over") and (heard["type"] == "over" or heard["version"] >= version)
            else:
                pytest.fail(f"{game} did not end in {MAX_MOVES} moves")
            final = await table_json(player, table_id)
            assert final["status"] == "finished" and final["moves"] == [] and moves > 0
            assert final["log"] and final["turn_line"]
            seen = []
            while not seen or seen[-1]["type"] != "over":
                seen.append(await next_message(socket))
            assert seen[-1] == {"type": "over"}
        finally:
            await socket.close()
            await watcher.close()
            await player.close()
