"""The search AI's judgement of a finished game's decisions (post-game review).

Each decision is judged on the deciding seat's information state only
(``engine.information_state``): what the seat could not see is pooled and
dealt in a canonical order before anything else is read, so the judgement
cannot depend on hidden cards. The played action and the game's root
candidates are played out in the same sampled worlds (common random
numbers, as ``ismcts._flat_search``): each round samples one world, applies
each action there, lets the game's rollout policy reply and values the end
by the result or the game's evaluation. The loss of a decision is the mean
value of the best action minus that of the played one.

Two passes keep the work small: every decision is screened with a few
rounds, then the worst ones are judged again with more. Every random
number comes from ``seed`` and the move's number, so a review is
reproducible.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine, IllegalAction
from engines.search.ismcts import action_key
from engines.search.knowledge import Knowledge, result_values

SCREEN_ROUNDS = 4
JUDGE_ROUNDS = 16
JUDGED = 8  # decisions judged again after the screening
SHOWN = 3
MIN_LOSS = 0.005  # half a point of the judgement: below it, the same move in effect


@dataclass(frozen=True)
class Decision:
    seq: int  # the action's number in the game's log
    state: Any  # the true state before it (read only through the information state)
    seat: int
    action: BaseModel


@dataclass
class Verdict:
    """One decision judged: the played action and the best one, their mean
    values (0..1, the search's judgement), and per measure of the game
    (``Knowledge.review_measures``) the mean gain of the best over the
    played and whether it was the same in every sampled world (exact)."""

    seq: int
    played: BaseModel
    best: BaseModel
    value_played: float
    value_best: float
    gains: dict[str, float] = field(default_factory=dict)
    exact: dict[str, bool] = field(default_factory=dict)
    wins_now: bool = False  # the best action ended the game won in every world; the played one did not

    @property
    def loss(self) -> float:
        return self.value_best - self.value_played


@dataclass
class _Outcome:
    value: float
    measures: dict[str, float]
    won_now: bool


def _play_out(engine: GameEngine[Any, Any], knowledge: Knowledge, info: Any, seat: int, action: BaseModel,
              rng: random.Random) -> _Outcome:
    world = engine.sample_world(info, seat, rng)
    knowledge.simulator.step(world, seat, action)
    won_now = False
    result = engine.result(world)
    if result is not None:
        won_now = result_values(result)[seat] >= 1.0
    for _ in range(knowledge.rollout_length(world)):
        if engine.is_over(world):
            break
        actor = engine.to_act(world)[0]
        knowledge.simulator.step(world, actor, knowledge.rollout_action(world, actor, rng))
    result = engine.result(world)
    value = result_values(result)[seat] if result is not None else knowledge.evaluate(world)[seat]
    return _Outcome(value, knowledge.review_measures(world, seat), won_now)


def candidates(engine: GameEngine[Any, Any], knowledge: Knowledge, info: Any, seat: int,
               played: BaseModel) -> list[BaseModel]:
    """The game's root candidates on the information state, with the
    played action added when the search would not have looked at it."""
    actions = list(knowledge.root_candidates(info, seat))
    if action_key(played) not in {action_key(a) for a in actions}:
        actions.append(played)
    return actions


def judge(engine: GameEngine[Any, Any], knowledge: Knowledge, decision: Decision, seed: str,
          rounds: int) -> Verdict | None:
    """The decision's verdict over ``rounds`` common worlds (None: nothing
    to choose, the AI's own rule chose the same, or no world allowed every
    candidate)."""
    info = engine.information_state(decision.state, decision.seat)
    rng = random.Random(f"{seed}:{decision.seq}")
    played_key = action_key(decision.action)
    # Where the game's AI decides by rule (a vote, a draw, proposing the end),
    # a player who did the same has nothing to learn; one who did not is
    # judged between the rule's choice and the usual candidates.
    forced = knowledge.forced(info, decision.seat, random.Random(0))
    if forced is not None and action_key(forced) == played_key:
        return None
    actions = candidates(engine, knowledge, info, decision.seat, decision.action)
    if forced is not None and action_key(forced) not in {action_key(a) for a in actions}:
        actions.insert(0, forced)
    if len(actions) < 2:
        return None
    outcomes: list[list[_Outcome]] = [[] for _ in actions]
    for _ in range(rounds):
        round_seed = rng.getrandbits(63)
        try:
            row = [_play_out(engine, knowledge, info, decision.seat, action, random.Random(round_seed))
                   for action in actions]
        except IllegalAction:
            continue  # a candidate this world does not allow: the round does not count
        for outcome, one in zip(outcomes, row):
            outcome.append(one)
    if not outcomes[0]:
        return None
    means = [sum(o.value for o in outcome) / len(outcome) for outcome in outcomes]
    played_index = next(i for i, a in enumerate(actions) if action_key(a) == played_key)
    best_index = max(range(len(actions)), key=lambda i: (means[i], -i))
    verdict = Verdict(decision.seq, decision.action, actions[best_index], means[played_index], means[best_index])
    best, played = outcomes[best_index], outcomes[played_index]
    for name in best[0].measures:
        diffs = [b.measures[name] - p.measures[name] for b, p in zip(best, played)]
        verdict.gains[name] = sum(diffs) / len(diffs)
        verdict.exact[name] = len(set(diffs)) == 1
    verdict.wins_now = all(b.won_now for b in best) and not any(p.won_now for p in played)
    return verdict


def screen(engine: GameEngine[Any, Any], knowledge: Knowledge, decisions: list[Decision],
           seed: str) -> list[tuple[int, float]]:
    """The first pass: (seq, loss) of each decision that has a loss, on
    ``SCREEN_ROUNDS`` worlds. Decisions are independent: any split of them
    screens the same."""
    out = []
    for decision in decisions:
        verdict = judge(engine, knowledge, decision, seed + ":screen", SCREEN_ROUNDS)
        if verdict is not None and verdict.loss > 0:
            out.append((decision.seq, verdict.loss))
    return out


def worst(screened: list[tuple[int, float]], count: int = JUDGED) -> list[int]:
    """The numbers of the ``count`` decisions the screening found worst."""
    return [seq for seq, _ in sorted(screened, key=lambda s: (-s[1], s[0]))[:count]]


def final(engine: GameEngine[Any, Any], knowledge: Knowledge, decisions: list[Decision],
          seed: str) -> list[Verdict]:
    """The second pass: the verdicts of ``decisions`` on ``JUDGE_ROUNDS``
    worlds, real losses only."""
    judged = [v for d in decisions if (v := judge(engine, knowledge, d, seed, JUDGE_ROUNDS))]
    return [v for v in judged if v.loss >= MIN_LOSS and action_key(v.best) != action_key(v.played)]


def shown(verdicts: list[Verdict], count: int = SHOWN) -> list[Verdict]:
    """The ``count`` worst verdicts, worst first."""
    return sorted(verdicts, key=lambda v: (-v.loss, v.seq))[:count]


def review(engine: GameEngine[Any, Any], knowledge: Knowledge, decisions: list[Decision], seed: str,
           count: int = SHOWN) -> list[Verdict]:
    """The ``count`` decisions whose played action was judged furthest below
    the best one, worst first (only real losses, so maybe fewer)."""
    wanted = set(worst(screen(engine, knowledge, decisions, seed)))
    return shown(final(engine, knowledge, [d for d in decisions if d.seq in wanted], seed), count)
