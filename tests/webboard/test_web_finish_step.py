"""A Death Front move that also finishes your step on the web (issue 31,
decision 3): as Discord's "Confirm, done with this step", each move of an
action step carries ``finish`` (the same move with ``done``), which the page
offers beside Confirm; sending it makes the move and ends the mover's part
of the step (not asked again in it). Moves that cannot carry it (Pass,
Propose to end, the mulligan) have none, nor do tutorial moves."""
from __future__ import annotations

from tests.webboard.kit import local_player, new_table, table_json, web_front
from tests.webboard.test_web_tap_moves import play_until

CARRY_DONE = {"deploy", "move", "facility", "skill", "attack"}


async def test_each_action_step_move_offers_the_same_move_that_finishes_the_step(database_url):
    async with web_front(database_url, seed=2) as front:
        player = await local_player(front)
        table_id = await new_table(player, "deathfront")
        first = await table_json(player, table_id)
        assert first["moves"] and all(m["finish"] is None for m in first["moves"])  # the mulligan: nothing to finish
        data = await play_until(front, player, table_id,
                                lambda d: any(m["action"]["kind"] == "deploy" for m in d["moves"]))
        for move in data["moves"]:
            if move["action"]["kind"] in CARRY_DONE:
                assert move["finish"] == {**move["action"], "done": True}, move
            else:
                assert move["finish"] is None, move
        assert any(m["finish"] for m in data["moves"]) and any(m["finish"] is None for m in data["moves"])
        live = front.service.get(table_id)
        seat, round_ = data["you"], live.state.round
        deploy = next(m for m in data["moves"] if m["action"]["kind"] == "deploy")
        answer = await player.post(f"/api/tables/{table_id}/actions",
                                   json={"action": deploy["finish"], "version": data["version"]})
        assert answer.status == 200, await answer.text()
        ours = [action for _, by, action, _ in await front.service.queries.actions(table_id) if by == seat]
        assert ours[-1] == {**deploy["action"], "done": True}  # the move, done in the same action
        state = live.state
        assert state.round != round_ or state.step != "deploy" or (seat in state.done and seat not in live.to_act())


async def test_the_tutorial_offers_no_finishing_move(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        response = await player.get("/api/learn/deathfront")
        assert response.status == 200, await response.text()
        data = await response.json()
        assert data["moves"] and all(m["finish"] is None for m in data["moves"])
