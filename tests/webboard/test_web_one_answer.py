"""Two answers to one position (a double tap, two tabs): exactly one is
played, the other is refused as "the game moved on" — the version is checked
under the table's lock, not only before it."""
from __future__ import annotations

import asyncio

from tests.webboard.kit import local_player, new_table, table_json, web_front


async def test_two_moves_posted_at_once_for_one_version_play_once(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front, "Ada")
        table_id = await new_table(ada, "cubed")
        state = await table_json(ada, table_id)
        moves = state["moves"]
        assert len(moves) >= 2
        version = state["version"]
        posts = [ada.post(f"/api/tables/{table_id}/actions", json={"action": move["action"], "version": version})
                 for move in moves[:2]]
        answers = await asyncio.gather(*posts)
        statuses = sorted(answer.status for answer in answers)
        assert statuses == [200, 409], statuses
        refused = next(answer for answer in answers if answer.status == 409)
        body = await refused.json()
        assert body["error"] in ("core.err.moved_on", "web.err.stale") and "moved on" in body["message"]
        live = front.service.get(table_id)
        actions = await front.service.games.actions(table_id)
        assert [seat for _, seat, _, _ in actions].count(0) == 1  # the person's one move; the AI's follow
        assert live.record.version >= version + 1


async def test_the_service_refuses_an_action_for_a_version_that_is_gone(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front, "Ada")
        table_id = await new_table(ada, "cubed")
        state = await table_json(ada, table_id)
        live = front.service.get(table_id)
        user = live.seats[0].user_id
        action = live.engine.action_from_json(state["moves"][0]["action"])
        before = live.record.version
        try:
            await front.service.act(table_id, user, action, expected_version=before + 5)
        except Exception as error:  # noqa: BLE001 - the refusal is the point
            assert getattr(error, "key", "") == "core.err.moved_on"
        else:
            raise AssertionError("an action for a gone version was played")
        assert live.record.version == before
        await front.service.act(table_id, user, action, expected_version=before)
        assert live.record.version > before
