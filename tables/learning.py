"""One player's progress in one game's tutorial, as stored
(``tutorial_progress``, db/tutorials.py) and shared by Discord's /learn
(cogs/learn/tutorial/) and the web board's /learn/{game} (web/learn_*.py): a
player goes on in one where they stopped in the other. engines/tutorial.py
runs the steps. Never a game of the table service: no games row, no rating,
no history."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.models import Seat
from db.tutorials import TutorialRepo
from engines.base import Event, IllegalAction, SeatInfo
from engines.tutorial import Tutorial, TutorialRunner
from games.definition import GameDefinition
from tables.text import describe

AI_NAME = "AI"  # kept in Latin letters in every language (docs/glossary.md)


@dataclass
class Learning:
    definition: GameDefinition
    runner: TutorialRunner
    user_id: int
    name: str
    step: int
    state: Any

    @property
    def game_type(self) -> str:
        return self.definition.game_type

    @property
    def tutorial(self) -> Tutorial:
        return self.runner.tutorial

    @property
    def finished(self) -> bool:
        return self.runner.finished(self.step)

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(name=self.name), SeatInfo(name=AI_NAME, is_ai=True)]

    def seats(self) -> list[Seat]:
        return [Seat(user_id=self.user_id, name=self.name), Seat(name=AI_NAME, ai="added")]

    def engine_view(self) -> Any:
        return self.definition.engine.public_view(self.state)

    def event_lines(self, events: list[Event], locale: str) -> list[str]:
        return [describe(event, self.seats(), locale, self.definition.localize_params) for event in events]

    def restart(self) -> None:
        self.step, self.state = 0, self.runner.start(self.seat_infos())

    async def save(self, repo: TutorialRepo) -> None:
        await repo.save(self.user_id, self.game_type, self.step, self.state.model_dump_json())


def new_learning(definition: GameDefinition, user_id: int, name: str) -> Learning:
    """The tutorial from its first step; IllegalAction for a game without one."""
    if definition.tutorial is None:
        raise IllegalAction("tutorial.none", game=definition.game_type)
    learning = Learning(definition, TutorialRunner(definition.engine, definition.tutorial), user_id, name, 0, None)
    learning.restart()
    return learning


async def load_learning(repo: TutorialRepo, definition: GameDefinition, user_id: int,
                        name: str) -> Learning | None:
    """The stored tutorial, or None when the player never opened it. A state
    that no longer reads (the script changed) is replayed from the deal."""
    progress = await repo.get(user_id, definition.game_type)
    if progress is None:
        return None
    learning = new_learning(definition, user_id, name)
    learning.step = min(max(progress.step, 0), len(learning.tutorial.steps))
    try:
        learning.state = definition.engine.state_model.model_validate_json(progress.state)
    except ValueError:
        learning.state = learning.runner.replay(learning.seat_infos(), learning.step)
    return learning
