"""The data of a live table: the game in memory (`LiveTable`) and what a
finished game reports (`GameSummary`, one `Standing` per seat)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from pydantic import BaseModel

from db.models import GameRecord, Seat
from engines.base import GameEngine, Result
from games.definition import GameDefinition


@dataclass
class LiveTable:
    """A game in memory: its record, its engine state and its lock."""

    record: GameRecord
    definition: GameDefinition
    state: BaseModel | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def engine(self) -> GameEngine:
        return self.definition.engine

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    def to_act(self) -> list[int]:
        if self.state is None or self.record.status != "playing":
            return []
        return self.engine.to_act(self.state)

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)

    def seat_range(self) -> tuple[int, int]:
        return self.engine.seat_range(self.engine.config_from_json(self.record.config))


@dataclass
class Standing:
    """One seat's line in a finished game."""

    seat: int
    rank: int
    score: float | None
    resigned: bool
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass
class GameSummary:
    result: Result
    standings: list[Standing]
    rated: bool
    reason: str  # i18n key: the engine's reason, or core.end.resigned / core.end.ended
    ai_marked: bool
    unrated_reason: str = ""  # i18n key saying why an unrated game is not rated
