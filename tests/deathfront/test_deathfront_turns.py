"""Death Front without the flood of passes (issue 31 item 2), engine level:
a pass is "done for this step" (docs/rules/deathfront.md, decision 3), so a
player who passed is never asked again in that step and the turn stays with
the last player acting; in 2-player games of 6 rounds played by a
person-like policy (bench/deathfront_turns.py), Pass is at most 25 % of a
person's actions and the turn comes to each player at most 4 times a round."""
from __future__ import annotations

import random

from bench import deathfront_turns as turns
from engines.base import SeatInfo
from engines.deathfront.models import DeathFrontConfig, Pass

SEEDS = range(2000, 2012)  # not the bench's seeds


def test_a_person_passes_at_most_a_quarter_of_the_time_and_gets_the_turn_at_most_four_times_a_round():
    figures = turns.summary([turns.play(seed, finish=True) for seed in SEEDS])
    assert figures["rounds"] >= 30 and figures["actions"] >= 300, figures
    assert figures["pass_share"] <= 0.25, figures
    assert figures["turns_per_player_round"] <= 4.0, figures
    assert figures["finishing"] > 0 and figures["forced"] == 0, figures


def test_whoever_passed_is_not_asked_again_in_that_step():
    engine = turns.ENGINE
    for seed in SEEDS:
        state = engine.new_game(DeathFrontConfig(players=2, round_limit=6), [SeatInfo(name="a"), SeatInfo(name="b")],
                                seed)
        rng = random.Random(seed)
        done: set[int] = set()
        step = (state.round, state.step)
        while not engine.is_over(state):
            if (state.round, state.step) != step:
                done, step = set(), (state.round, state.step)
            seat = engine.to_act(state)[0]
            assert seat not in done or state.end_vote is not None, (seed, state.round, state.step, seat)
            action = turns.choose(state, seat, rng, finish=True)
            if state.pending_advance is None and state.end_vote is None and \
                    (action == Pass() or getattr(action, "done", False)):
                done.add(seat)
            others_before = set(engine.to_act(state)) - {seat}
            state, _ = engine.apply(state, seat, action)
            if (state.round, state.step) == step and done == {1 - seat} and not others_before:
                assert engine.to_act(state) in ([seat], []), "the turn left the only player still acting"
