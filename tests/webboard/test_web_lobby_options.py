"""The web's local tables take the lobby options of issue 25 in ``options``:
CUBED's points (a preset or per-kind values), Death Front's round limit,
SETUP's rounds of swaps and who starts (``first_seat``), each checked: a bad
one is refused with a reason that names it, and no table is made."""
from __future__ import annotations

from typing import Any

from tests.webboard.kit import local_player, new_table, web_front


async def refused(client: Any, game: str, options: dict[str, Any], humans: int = 2) -> dict[str, Any]:
    response = await client.post("/api/local/tables", json={"game": game, "ai": [], "humans": humans,
                                                            "options": options})
    assert response.status == 400, await response.text()
    return dict(await response.json())


async def test_options_reach_the_game(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=2,
                                   options={"rounds": 1, "points": "steep", "first_seat": 1})
        state = front.service.get(table_id).state
        assert state.config.points.model_dump() == {"blocker": 10, "one": 5, "two": 2, "three": 1}
        assert state.current == 1
        table_id = await new_table(ada, "cubed", ai=[], humans=2,
                                   options={"rounds": 1, "points": {"blocker": 9, "one": 0, "two": 0, "three": 4}})
        assert front.service.get(table_id).state.config.points.of("blocker") == 9
        table_id = await new_table(ada, "setup", ai=[], humans=2, options={"stall_rounds": 6, "first_seat": 1})
        state = front.service.get(table_id).state
        assert state.config.stall_rounds == 6 and state.current_seat == 1
        table_id = await new_table(ada, "deathfront", ai=["greedy"], humans=1, options={"round_limit": 12, "first_seat": 1})
        state = front.service.get(table_id).state
        assert state.config.round_limit == 12 and state.factions[1] == "us"  # the starter plays the Allies


async def test_bad_options_are_refused_with_their_name(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        before = len(front.service.tables)
        answer = await refused(ada, "deathfront", {"round_limit": 0})
        assert answer["error"] == "web.err.bad_option" and "round_limit" in answer["message"]
        answer = await refused(ada, "setup", {"stall_rounds": 99})
        assert answer["error"] == "web.err.bad_option" and "stall_rounds" in answer["message"]
        answer = await refused(ada, "cubed", {"points": {"blocker": -1}})
        assert answer["error"] == "web.err.bad_option" and "points.blocker" in answer["message"]
        answer = await refused(ada, "cubed", {"points": "lots"})
        assert answer["error"] == "web.err.bad_option" and "points" in answer["message"]
        answer = await refused(ada, "cubed", {"first_seat": 2})
        assert answer["error"] == "web.err.bad_first_seat"
        assert answer["message"] == "first_seat is the seat that starts, from 0 to 1 for this table of 2 seats."
        answer = await refused(ada, "setup", {"stall_round": 2})
        assert answer == {"error": "web.err.unknown_option", "message": "This game has no option named stall_round."}
        assert len(front.service.tables) == before
        lin = await local_player(front, "Lin", locale="zh-TW")
        answer = await refused(lin, "setup", {"stall_rounds": 0})
        assert "stall_rounds" in answer["message"] and "這個遊戲不接受" in answer["message"]
