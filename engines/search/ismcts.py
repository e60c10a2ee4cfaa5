"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

The searching seat never sees the true state: it asks the engine for its
``information_state`` (hidden pieces pooled and dealt in a canonical order)
and, each iteration, for a ``sample_world`` consistent with it. One tree is
shared by all sampled worlds; a node's children are actions, and since an
action may be legal in one world and not in another, UCB uses availability
counts (how often a child could have been chosen) instead of parent visits.
Leaves are valued after a short rollout of the game's cheap policy by the
game's evaluation, or by the result when the game ended.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine, IllegalAction
from engines.search.budget import Budget
from engines.search.knowledge import Knowledge, result_values

__all__ = ["Budget", "SearchStats", "action_key", "search"]


@dataclass
class SearchStats:
    iterations: int = 0
    visits: dict[str, int] = field(default_factory=dict)  # root action key -> visits
    values: dict[str, float] = field(default_factory=dict)  # root action key -> mean value


class _Node:
    __slots__ = ("action", "children", "visits", "total", "squares", "bias", "avail")

    def __init__(self, action: BaseModel | None) -> None:
        self.action = action
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of values, plus the ordering head start
        self.squares = 0.0  # sum of squared values (for the final choice)
        self.bias = 0.0
        self.avail = 0

    def mean(self) -> float:
        return (self.total - self.bias) / self.visits

    def error(self) -> float:
        """Standard error of the mean value (wide open after one visit)."""
        if self.visits < 2:
            return 1.0
        mean = self.mean()
        variance = max(self.squares / self.visits - mean * mean, 0.0)
        return math.sqrt(variance / self.visits)


def action_key(action: BaseModel) -> str:
    return action.model_dump_json()


GIL_HANDOVER_SECONDS = 0.003  # the flat search lets the event loop in at least this often


class _Search:
    def __init__(self, engine: GameEngine[Any, Any], knowledge: Knowledge, seat: int,
                 rng: random.Random, budget: Budget, started: float) -> None:
        self.engine = engine
        self.knowledge = knowledge
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.wall_deadline = (None if budget.seconds is None or budget.wall_seconds is None
                              else budget.wall_clock() + budget.wall_seconds)
        self.done = 0  # iterations counted so far (the flat search: of complete rounds)

    def out_of_time(self) -> bool:
        """A deadline (CPU or real time) passed, and the budget's floor of iterations is done."""
        if self.done < self.budget.floor:
            return False
        return ((self.deadline is not None and self.budget.clock() >= self.deadline)
                or (self.wall_deadline is not None and self.budget.wall_clock() >= self.wall_deadline))

    def _step(self, world: Any, actor: int, action: BaseModel) -> None:
        # Sampled worlds are private copies: mutate in place, no copy per ply.
        self.knowledge.simulator.step(world, actor, action)

    def iterate(self, root: _Node, info: Any, root_actions: list[BaseModel],
                root_keys: list[str]) -> None:
        world = self.engine.sample_world(info, self.seat, self.rng)
        node = root
        path: list[tuple[_Node, int]] = []
        while not self.engine.is_over(world):
            if node is root:
                actor, actions, keys = self.seat, root_actions, root_keys
            else:
                actor = self.engine.to_act(world)[0]
                actions = self.knowledge.candidates(world, actor)
                keys = [action_key(a) for a in actions]
            if not actions:
                break
            untried = None
            for index, (action, key) in enumerate(zip(actions, keys)):
                child = node.children.get(key)
                if child is None:
                    if untried is None:
                        untried = (action, key, index)
                else:
                    child.avail += 1
            if untried is not None:
                child = _Node(untried[0])
                child.avail = 1
                # Progressive bias: the game's move ordering counts as a small
                # head start that fades as real visits come in.
                child.bias = self.knowledge.ordering_bias * (1 - untried[2] / max(len(actions) - 1, 1))
                child.total = child.bias
                node.children[untried[1]] = child
                self._step(world, actor, untried[0])
                path.append((child, actor))
                break
            child = self._select(node, keys)
            assert child.action is not None
            self._step(world, actor, child.action)
            path.append((child, actor))
            node = child
        values = self._rollout(world)
        for child, actor in path:
            child.visits += 1
            child.total += values[actor]
            child.squares += values[actor] ** 2

    def play_out(self, info: Any, action: BaseModel, rng: random.Random) -> float:
        """The searching seat's value after ``action`` in the world that
        ``rng`` samples, followed by the game's rollout."""
        world = self.engine.sample_world(info, self.seat, rng)
        self._step(world, self.seat, action)
        saved, self.rng = self.rng, rng
        try:
            # No clock inside: every candidate of a round gets the same plies.
            return self._rollout(world, check_time=False)[self.seat]
        finally:
            self.rng = saved

    def _select(self, node: _Node, keys: list[str]) -> _Node:
        c = self.knowledge.exploration
        best, best_score = None, -math.inf
        for key in keys:
            child = node.children[key]
            if child.visits == 0:  # its first iteration was abandoned
                return child
            score = child.total / child.visits + c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _rollout(self, world: Any, check_time: bool = True) -> list[float]:
        for _ in range(self.knowledge.rollout_length(world)):
            if self.engine.is_over(world) or (check_time and self.out_of_time()):
                break
            actor = self.engine.to_act(world)[0]
            self._step(world, actor, self.knowledge.rollout_action(world, actor, self.rng))
        result = self.engine.result(world)
        return result_values(result) if result is not None else self.knowledge.evaluate(world)


