"""CUBED's evaluation with 3+ seats: a seat that cannot place anything must
draw on its next turn, which the 3-ply rollout does not reach; it counts as
extra points (engines/cubed/ai_search.py, STUCK_POINTS)."""
from __future__ import annotations

import random

from engines import ai
from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.ai_search import STUCK_POINTS, make_knowledge
from engines.cubed.engine import hand_points
from engines.cubed.models import CubedConfig
from engines.cubed.moves import has_placement
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID

ENGINE = CubedEngine()


def mid_game(players: int, seed: int):
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(10 * players):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ai.greedy_action(ENGINE, state, seat, rng))
    assert not ENGINE.is_over(state)
    return state


def with_hands(state, seat: int):
    """``state`` twice, with ``seat`` holding two pieces that fit somewhere
    on the table, or two of the same points that fit nowhere."""
    on_table = {p.piece for p in state.table}
    by_points: dict[tuple[int, bool], list[str]] = {}
    for piece in ALL_IDS:
        if piece in on_table or PIECES_BY_ID[piece].is_blocker:
            continue
        trial = state.model_copy(deep=True)
        trial.hands[seat] = [piece]
        points = state.config.points.of(PIECES_BY_ID[piece].kind)
        by_points.setdefault((points, has_placement(trial, seat)), []).append(piece)
    points = next(p for (p, fits), pieces in by_points.items()
                  if fits and len(pieces) >= 2 and len(by_points.get((p, False), [])) >= 2)
    free, stuck = state.model_copy(deep=True), state.model_copy(deep=True)
    free.hands[seat] = by_points[(points, True)][:2]
    stuck.hands[seat] = by_points[(points, False)][:2]
    return free, stuck


def test_a_stuck_seat_is_worth_less_with_four_seats_and_alike_with_two():
    for players, counts in ((4, True), (2, False)):
        state = mid_game(players, seed=5)
        knowledge = make_knowledge(ENGINE)
        free, stuck = with_hands(state, 1)
        assert hand_points(free, 1) == hand_points(stuck, 1)
        assert not has_placement(stuck, 1) and has_placement(free, 1)
        free_value, stuck_value = knowledge.evaluate(free), knowledge.evaluate(stuck)
        if counts:
            assert stuck_value[1] < free_value[1] - 0.01
            assert all(stuck_value[s] > free_value[s] for s in (0, 2, 3))  # the others gain
        else:
            assert stuck_value == free_value  # with two seats the rollout reaches the next turn
    assert STUCK_POINTS > 0
