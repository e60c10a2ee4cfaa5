"""Death Front's factions and the host's side moves on the board's lobby
(issue 35), the chat's rules and refusals through the table service: each
player chooses their own faction (each faction once: another seat's is
refused), the host chooses for an AI seat and moves any seat to a side;
everyone else is refused, nothing changes on a refusal, and every page of
the table sees each choice live. The start uses the choices."""
from __future__ import annotations

from engines.deathfront.cards import side_of_faction
from tests.webboard.kit import local_player, next_message, table_json, web_front
from tests.webboard.test_web_lobby import refused, step


async def test_factions_and_sides_from_the_board(database_url):
    async with web_front(database_url) as front:
        ada, bo, cy = (await local_player(front, "Ada"), await local_player(front, "Bo", "zh-CN"),
                       await local_player(front, "Cy"))
        table_id = (await (await ada.post("/api/lobbies", json={"game": "deathfront"})).json())["table_id"]
        lobby = (await table_json(ada, table_id))["lobby"]
        faction = lobby["seat_choices"][0]
        assert faction["key"] == "faction" and faction["title"] == "Faction"
        assert [v["label"] for v in faction["values"]] == ["US (Allies)", "UK (Allies)", "SS (Axis)",
                                                            "Wehrmacht (Axis)"]
        assert lobby["seats"][0]["may_choose"] and lobby["seats"][0]["chosen"] == {"faction": None}
        assert lobby["sides"] is None  # two seats or fewer: not a team lobby yet

        assert (await step(bo, table_id, do="join")).status == 200
        watcher = await cy.ws_connect(f"/api/tables/{table_id}/ws?v=0")
        assert (await step(bo, table_id, do="choice", key="faction", value="ss")).status == 200
        pushed = (await next_message(watcher))["table"]["lobby"]
        assert pushed["seats"][1]["chosen"] == {"faction": "ss"} and "SS" in pushed["seats"][1]["choices"]
        assert not pushed["seats"][1]["may_choose"]  # a watcher chooses for nobody
        bo_view = (await table_json(bo, table_id))["lobby"]
        assert [v["label"] for v in bo_view["seat_choices"][0]["values"]][0] == "美军（盟军）"
        assert bo_view["seats"][1]["may_choose"] and not bo_view["seats"][0]["may_choose"]

        before = front.service.get(table_id).record.model_dump_json()
        answer = await step(ada, table_id, do="choice", key="faction", value="ss")  # Bo's faction
        await refused(answer, 422, "deathfront.err.faction_taken")
        assert (await answer.json())["message"] == "Bo already plays SS: each faction can be chosen once."
        await refused(await step(ada, table_id, do="choice", key="faction", value="italy"), 422, "core.err.bad_option")
        await refused(await step(ada, table_id, do="choice", key="colour", value="us"), 422, "core.err.bad_option")
        await refused(await step(ada, table_id, do="choice", key="faction", value="us", seat=1), 422,
                      "core.err.bad_option")  # not for another person's seat
        await refused(await step(cy, table_id, do="choice", key="faction", value="us"), 422, "core.err.not_in_lobby")
        await refused(await step(ada, table_id, do="choice", key="faction"), 400, "web.err.bad_lobby_step")
        assert front.service.get(table_id).record.model_dump_json() == before

        # An AI seat's faction is the host's to choose; the third seat makes it a team lobby (Allies / Axis).
        assert (await step(ada, table_id, do="add_ai")).status == 200
        await refused(await step(bo, table_id, do="choice", key="faction", value="uk", seat=2), 422,
                      "core.err.host_only")
        assert (await step(ada, table_id, do="choice", key="faction", value="uk", seat=2)).status == 200
        lobby = (await table_json(ada, table_id))["lobby"]
        assert lobby["sides"]["names"] == ["Allies", "Axis"]
        assert [s["side"] for s in lobby["seats"]] == [None, 1, 0]
        assert [s["may_choose"] for s in lobby["seats"]] == [True, False, True]

        # The host moves any seat to a side (a faction of the other side goes); others may not.
        await refused(await step(bo, table_id, do="side", side=0, seat=0), 422, "core.err.host_only")
        assert (await step(ada, table_id, do="side", side=1, seat=2)).status == 200
        lobby = (await table_json(cy, table_id))["lobby"]
        assert [s["side"] for s in lobby["seats"]] == [None, 1, 1] and lobby["seats"][2]["chosen"] == {"faction": None}
        before = front.service.get(table_id).record.model_dump_json()
        await refused(await step(ada, table_id, do="side", side=1, seat=0), 422, "teams.err.side_full")
        await refused(await step(ada, table_id, do="choice", key="faction", value="wehrmacht"), 422,
                      "teams.err.side_full")  # a faction sets the side: the Axis is full
        assert front.service.get(table_id).record.model_dump_json() == before

        assert (await step(ada, table_id, do="choice", key="faction", value="us")).status == 200
        assert (await step(cy, table_id, do="join")).status == 200
        assert (await step(ada, table_id, do="start")).status == 200
        state = front.service.get(table_id).state
        assert state.factions[0] == "us" and "ss" in state.factions
        assert [side_of_faction(f) for f in state.factions].count(1) == 2
        await watcher.close()
        for client in (ada, bo, cy):
            await client.close()
