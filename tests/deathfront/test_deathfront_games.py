"""AI-vs-AI games end well and use the whole rule set; actions of every kind survive JSON
(state round trips and replays from seed + action log: tests/contract)."""
from __future__ import annotations

import random
import time

import pytest
from test_deathfront_support import ENGINE, all_cards, expected_cards, new_game

LINEUPS = [
    (2, ["us", "ss"]),
    (2, ["uk", "wehrmacht"]),
    (2, ["wehrmacht", "us"]),
    (2, ["ss", "uk"]),
    (4, ["us", "ss", "uk", "wehrmacht"]),
    (4, ["wehrmacht", "uk", "ss", "us"]),
]


def ai_game(players, factions, seed, check_time=False):
    state = new_game(players=players, factions=factions, seed=seed)
    rng = random.Random(seed)
    log = []
    slowest = 0.0
    for _ in range(5000):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        started = time.perf_counter()
        action = ENGINE.ai_action(state, seat, rng)
        slowest = max(slowest, time.perf_counter() - started)
        log.append((seat, ENGINE.action_to_json(action)))
        state, _ = ENGINE.apply(state, seat, action)
    assert ENGINE.is_over(state), "AI game did not end"
    return state, log, slowest


@pytest.mark.parametrize(("players", "factions"), LINEUPS)
@pytest.mark.parametrize("seed", [1, 7, 42])
def test_ai_games_end_with_a_valid_result(players, factions, seed):
    state, log, slowest = ai_game(players, factions, seed)
    result = ENGINE.result(state)
    assert result.reason.startswith("deathfront.end.")
    assert sorted(set(result.ranks)) in ([1], [1, 2])
    if players == 4:
        assert result.teams is not None
        for a in range(4):
            for b in range(4):
                if result.teams[a] == result.teams[b]:
                    assert result.ranks[a] == result.ranks[b]
    assert all_cards(state) == expected_cards(state)
    assert state.round >= 1 and len(log) > 10


def test_ai_games_use_the_whole_rule_set():
    """Across several games the AI deploys, moves, attacks, places facilities and plays skills."""
    kinds = set()
    reasons = set()
    for seed in range(8):
        for players, factions in LINEUPS:
            state, log, _ = ai_game(players, factions, seed)
            kinds |= {action["kind"] for _, action in log}
            reasons.add(state.result.reason)
    assert {"deploy", "move", "attack", "facility", "skill", "pass", "keep"} <= kinds
    assert len(reasons) >= 2


def test_action_json_round_trip_for_every_kind():
    from engines.deathfront import (
        AgreeEnd,
        Attack,
        DeclineEnd,
        Deploy,
        Discard,
        Keep,
        Move,
        Mulligan,
        Pass,
        PlaceFacility,
        PlaySkill,
        ProposeEnd,
        SkipDraw,
    )

    actions = [
        Keep(), Mulligan(), SkipDraw(), Discard(card="us_m8-1"), Deploy(card="us_m8-1", cell="a1"),
        Move(from_cell="B2", to_cell="ｂ３"), PlaceFacility(card="us_bunker-1", cell="C3"),
        PlaySkill(card="ss_blitz-1", target="b5>b4"), Attack(target="b4", attackers=["a4", "C4"]), Pass(),
        ProposeEnd(), AgreeEnd(), DeclineEnd(),
    ]
    for action in actions:
        assert ENGINE.action_from_json(ENGINE.action_to_json(action)) == action
    assert Move(from_cell="B2", to_cell="ｂ３").to_cell == "B3"
    assert Attack(target="b4", attackers=["a4"]).attackers == ["A4"]
    assert Attack(target="b4", attackers="a4，ｃ４、 D4").attackers == ["A4", "C4", "D4"]
