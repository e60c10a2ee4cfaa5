"""The moves' ``steps`` and ``preview`` (docs/web.md, "Playing by tapping"):
a SETUP play is its placements with the points the engine will count, a
CUBED placement one pair shared by its rotations with what it leaves in the
hand, a Death Front attack one pair per attacker, offered for every group of
the ready attackers, with odds that only public facts decide; a seat not to
act gets no moves and so no preview."""
from __future__ import annotations

import asyncio
import time
from itertools import combinations
from typing import Any

from engines.cubed.engine import hand_points
from engines.cubed.pieces import PIECES_BY_ID
from engines.deathfront import choices
from engines.setup import rules
from games.deathfront import describe_moves as deathfront_moves
from i18n import t
from tests.support.move_choices import seeking_attacks, tappable
from tests.webboard.kit import local_player, new_table, table_json, web_front
from web.access import SeenTable
from web.moves import legal_moves


async def play_until(front: Any, player: Any, table_id: int, found: Any, limit: int = 300) -> dict[str, Any]:
    """Plays ``seeking_attacks`` through the API until ``found(data)``."""
    for _ in range(limit):
        data = await table_json(player, table_id)
        assert data["status"] == "playing", "the game ended first"
        if not data["moves"]:
            await asyncio.sleep(0.05)
            continue
        if found(data):
            return data
        move = seeking_attacks(data)
        answer = await player.post(f"/api/tables/{table_id}/actions", json={"action": move["action"],
                                                                            "version": data["version"]})
        assert answer.status == 200, await answer.text()
    raise AssertionError("never found")


