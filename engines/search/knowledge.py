"""What a game tells the search: candidate moves in a good order, a cheap
rollout policy and an evaluation of unfinished positions."""
from __future__ import annotations

import math
import random
from typing import Any, ClassVar, Mapping

from pydantic import BaseModel

from engines.base import GameEngine, Result
from engines.search.budget import Budget


def result_values(result: Result) -> list[float]:
    """Per seat in [0, 1]: the share of other seats it finished ahead of,
    ties counting half."""
    n = len(result.ranks)
    if n == 1:
        return [1.0 if result.ranks[0] == 1 else 0.0]
    values = []
    for mine in result.ranks:
        better = sum(other > mine for other in result.ranks)
        tied = sum(other == mine for other in result.ranks) - 1
        values.append((better + 0.5 * tied) / (n - 1))
    return values


def squash(x: float) -> float:
    """A score difference to a value in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def pairwise_values(scores: list[float], scale: float) -> list[float]:
    """Per seat, the expected share of other seats it finishes ahead of
    (higher score better): the mean over the others of
    ``squash(difference / scale)``. With two seats this is the plain
    comparison; with more, every opponent counts, as in the result's ranks,
    not just the best one."""
    n = len(scores)
    return [sum(squash((scores[s] - scores[o]) / scale) for o in range(n) if o != s) / (n - 1)
            for s in range(n)]


class Knowledge:
    """Per-game advice. Subclasses override what pays for their game."""

    max_candidates = 8  # children per node
    rollout_depth = 6  # plies played by the rollout policy before evaluating
    exploration = 0.7  # UCB constant (values are in [0, 1])
    ordering_bias = 0.15  # head start of the first candidate (fades as 1 / visits)
    # The final choice keeps the first candidate unless another beats it by
    # more than this many standard errors of the difference.
    choice_margin = 1.0
    # True: no tree; every root candidate is played out in the same sampled
    # worlds and compared by paired differences (``ismcts._flat_search``).
    common_worlds = False
    # Level -> this game's own budget per move, where the level's default
    # (``engines.ai.BUDGETS``) does not suit it.
    budgets: ClassVar[Mapping[str, Budget]] = {}

    def __init__(self, engine: GameEngine[Any, Any], simulator: GameEngine[Any, Any] | None = None) -> None:
        self.engine = engine
        # Plays the moves inside sampled worlds: the engine, or a variant
        # that skips work only messages need (nobody reads those events).
        self.simulator = simulator or engine

    def uses_common_worlds(self, state: Any) -> bool:
        """Whether the search of this position is the flat common-worlds one
        (default: ``common_worlds``; a game may choose by the seat count)."""
        return self.common_worlds

    def forced(self, state: Any, seat: int, rng: random.Random) -> BaseModel | None:
        """A decision taken without searching (a vote, a single option)."""
        return None

    def easy_action(self, state: Any, seat: int, rng: random.Random) -> BaseModel | None:
        """The ``easy`` level's own way to play this game, if it has one
        (else: the greedy choice with slips, see ``engines.ai``)."""
        return None

    def root_candidates(self, state: Any, seat: int) -> list[BaseModel]:
        """Candidates of the searching seat, computed once on its
        information state (its own options never depend on hidden pieces)."""
        return self.candidates(state, seat)

    def candidates(self, state: Any, seat: int) -> list[BaseModel]:
        """Legal actions worth trying, best first (the first untried one is
        expanded first). Default: the engine's legal actions."""
        return self.engine.legal_actions(state, seat)[: self.max_candidates]

    def rollout_length(self, state: Any) -> int:
        """Plies the rollout policy plays before evaluating."""
        return self.rollout_depth

    def rollout_action(self, state: Any, seat: int, rng: random.Random) -> BaseModel:
        return self.engine.ai_action(state, seat, rng)

    def evaluate(self, state: Any) -> list[float]:
        """Per seat in [0, 1] for an unfinished state (1: sure win)."""
        raise NotImplementedError

    def review_measures(self, state: Any, seat: int) -> dict[str, float]:
        """The post-game review's measures of ``seat``'s standing in the
        game's own terms (points, pieces, squares...), each as the game
        counts it (the review shows how much the best move changes it,
        ``engines.search.review``). Default: none."""
        return {}
