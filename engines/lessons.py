"""Rules topics as pictures: a tiny position of a game, reached by legal moves,
with the places to look at marked.

A game's ``engines/<game>/lessons.py`` lists its ``Lesson``s by topic (a set, a
blocker, an attack...). ``/rules game: topic:`` draws one with the game's own
renderer (``render.lessons``); the tutorials may start their steps from the
same positions. A position is legal by construction: ``start`` is a state the
engine made (``new_game``, at most with tiles, pieces or cards moved between
the bag and the hands, every one kept) and ``moves`` are applied by
``GameEngine.apply``, so ``replay`` rebuilds ``state`` and a test checks it.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from pydantic import BaseModel

MarkStyle = Literal["target", "chosen", "source"]  # as render.overlay draws them


@dataclass(frozen=True)
class Mark:
    """Outline the region ``region`` (a ``Region`` id: square, cell, tile...)."""

    region: str
    style: MarkStyle = "chosen"


@dataclass(frozen=True)
class Position:
    """What a topic shows: ``state`` drawn as the board (public view) or as
    ``seat``'s hand (private view), with ``marks``; ``crop`` cuts the picture
    to its tappable regions (the playing area) and ``pad`` around them."""

    start: BaseModel
    moves: tuple[tuple[int, BaseModel], ...]
    state: BaseModel
    picture: Literal["board", "hand"] = "board"
    seat: int = 0
    marks: tuple[Mark, ...] = ()
    crop: bool = True
    pad: int = 12  # pixels kept around the regions when cropped (room for the rows' and columns' names)


@dataclass(frozen=True)
class Lesson:
    """One topic of a game's rules: ``topic`` names it (catalogue keys
    ``topics.<game>.<topic>.name`` and ``.text``), ``build`` makes its position."""

    topic: str
    build: Callable[[], Position] = field(compare=False)


def replay(engine: Any, start: BaseModel, moves: Sequence[tuple[int, BaseModel]]) -> BaseModel:
    """``moves`` applied to ``start`` by the engine's rules (IllegalAction if one is not legal)."""
    state = start
    for seat, action in moves:
        state, _ = engine.apply(state, seat, action)
    return state


def position(engine: Any, start: BaseModel, moves: Sequence[tuple[int, BaseModel]], **kwargs: Any) -> Position:
    return Position(start=start, moves=tuple(moves), state=replay(engine, start, moves), **kwargs)


def find(lessons: tuple[Lesson, ...], topic: str) -> Lesson | None:
    return next((lesson for lesson in lessons if lesson.topic == topic), None)


Chooser = Callable[[Any, int], "BaseModel | None"]


def played_until(engine: Any, start: BaseModel, reached: Callable[[BaseModel], bool], *, seed: int = 0,
                 limit: int = 400, prefer: Chooser | None = None) -> list[tuple[int, BaseModel]]:
    """The moves the engine's own AI plays from ``start`` (its choices seeded
    by ``seed``) until ``reached(state)``; ValueError if it never is.
    ``prefer(state, seat)``: a legal move to play instead of the AI's (None: the AI's)."""
    rng = random.Random(seed)
    state, moves = start, []  # type: tuple[BaseModel, list[tuple[int, BaseModel]]]
    for _ in range(limit):
        if reached(state):
            return moves
        acting = engine.to_act(state)
        if not acting:
            break
        seat = acting[0]
        action = (prefer(state, seat) if prefer else None) or engine.ai_action(state, seat, rng)
        state, _ = engine.apply(state, seat, action)
        moves.append((seat, action))
    if reached(state):
        return moves
    raise ValueError("the position was not reached")
