"""``POST /api/tables/{id}/continue`` (docs/web.md): a SETUP play the
engine's list leaves out is built pair by pair on the server and played; bad
steps, a stale version, another seat, a watcher or a game that lists all
its moves are refused in the reader's language, and nothing changes."""
from __future__ import annotations

import json
from typing import Any

from engines.setup.notation import preview_play
from i18n import t
from tests.support.setup_plays import unlisted_plays
from tests.webboard.kit import local_player, new_table, table_json, web_front


def snapshot(front: Any, table_id: int) -> tuple[int, str]:
    table = front.service.get(table_id)
    return table.record.version, json.dumps(table.engine.state_to_json(table.state), sort_keys=True)


async def ask(player: Any, table_id: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    answer = await player.post(f"/api/tables/{table_id}/continue", json=body)
    return answer.status, dict(await answer.json())


async def test_an_unlisted_play_is_built_pair_by_pair_and_played(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        table_id = await new_table(player, "setup")
        data = await table_json(player, table_id)
        assert data["continues"] is True
        state = front.service.get(table_id).state
        play = unlisted_plays(state, 0, data["moves"])[0]
        version = data["version"]
        status, first = await ask(player, table_id, {"version": version, "steps": []})
        assert status == 200 and first["whole"] is None and play[0] in first["next"]
        status, half = await ask(player, table_id, {"version": version, "steps": play[:1]})
        assert status == 200 and play[1] in half["next"]
        status, done = await ask(player, table_id, {"version": version, "steps": play})
        assert status == 200, done
        move = done["whole"]
        assert set(move) == set(data["moves"][0])  # the shape of the listed moves
        assert move["steps"] == play and move["action"] == {"kind": "play", "placements": play}
        points = preview_play(state, 0, [tuple(p) for p in play]).points
        assert move["preview"].startswith(t("setup.preview.ok", "en", points=points))
        assert move["id"] not in {m["id"] for m in data["moves"]}
        answer = await player.post(f"/api/tables/{table_id}/actions", json={"action": move["action"],
                                                                            "version": version})
        assert answer.status == 200, await answer.text()
        after = front.service.get(table_id).state
        assert after.scores[0] == state.scores[0] + points
        assert all(after.stacks[square][-1] == tile for tile, square in play)


async def test_bad_steps_are_refused_in_the_readers_language_and_change_nothing(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front, "Bo", "zh-CN")
        table_id = await new_table(player, "setup")
        data = await table_json(player, table_id)
        state = front.service.get(table_id).state
        mine = state.hands[0][0]
        before = snapshot(front, table_id)
        version = data["version"]
        cases = [
            ({"version": version, "steps": "C1"}, 422, "web.err.bad_steps"),
            ({"version": version, "steps": [[mine]]}, 422, "web.err.bad_steps"),
            ({"version": version, "steps": [[mine, 3]]}, 422, "web.err.bad_steps"),
            ({"version": version, "steps": [[mine, "C1"]] * 17}, 422, "web.err.bad_steps"),
            ({"version": version, "steps": [["x" * 41, "C1"]]}, 422, "web.err.bad_steps"),
            ({"version": version, "steps": [[mine, "C1"], [mine, "C2"]]}, 422, "setup.err.duplicate_tile"),
            ({"version": version, "steps": [[state.hands[1][0], "C1"]]}, 422, "setup.err.tile_not_available"),
            ({"version": version, "steps": [[mine, "Q7"]]}, 422, "setup.err.unknown_square"),
            ({"version": version - 1, "steps": []}, 409, "core.err.moved_on"),
            ({"version": str(version), "steps": []}, 400, "web.err.bad_version"),
            ({"version": version, "seat": 1, "steps": []}, 403, "web.err.not_your_seat"),
        ]
        for body, status, key in cases:
            got, answer = await ask(player, table_id, body)
            assert (got, answer["error"]) == (status, key), (body, answer)
            assert answer["message"] and answer["message"] != key
        _, answer = await ask(player, table_id, {"version": version, "steps": [[mine, "C1"], [mine, "C2"]]})
        assert answer["message"] == t("setup.err.duplicate_tile", "zh-CN", tile=answer["message"].split(" ")[0])
        assert snapshot(front, table_id) == before


async def test_watchers_strangers_and_games_that_list_every_move_are_refused(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup")
        version = (await table_json(ada, table_id))["version"]
        stranger = await local_player(front, "Eve")  # a local session watches a local table
        status, answer = await ask(stranger, table_id, {"version": version, "steps": []})
        assert (status, answer["error"]) == (403, "core.err.not_seated")
        cubed = await new_table(ada, "cubed")
        data = await table_json(ada, cubed)
        assert data["continues"] is False
        status, answer = await ask(ada, cubed, {"version": data["version"], "steps": []})
        assert (status, answer["error"]) == (404, "web.err.no_steps")
