"""States and actions survive JSON; seed + action log replays a game exactly."""
import json
import random

import pytest

from engines.base import SeatInfo
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SetupConfig, SwapAction

ENGINE = SetupEngine()


def through_text(data):
    return json.loads(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("mode, players", [("ffa", 2), ("ffa", 3), ("teams", 4)])
def test_state_round_trip_and_replay(mode, players):
    config = SetupConfig(mode=mode, finish=25)
    seats = [SeatInfo(name=f"p{i}", is_ai=i > 0) for i in range(players)]
    state = ENGINE.new_game(config, seats, seed=42)
    rng = random.Random(5)
    log = []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        actions = ENGINE.legal_actions(state, seat)
        if len(log) < players:  # everyone swaps once so the log holds both kinds
            action = SwapAction(tiles=state.hands[seat][:2])
        else:
            action = rng.choice(actions) if rng.random() < 0.3 else ENGINE.ai_action(state, seat, rng)
        log.append((seat, through_text(ENGINE.action_to_json(action))))
        state, _ = ENGINE.apply(state, seat, action)
        assert ENGINE.state_from_json(through_text(ENGINE.state_to_json(state))) == state
    assert any(a["kind"] == "swap" for _, a in log) and any(a["kind"] == "play" for _, a in log)

    config_again = ENGINE.config_from_json(through_text(config.model_dump(mode="json")))
    replayed = ENGINE.new_game(config_again, seats, seed=42)
    for seat, data in log:
        replayed, _ = ENGINE.apply(replayed, seat, ENGINE.action_from_json(data))
    assert replayed == state
    assert ENGINE.result(replayed) == ENGINE.result(state)


def test_actions_round_trip():
    for action in (PlayAction(placements=[("★7", "C1"), ("♥10", "S1")]), SwapAction(tiles=["♥3", "★9"])):
        data = through_text(ENGINE.action_to_json(action))
        assert ENGINE.action_from_json(data) == action
    assert ENGINE.action_to_json(SwapAction(tiles=["♥3"])) == {"kind": "swap", "tiles": ["♥3"]}
    play_json = ENGINE.action_to_json(PlayAction(placements=[("★7", "C1")]))
    assert play_json == {"kind": "play", "placements": [["★7", "C1"]]}


def test_views_are_plain_json():
    state = ENGINE.new_game(SetupConfig(mode="teams"), [SeatInfo(name=f"p{i}") for i in range(4)], seed=1)
    seat = ENGINE.to_act(state)[0]
    state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, random.Random(1)))
    public = ENGINE.public_view(state)
    assert type(public).model_validate(through_text(public.model_dump(mode="json"))) == public
    private = ENGINE.private_view(state, 0)
    assert type(private).model_validate(through_text(private.model_dump(mode="json"))) == private
