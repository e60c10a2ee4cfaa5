"""AI-vs-AI full games and the AI's speed."""
import random
import time

import pytest

from engines.base import Result, SeatInfo
from engines.setup import rules
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SetupConfig

ENGINE = SetupEngine()


def play_out(mode, players, seed):
    seats = [SeatInfo(name=f"ai{i}", is_ai=True) for i in range(players)]
    state = ENGINE.new_game(SetupConfig(mode=mode), seats, seed)
    rng = random.Random(seed)
    slowest = 0.0
    for _ in range(500):
        if ENGINE.is_over(state):
            return state, slowest
        seat = ENGINE.to_act(state)[0]
        start = time.perf_counter()
        action = ENGINE.ai_action(state, seat, rng)
        slowest = max(slowest, time.perf_counter() - start)
        state, _ = ENGINE.apply(state, seat, action)
    raise AssertionError("AI game did not end")


@pytest.mark.parametrize("mode, players", [("ffa", 2), ("ffa", 3), ("ffa", 4), ("teams", 4)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ai_games_end_with_a_valid_result(mode, players, seed):
    state, slowest = play_out(mode, players, seed)
    result = ENGINE.result(state)
    assert isinstance(result, Result)
    assert len(result.ranks) == players and 1 in result.ranks
    assert result.reason == "setup.end.finish_line"
    assert max(state.scores) >= state.config.finish_line(players)
    assert result.scores == [float(s) for s in state.scores]
    if mode == "teams":
        assert result.teams == [0, 0, 1, 1]
        assert result.ranks[0] == result.ranks[1] and result.ranks[2] == result.ranks[3]
        assert sorted(set(result.ranks)) in ([1, 2], [1])
    else:
        winner = result.ranks.index(1)
        assert state.scores[winner] == max(state.scores)


def test_ai_takes_the_highest_scoring_play(build_state):
    # ♥6 on C2 (set with ★6 on C3, run with ♥5 on C1) is worth 3; nothing else scores as much.
    state = build_state(stacks={"C1": "♥5", "C3": "★6"},
                        hands=[["♥6", "♣1", "♣9", "♦9"], ["♠1", "♠2", "♠3", "♠4"]],
                        common=["♥1", "♦2", "★3", "♣4"])
    action = ENGINE.ai_action(state, 0, random.Random(0))
    assert isinstance(action, PlayAction)
    placed = dict((sq, t) for t, sq in action.placements)
    assert len(rules.scoring_squares(state.visible_board(), placed)) >= 3


def test_ai_swaps_when_it_cannot_play(build_state):
    # No two of these tiles share a number or are neighbours in one suit; none fits ♥5.
    state = build_state(stacks={"C1": "♥5"}, hands=[["♠9", "♣1", "★6", "♦3"], ["♠1", "♠2", "♠3", "♠4"]],
                        common=["♥8", "♣10", "★2", "♦7"], bag=[], rest_under="C1")
    assert ENGINE.legal_actions(state, 0) and all(a.kind == "swap" for a in ENGINE.legal_actions(state, 0))
    action = ENGINE.ai_action(state, 0, random.Random(0))
    assert action.kind == "swap" and sorted(action.tiles) == sorted(state.hands[0])
