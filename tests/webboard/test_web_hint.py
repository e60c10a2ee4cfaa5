"""``GET /api/tables/{id}/hint`` (issue 23): a local table opened with
``"hints": true`` answers its own player on their turn with the AI's legal
move and its reason, in the session's language; hints off, a bad switch
value and another session are refused, and nothing changes."""
from __future__ import annotations

from tests.webboard.kit import local_player, new_table, web_front


async def test_the_seat_to_act_gets_a_legal_hint(database_url):
    async with web_front(database_url) as front:
        lin = await local_player(front, "Lin", locale="zh-CN")
        table_id = await new_table(lin, "setup", ai=["greedy"], humans=1,
                                   options={"stall_rounds": 2, "first_seat": 0, "hints": True})
        live = front.service.get(table_id)
        assert live.record.config["hints"] is True
        version = live.record.version
        response = await lin.get(f"/api/tables/{table_id}/hint")
        assert response.status == 200, await response.text()
        data = await response.json()
        assert data["seat"] == 0 and data["version"] == version
        action = live.engine.action_from_json(data["move"]["action"])
        live.engine.apply(live.state, 0, action)  # legal, else IllegalAction
        assert data["why"] and data["why"] in data["text"] and "AI 建议" in data["text"]
        assert live.record.version == version  # a hint changes nothing
        eve = await local_player(front, "Eve")
        assert (await eve.get(f"/api/tables/{table_id}/hint")).status == 403


async def test_hints_off_and_a_bad_switch_are_refused(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup", ai=["greedy"], humans=1, options={"stall_rounds": 2, "first_seat": 0})
        response = await ada.get(f"/api/tables/{table_id}/hint")
        assert response.status == 422
        assert (await response.json())["error"] == "hints.off_refusal"
        before = len(front.service.tables)
        response = await ada.post("/api/local/tables", json={"game": "setup", "ai": ["greedy"], "humans": 1,
                                                             "options": {"hints": "yes"}})
        assert response.status == 400 and (await response.json())["error"] == "web.err.bad_option"
        assert len(front.service.tables) == before