def search(engine: GameEngine[Any, Any], knowledge: Knowledge, state: Any, seat: int,
           rng: random.Random, budget: Budget) -> tuple[BaseModel, SearchStats]:
    """The action ``seat`` should take in ``state``, found by reading only
    ``engine.information_state(state, seat)``."""
    started = budget.clock()  # the time budget covers the whole decision
    info = engine.information_state(state, seat)
    del state  # from here on, only what the seat knows
    stats = SearchStats()
    forced = knowledge.forced(info, seat, rng)
    if forced is not None:
        return forced, stats
    root_actions = knowledge.root_candidates(info, seat)
    if len(root_actions) <= 1:
        return (root_actions[0] if root_actions else engine.legal_actions(info, seat)[0]), stats
    root_keys = [action_key(a) for a in root_actions]
    runner = _Search(engine, knowledge, seat, rng, budget, started)
    if knowledge.uses_common_worlds(info):
        return _flat_search(runner, info, root_actions, root_keys, stats)
    root = _Node(None)
    while budget.iterations is None or stats.iterations < budget.iterations:
        if stats.iterations > 0 and runner.out_of_time():
            break
        try:
            runner.iterate(root, info, root_actions, root_keys)
        except IllegalAction:
            pass  # a candidate that this sampled world does not allow: try another world
        stats.iterations += 1
        runner.done = stats.iterations
        # Hand the GIL over between iterations: run in a worker thread, the
        # search must not keep the event loop waiting for its switch interval.
        time.sleep(0)
    for key, child in root.children.items():
        stats.visits[key] = child.visits
        stats.values[key] = child.mean() if child.visits else 0.0
    return _final_choice(root, root_actions, root_keys, knowledge.choice_margin), stats


def _final_choice(root: _Node, actions: list[BaseModel], keys: list[str], errors: float = 1.0) -> BaseModel:
    """The game's first candidate (its greedy choice) unless another child's
    mean value beats it by more than the noise of the samples (one standard
    error of the difference): with few iterations, sampling noise must not
    replace a good move by a worse one."""
    incumbent = root.children.get(keys[0])
    if incumbent is None or incumbent.visits == 0:
        return actions[0]
    best, best_margin = incumbent, 0.0
    for key in keys[1:]:
        child = root.children.get(key)
        if child is None or child.visits == 0:
            continue
        noise = errors * math.sqrt(child.error() ** 2 + incumbent.error() ** 2)
        margin = child.mean() - incumbent.mean() - noise
        if margin > best_margin:
            best, best_margin = child, margin
    assert best.action is not None
    return best.action


def _flat_search(runner: _Search, info: Any, actions: list[BaseModel], keys: list[str],
                 stats: SearchStats) -> tuple[BaseModel, SearchStats]:
    """Flat Monte Carlo with common random numbers: each round samples one
    world (and the rollouts' randomness) and plays every root candidate in
    that same world, so candidates are compared on equal luck and their
    differences are far less noisy than their values. Each candidate tried
    in a world counts as one iteration."""
    budget = runner.budget
    outcomes: list[list[float]] = [[] for _ in actions]  # per candidate, per complete round
    handed_over = budget.clock()
    played, spent = 0, 0.0  # play-outs so far and the seconds they took
    while True:
        runner.done = stats.iterations  # a round under way runs to its end, floor or not
        if played and runner.deadline is not None and stats.iterations >= budget.floor and \
                budget.clock() + spent / played * len(actions) > runner.deadline:
            break  # the next round would not finish in time: stop before it, not during it
        round_seed = runner.rng.getrandbits(63)
        values: list[float] = []
        for action in actions:
            if budget.iterations is not None and stats.iterations >= budget.iterations:
                break
            if runner.out_of_time():
                break  # (with no complete rounds the choice is the first candidate anyway)
            stats.iterations += 1
            began = budget.clock()
            try:
                values.append(runner.play_out(info, action, random.Random(round_seed)))
            except IllegalAction:
                break  # a candidate this world does not allow: the round does not count
            finally:
                now = budget.clock()
                played, spent = played + 1, spent + now - began
                # Hand the GIL over (see search), but not after every
                # play-out: on a loaded machine a hand-over can cost a time slice.
                if now - handed_over >= GIL_HANDOVER_SECONDS:
                    time.sleep(0)
                    handed_over = budget.clock()
        if len(values) < len(actions):
            if (budget.iterations is not None and stats.iterations >= budget.iterations) or runner.out_of_time():
                break
            continue
        for outcome, value in zip(outcomes, values):
            outcome.append(value)
    for key, outcome in zip(keys, outcomes):
        stats.visits[key] = len(outcome)
        stats.values[key] = sum(outcome) / len(outcome) if outcome else 0.0
    return _paired_choice(actions, outcomes, runner.knowledge.choice_margin), stats


def _paired_choice(actions: list[BaseModel], outcomes: list[list[float]], errors: float = 1.0) -> BaseModel:
    """The first candidate (the game's greedy choice) unless another one
    beats it in the same worlds by more than ``errors`` standard errors of
    the paired differences (the knowledge's ``choice_margin``)."""
    incumbent = outcomes[0]
    best, best_margin = actions[0], 0.0
    rounds = len(incumbent)
    if rounds < 2:
        return best
    for action, outcome in zip(actions[1:], outcomes[1:]):
        diffs = [v - w for v, w in zip(outcome, incumbent)]
        mean = sum(diffs) / rounds
        variance = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
        margin = mean - errors * math.sqrt(variance / rounds)
        if margin > best_margin:
            best, best_margin = action, margin
    return best
