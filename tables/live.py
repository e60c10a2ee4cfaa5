"""The data of live tables: a game in memory (`LiveTable`), the index of the
tables this process holds (`LiveTables`), and what a finished game reports
(`GameSummary`, one `Standing` per seat)."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from db.models import GameRecord, Seat
from engines.base import GameEngine, Result, SeatInfo
from games.definition import GameDefinition


class Timer(Protocol):
    """A table's timer: its task, or a turn timer waiting for its first
    deadline without one (``tables.timers.TurnWait``)."""

    def done(self) -> bool: ...

    def cancel(self, msg: Any | None = None) -> bool: ...


@dataclass
class LiveTable:
    """A game in memory: its record, its engine state, its lock and its timer."""

    record: GameRecord
    definition: GameDefinition
    state: BaseModel | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: Timer | None = None
    # A lobby no chat command opened (the board, the Activity, another process):
    # the chat posts its lobby message at its next news (TableService.announce_opened).
    opened_elsewhere: bool = False

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def engine(self) -> GameEngine[Any, Any]:
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

    def human_seats(self) -> list[int]:
        """Seats of people still playing (not resigned)."""
        return [i for i, s in enumerate(self.seats) if s.user_id is not None and s.ai_reason != "resigned"]

    def cancel_timer(self) -> None:
        """Stop the table's timer, unless the caller is that timer."""
        if self.timer is not None and not self.timer.done() and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None


def seat_infos(record: GameRecord) -> list[SeatInfo]:
    """What the engine may know of the seats."""
    return [SeatInfo(name=s.name, is_ai=s.ai_reason == "added") for s in record.seats]


class LiveTables(Mapping[int, LiveTable]):
    """Every lobby and game this process holds, by table id and by channel
    (one live table per channel)."""

    def __init__(self) -> None:
        self._by_id: dict[int, LiveTable] = {}
        self._by_channel: dict[int, int] = {}

    def __getitem__(self, table_id: int) -> LiveTable:
        return self._by_id[table_id]

    def __iter__(self) -> Iterator[int]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def add(self, table: LiveTable) -> None:
        self._by_id[table.id] = table
        self._by_channel[table.record.channel_id] = table.id

    def remove(self, table: LiveTable) -> None:
        """Forget a table (closed, finished, or no longer this process's) and stop its timer."""
        self._by_id.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]
        table.cancel_timer()

    def clear(self) -> None:
        self._by_id.clear()
        self._by_channel.clear()

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self._by_id.get(table_id) if table_id is not None else None


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
