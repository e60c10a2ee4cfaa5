"""The AI processes' entry points: one AI move as a pure function of (engine
path, state, seat, level, seed), so a process pool can run it (states and
actions are pydantic models: they pickle). Each worker imports and builds an
engine once, by its import path ``module:Class``, and keeps it; the search's
per-game knowledge is cached in ``engines.ai`` the same way.

The seed is the string ``Changes.ai_move`` seeds its ``random.Random`` with: the
same seed, state and iteration budget give the same action here as in a
thread of the bot."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines import ai
from engines.base import GameEngine
from engines.paths import build, class_path
from engines.search import Budget
from tables import review as reviewing

_ENGINES: dict[str, GameEngine[Any, Any]] = {}
WARM_LEVELS = ("easy", "normal", "hard")  # the levels with knowledge to build


class EngineUnavailable(Exception):
    """The engine cannot be built from its path in a worker (defined in a
    function, or needs arguments): the caller thinks in a thread instead."""


def engine_path(engine: GameEngine[Any, Any]) -> str:
    return class_path(engine)


def resolve(path: str) -> GameEngine[Any, Any]:
    found = _ENGINES.get(path)
    if found is None:
        try:
            found = build(path)
        except Exception as error:  # noqa: BLE001 - any failure means "not from here"
            # The path and the error's type only: nothing of a game is involved yet.
            raise EngineUnavailable(f"{path}: {type(error).__name__}") from None
        _ENGINES[path] = found
    return found


def think(path: str, state: Any, seat: int, level: str, seed: str, budget: Budget | None = None) -> BaseModel:
    """``engines.ai.choose_action`` for ``seat`` with ``random.Random(seed)``."""
    engine = resolve(path)
    rng = random.Random(seed)
    if budget is None:
        return ai.choose_action(engine, state, seat, level, rng)
    return ai.choose_action(engine, state, seat, level, rng, budget)


def review_screen(path: str, record: Any, actions: list[tuple[int, int, dict]], seat: int,
                  seqs: list[int]) -> list[tuple[int, float]]:
    """``tables.review.screen_part`` with the engine at ``path``."""
    return reviewing.screen_part(resolve(path), record, actions, seat, seqs)


def review_final(path: str, record: Any, actions: list[tuple[int, int, dict]], seat: int,
                 seqs: list[int]) -> list[Any]:
    """``tables.review.final_part`` with the engine at ``path``."""
    return reviewing.final_part(resolve(path), record, actions, seat, seqs)


def warm(paths: list[str]) -> int:
    """Build the engines and their search knowledge ahead of the first move."""
    for path in paths:
        try:
            engine = resolve(path)
        except EngineUnavailable:
            continue
        for level in WARM_LEVELS:
            try:
                ai.knowledge_for(engine, level)
            except KeyError:  # a game without search knowledge plays greedy
                break
    return len(_ENGINES)
