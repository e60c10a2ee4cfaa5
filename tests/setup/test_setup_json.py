"""Actions keep their JSON shapes (round trips and replays of whole games: tests/contract)."""
import json

from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SwapAction

ENGINE = SetupEngine()


def through_text(data):
    return json.loads(json.dumps(data, ensure_ascii=False))


def test_actions_round_trip():
    for action in (PlayAction(placements=[("★7", "C1"), ("♥10", "S1")]), SwapAction(tiles=["♥3", "★9"])):
        data = through_text(ENGINE.action_to_json(action))
        assert ENGINE.action_from_json(data) == action
    assert ENGINE.action_to_json(SwapAction(tiles=["♥3"])) == {"kind": "swap", "tiles": ["♥3"]}
    play_json = ENGINE.action_to_json(PlayAction(placements=[("★7", "C1")]))
    assert play_json == {"kind": "play", "placements": [["★7", "C1"]]}