async def test_a_setup_play_is_its_placements_with_its_points(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        table_id = await new_table(player, "setup")
        data = await table_json(player, table_id)
        state = front.service.get(table_id).state
        plays = [m for m in data["moves"] if m["action"]["kind"] == "play"]
        assert plays and any(len(m["steps"]) == 2 for m in plays)
        assert {len(m["steps"]) for m in tappable(data)} >= {1, 2}
        for move in plays:
            assert move["steps"] == [list(p) for p in move["action"]["placements"]]
            placed = {square: tile for tile, square in move["action"]["placements"]}
            points = len(rules.scoring_squares(state.visible_board(), placed))
            assert move["preview"].startswith(t("setup.preview.ok", "en", points=points) + " "
                                              + t("setup.preview.total", "en", total=state.scores[0] + points))
        assert all(not m["steps"] and not m["preview"] for m in data["moves"] if m["action"]["kind"] == "swap")
        move = next(m for m in plays if len(m["steps"]) == 2)
        answer = await player.post(f"/api/tables/{table_id}/actions",
                                   json={"action": move["action"], "version": data["version"]})
        assert answer.status == 200
        after = front.service.get(table_id).state
        assert move["preview"].startswith(t("setup.preview.ok", "en", points=after.scores[0]))


async def test_cubed_rotations_share_their_piece_and_cell(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        table_id = await new_table(player, "cubed")
        data = await table_json(player, table_id)
        state = front.service.get(table_id).state
        places = [m for m in data["moves"] if m["action"]["kind"] == "place"]
        by_pair: dict[str, list[int]] = {}
        for move in places:
            action = move["action"]
            cell = f"{action['cell'][0]},{action['cell'][1]}"
            assert move["steps"] == [[action["piece"], cell]]
            by_pair.setdefault(f"{action['piece']} {cell}", []).append(action["rotation"])
            points = hand_points(state, 0) - state.config.points.of(PIECES_BY_ID[action["piece"]].kind)
            left = t("cubed.preview.left", "en", pieces=len(state.hands[0]) - 1, points=points)
            assert move["preview"].startswith(left)
        assert any(len(rotations) > 1 for rotations in by_pair.values()), "no piece to turn"


def attack_groups(data: dict[str, Any]) -> dict[tuple[str, bool], set[tuple[str, ...]]]:
    groups: dict[tuple[str, bool], set[tuple[str, ...]]] = {}
    for move in data["moves"]:
        action = move["action"]
        if action["kind"] == "attack":
            groups.setdefault((action["target"], action["at_facility"]), set()).add(tuple(action["attackers"]))
    return groups


async def test_every_group_of_death_front_attackers_with_public_odds(database_url):
    async with web_front(database_url, seed=2) as front:
        player = await local_player(front)
        table_id = await new_table(player, "deathfront")
        data = await play_until(front, player, table_id,
                                lambda d: any(len(a) >= 2 for g in attack_groups(d).values() for a in g))
        state = front.service.get(table_id).state
        for (target, _facility), groups in attack_groups(data).items():
            ready = sorted(choices.attackers_for(state, 0, target))
            every = {g for size in range(1, len(ready) + 1) for g in combinations(ready, size)}
            assert groups == every, (target, groups)
        for move in (m for m in data["moves"] if m["action"]["kind"] == "attack"):
            action = move["action"]
            assert move["steps"] == [[cell, action["target"]] for cell in action["attackers"]]
            total, defence = choices.attack_odds(state, 0, action["target"] + ("F" if action["at_facility"] else ""),
                                                 action["attackers"])
            outcome = t("builder.deathfront.odds_win" if total > defence else "builder.deathfront.odds_fail",
                        "en", defence=defence)
            assert move["preview"] == t("deathfront.preview.odds", "en", total=total, defence=defence,
                                        outcome=outcome)
        # The odds are the same whatever the other seat holds in secret.
        actions = [front.service.get(table_id).engine.action_from_json(m["action"]) for m in data["moves"]]
        other = state.model_copy(deep=True)
        other.hands[1], other.decks[1] = other.decks[1][:len(other.hands[1])], other.hands[1] + other.decks[1][3:]
        assert other.hands[1] != state.hands[1]
        assert [w.preview for w in deathfront_moves(other, 0, actions, "en")] == [m["preview"] for m in data["moves"]]
        answer = await player.post(f"/api/tables/{table_id}/actions", json={"action": seeking_attacks(data)["action"],
                                                                            "version": data["version"]})
        assert answer.status == 200, "a group the engine does not list is still a legal attack"


async def test_a_seat_not_to_act_gets_no_moves_and_no_preview(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        table_id = await new_table(player, "setup", ai=[], humans=2)
        waiting = 1 - front.service.get(table_id).to_act()[0]
        data = await table_json(player, table_id, seat=waiting)
        assert data["you"] == waiting and data["moves"] == []


async def test_describing_the_moves_costs_little(database_url):
    """Measured, not asserted: the moves with their steps and previews, each
    turn of a whole game of first moves (printed with ``pytest -s``; docs/web.md)."""
    async with web_front(database_url) as front:
        player = await local_player(front)
        for game in ("setup", "cubed"):
            table_id = await new_table(player, game)
            worst, describing, most = 0.0, 0.0, 0
            for _ in range(200):
                data = await table_json(player, table_id)
                if data["status"] != "playing":
                    break
                live = front.service.get(table_id)
                seen = SeenTable(live.record, live.definition, live.state, True, [0])
                start = time.perf_counter()
                moves = legal_moves(seen, 0, "en")
                worst = max(worst, time.perf_counter() - start)
                actions = list(live.engine.legal_actions(live.state, 0))
                middle = time.perf_counter()
                live.definition.describe_moves(live.state, 0, actions, "en")
                describing = max(describing, time.perf_counter() - middle)
                most = max(most, len(moves))
                await player.post(f"/api/tables/{table_id}/actions",
                                  json={"action": data["moves"][0]["action"], "version": data["version"]})
            print(f"{game}: at most {most} moves a turn; the slowest turn: {worst * 1000:.1f} ms in all, "
                  f"describing them (steps, previews) {describing * 1000:.1f} ms")
            assert most


async def test_death_front_moves_that_end_the_game_or_propose_to_ask_first(database_url):
    """Issue 31/32: proposing to end, and the last card of the hand (the game
    ends at this round's resolution), carry the question the page asks before
    sending them (``confirm``); every other move sends on Confirm alone."""
    async with web_front(database_url, seed=2) as front:
        player = await local_player(front)
        table_id = await new_table(player, "deathfront")
        data = await play_until(front, player, table_id,
                                lambda d: any(m["action"]["kind"] == "deploy" for m in d["moves"]))
        proposals = [m for m in data["moves"] if m["action"]["kind"] == "propose_end"]
        assert len(proposals) == 1 and proposals[0]["confirm"].startswith("Propose to end the game now?")
        assert not proposals[0]["steps"]  # a button of the page, which now asks in the bar first
        assert all(not m["confirm"] for m in data["moves"] if m["action"]["kind"] != "propose_end")
        live = front.service.get(table_id)
        seat = live.to_act()[0]
        card = next(m["action"]["card"] for m in data["moves"] if m["action"]["kind"] == "deploy")
        live.state.hands[seat] = [card]  # as if its other cards were played: this one is the last
        words = deathfront_moves(live.state, seat, [live.engine.action_from_json(m["action"]) for m in data["moves"]
                                                     if m["action"].get("card") == card], "en")
        assert words and all(w.confirm == t("deathfront.confirm.last_card", "en") for w in words)
