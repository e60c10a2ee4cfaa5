"""The AI players of every game, by level.

- ``greedy``: today's one-ply AI of each game (``engines/<game>/ai.py``).
- ``easy``: the greedy AI with human-like slips: about a third of its
  decisions take a playable but weaker candidate (not the best two).
- ``normal`` / ``hard``: the information-set search (``engines.search``)
  with the game's knowledge (``engines/<game>/ai_search.py``), on a small
  and a larger time budget.

Engines do not import this module: each declares its AIs by import path
(``GameEngine.greedy_ai``, ``GameEngine.search_knowledge``).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Literal, cast, get_args

from pydantic import BaseModel

from engines.base import GameEngine
from engines.paths import load
from engines.search import Budget, Knowledge, search
from engines.search.budget import WALL_CAP_SECONDS

Level = Literal["greedy", "easy", "normal", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
DEFAULT_LEVEL: Level = "normal"
TIMEOUT_LEVEL: Level = "normal"  # a seat the AI takes over after a timeout

# Budgets per move. Iterations cap the work on a quiet machine; seconds cap
# it under load (per-move targets: normal p95 <= 100 ms, hard p95 <= 250 ms),
# but not below the floor: a loaded machine makes a move slower rather than
# weaker (the floor is about half of what a quiet machine does in the time).
# A game's knowledge may declare its own (``Knowledge.budgets``).
BUDGETS: dict[str, Budget] = {
    "normal": Budget(iterations=60, seconds=0.06, floor=12, wall_seconds=WALL_CAP_SECONDS["normal"]),
    "hard": Budget(iterations=400, seconds=0.17, floor=40, wall_seconds=WALL_CAP_SECONDS["hard"]),
}
EASY_SLIP = 0.35  # share of easy decisions that are a slip
EASY_SLIP_FROM = 2  # a slip skips the best candidates (often equally good) ...
EASY_SLIP_WIDTH = 4  # ... and takes one of the next few: a playable, weaker move

_knowledge_cache: dict[tuple[str, str], Knowledge] = {}


def greedy_action(engine: GameEngine[Any, Any], state: Any, seat: int, rng: random.Random) -> BaseModel:
    """The game's greedy AI (``GameEngine.ai_action``)."""
    return engine.ai_action(state, seat, rng)


def knowledge_for(engine: GameEngine[Any, Any], level: str = "hard") -> Knowledge:
    """The game's knowledge for a search level (``search_knowledge``): a
    game may spend less on ``normal``'s candidates, whose budget is smaller.
    KeyError for a game without one."""
    path = _knowledge_path(engine)
    if path is None:
        raise KeyError(engine.game_type)
    key = (engine.game_type, level)
    if key not in _knowledge_cache:
        make: Callable[[GameEngine[Any, Any], str], Knowledge] = load(path)
        _knowledge_cache[key] = make(engine, level)
    return _knowledge_cache[key]


def _knowledge_path(engine: GameEngine[Any, Any]) -> str | None:
    """The engine's ``search_knowledge``; a duck-typed engine with only a
    ``game_type`` and an ``ai_action`` (tests' engines) has none."""
    path: str | None = getattr(engine, "search_knowledge", None)
    return path


def normalize_level(level: str | None) -> Level:
    return cast(Level, level) if level in LEVELS else DEFAULT_LEVEL


def choose_action(engine: GameEngine[Any, Any], state: Any, seat: int, level: str, rng: random.Random,
                  budget: Budget | None = None) -> BaseModel:
    """A legal action for ``seat`` at ``level``. ``budget`` overrides the
    level's budget (tests and the arena use iteration budgets)."""
    level = normalize_level(level)
    if level == "greedy" or _knowledge_path(engine) is None:
        return greedy_action(engine, state, seat, rng)
    knowledge = knowledge_for(engine, level)
    if level == "easy":
        return _easy_action(engine, knowledge, state, seat, rng)
    action, _ = search(engine, knowledge, state, seat, rng, budget or budget_for(engine, level))
    return action


def _easy_action(engine: GameEngine[Any, Any], knowledge: Knowledge, state: Any, seat: int,
                 rng: random.Random) -> BaseModel:
    info = engine.information_state(state, seat)
    forced = knowledge.forced(info, seat, rng)
    if forced is not None:
        return forced
    easy = knowledge.easy_action(info, seat, rng)
    if easy is not None:
        return easy
    best = greedy_action(engine, info, seat, rng)
    if rng.random() >= EASY_SLIP:
        return best
    others = [a for a in knowledge.root_candidates(info, seat) if a != best]
    weaker = others[EASY_SLIP_FROM - 1:EASY_SLIP_FROM - 1 + EASY_SLIP_WIDTH] or others
    return rng.choice(weaker) if weaker else best


def budget_for(engine: GameEngine[Any, Any], level: str) -> Budget:
    """The time and iteration budget of one move at ``level`` in this game:
    its knowledge's own, else the level's."""
    if _knowledge_path(engine) is None:
        return BUDGETS[level]
    return knowledge_for(engine, level).budgets.get(level) or BUDGETS[level]


def with_iterations(level: str, iterations: int) -> Budget:
    """The level's budget with a fixed iteration count and no time limit:
    reproducible whatever the machine's load."""
    return replace(BUDGETS.get(level, BUDGETS["normal"]), iterations=iterations, seconds=None, floor=0)
