"""Budgets: a time budget stops the search by the clock, whatever the load
(a fake clock stands for a slow, loaded machine); iteration budgets are exact."""
from __future__ import annotations

import random
import time

from engines import ai
from engines.search import Budget, search
from tests.ai.helpers import ENGINES, mid_game


class SlowClock:
    """Each reading is ``step`` seconds after the previous one."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def test_time_budget_stops_the_search_under_load():
    engine = ENGINES["cubed"]
    state, seat = mid_game("cubed", 10)
    knowledge = ai.knowledge_for(engine)
    fast = SlowClock(step=0.0001)
    _, unloaded = search(engine, knowledge, state, seat, random.Random(1),
                         Budget(iterations=200, seconds=0.05, clock=fast))
    slow = SlowClock(step=0.01)  # every reading 100x later: a heavily loaded machine
    action, loaded = search(engine, knowledge, state, seat, random.Random(1),
                            Budget(iterations=200, seconds=0.05, clock=slow))
    assert 1 <= loaded.iterations < unloaded.iterations
    # The deadline is checked between rollout plies too, so the clock ran
    # only a few readings past the 5 readings the budget allows.
    assert slow.now <= 0.05 + 0.01 * (knowledge.rollout_depth + 2) * loaded.iterations
    assert action in engine.legal_actions(state, seat)


def test_iteration_budget_is_exact():
    engine = ENGINES["deathfront"]
    state, seat = mid_game("deathfront", 12)
    _, stats = search(engine, ai.knowledge_for(engine), state, seat, random.Random(2), Budget(iterations=7))
    assert stats.iterations == 7
    assert sum(stats.visits.values()) <= 7


def test_a_budget_needs_a_limit():
    try:
        Budget()
    except ValueError:
        return
    raise AssertionError("a budget without iterations or seconds was accepted")


def test_every_game_budget_leaves_room_under_the_per_move_targets():
    targets = {"normal": 0.1, "hard": 0.25}  # p95 per move (issue 13)
    for game in ("setup", "cubed", "deathfront"):
        for level, target in targets.items():
            budget = ai.budget_for(ENGINES[game], level)
            assert budget.seconds is not None and budget.seconds <= 0.85 * target, (game, level)


def test_setup_normal_takes_its_candidates_from_the_greedy_beam(monkeypatch):
    """normal's 60 ms cannot pay for hard's wide root beam under load."""
    from engines.setup import ai_search, plays

    engine = ENGINES["setup"]
    state, seat = mid_game("setup", 6)
    widths: list[tuple[str, int]] = []
    real = ai_search.search_plays

    def spy(state, seat, beam_width=plays.BEAM_WIDTH, max_evaluations=plays.MAX_EVALUATIONS):
        widths.append((level, beam_width))
        return real(state, seat, beam_width, max_evaluations)

    monkeypatch.setattr(ai_search, "search_plays", spy)
    for level in ("normal", "hard"):
        action = ai.choose_action(engine, state, seat, level, random.Random(3), budget=Budget(iterations=8))
        assert action in engine.legal_actions(state, seat) or action.type == "swap"
    assert widths == [("normal", plays.BEAM_WIDTH), ("hard", ai_search.ROOT_BEAM_WIDTH)]
    assert ai_search.ROOT_BEAM_WIDTH > plays.BEAM_WIDTH


def test_the_floor_keeps_a_loaded_search_from_collapsing():
    """A slow clock (a loaded machine) ends the time budget after a few
    iterations; the floor makes the search do at least that many anyway,
    and no more than the time allows once it is reached."""
    for game in ("cubed", "deathfront", "setup"):
        engine = ENGINES[game]
        state, seat = mid_game(game, 6)
        knowledge = ai.knowledge_for(engine)
        budget = Budget(iterations=200, seconds=0.05, clock=SlowClock(step=0.01))
        _, cut = search(engine, knowledge, state, seat, random.Random(1), budget)
        floored = Budget(iterations=200, seconds=0.05, clock=SlowClock(step=0.01), floor=30)
        action, stats = search(engine, knowledge, state, seat, random.Random(1), floored)
        assert cut.iterations < 30 <= stats.iterations, (game, cut.iterations, stats.iterations)
        # The flat search (SETUP) finishes the round under way: at most one round over the floor.
        assert stats.iterations < 30 + max(len(stats.visits), 1) + 1, (game, stats.iterations)
        assert action in engine.legal_actions(state, seat) or game == "setup"


def test_a_floor_above_the_iterations_is_refused():
    try:
        Budget(iterations=10, floor=11)
    except ValueError:
        return
    raise AssertionError("a floor above the iteration cap was accepted")


def test_every_game_level_has_a_floor():
    """A game's own budget (SETUP's hard) keeps the floor too: without it a
    loaded machine cut SETUP's hard to a dozen play-outs."""
    for game in ("setup", "cubed", "deathfront"):
        for level in ("normal", "hard"):
            budget = ai.budget_for(ENGINES[game], level)
            assert budget.floor > 0, (game, level)
            assert budget.iterations is None or budget.floor <= budget.iterations // 2, (game, level)


def test_the_time_budget_counts_the_searching_threads_cpu_time():
    """Issue 32: the seconds are CPU seconds of the searching thread, so time
    the thread waits (a loaded machine, a sleep) does not use the budget up."""
    clock = Budget(seconds=0.05).clock
    before = clock()
    time.sleep(0.2)
    assert clock() - before < 0.05


def test_the_real_time_cap_ends_a_move_whose_cpu_seconds_come_slowly():
    """On a very loaded machine the thread's CPU clock hardly moves while
    real time runs on: past the floor, the real-time cap ends the move."""
    for game in ("cubed", "deathfront", "setup"):
        engine = ENGINES[game]
        state, seat = mid_game(game, 6)
        knowledge = ai.knowledge_for(engine)
        starved = SlowClock(step=0.000001)  # the CPU seconds: nearly none per reading
        uncapped = Budget(iterations=200, seconds=0.05, clock=starved, floor=10)
        _, free = search(engine, knowledge, state, seat, random.Random(1), uncapped)
        wall = SlowClock(step=0.01)
        capped = Budget(iterations=200, seconds=0.05, clock=SlowClock(step=0.000001), floor=10,
                        wall_seconds=0.15, wall_clock=wall)
        action, stats = search(engine, knowledge, state, seat, random.Random(1), capped)
        assert 10 <= stats.iterations < free.iterations, (game, stats.iterations, free.iterations)
        assert action in engine.legal_actions(state, seat) or game == "setup"


def test_every_game_level_has_a_real_time_cap_above_its_cpu_budget():
    for game in ("setup", "cubed", "deathfront"):
        for level in ("normal", "hard"):
            budget = ai.budget_for(ENGINES[game], level)
            assert budget.wall_seconds is not None and budget.seconds is not None, (game, level)
            assert budget.wall_seconds >= 2 * budget.seconds, (game, level)


def test_an_iterations_only_budget_ignores_the_real_time_cap():
    """Hints and reproducible tests drop the seconds: the same iterations
    whatever the load, so the real-time cap must not cut them either."""
    engine = ENGINES["cubed"]
    state, seat = mid_game("cubed", 6)
    budget = Budget(iterations=25, floor=0, wall_seconds=0.01, wall_clock=SlowClock(step=1.0))
    _, stats = search(engine, ai.knowledge_for(engine), state, seat, random.Random(1), budget)
    assert stats.iterations == 25
    assert ai.with_iterations("normal", 25).seconds is None
