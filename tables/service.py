"""The table service: every live game, its lock, its timers and its AI seats.

Flow of an action: lock the game → engine.apply → append the action and the
new snapshot in one transaction (commit) → let AI seats play → notify. A
restart rebuilds everything from the database.

`TableService` is assembled from one mixin per job (lobby, play, timers,
results, announcing, restoring); this module keeps what they share: the
repositories, the table lookups, saving and closing a table, and shutdown.
"""
from __future__ import annotations

import asyncio
import random
import time
from typing import Callable

from db.database import Database
from db.models import GameRecord
from db.repo import GameRepo, RatingRepo, SettingsRepo
from engines.base import SeatInfo
from tables.announcing import AnnouncingMixin
from tables.announcing_queue import AnnouncingQueue
from tables.errors import TableError
from tables.live import GameSummary, LiveTable, Standing
from tables.lobby import LobbyMixin
from tables.notifier import Notifier, NullNotifier
from tables.play import MAX_AI_STEPS_PER_TURN, PlayMixin
from tables.registry import GameRegistry
from tables.restoring import RestoringMixin
from tables.results import ResultsMixin
from tables.sweeper import refuse_stale
from tables.thinking import ThinkingPool
from tables.timers import (
    DEFAULT_TURN_TIMEOUT_MINUTES,
    LOBBY_IDLE_SECONDS,
    MISSED_TURNS_BEFORE_AI_KEEPS_SEAT,
    TimersMixin,
)

__all__ = [
    "DEFAULT_TURN_TIMEOUT_MINUTES", "LOBBY_IDLE_SECONDS", "MAX_AI_STEPS_PER_TURN",
    "MISSED_TURNS_BEFORE_AI_KEEPS_SEAT", "GameSummary", "LiveTable", "Standing", "TableService",
]


class TableService(RestoringMixin, LobbyMixin, PlayMixin, TimersMixin, ResultsMixin, AnnouncingMixin):
    """Every live lobby and game of this process, and the one way to change them."""

    def __init__(
        self,
        db: Database,
        registry: GameRegistry,
        notifier: Notifier | None = None,
        clock: Callable[[], float] = time.time,
        thinking: ThinkingPool | None = None,
    ) -> None:
        self.db = db
        self.registry = registry
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.games = GameRepo(db)
        self.ratings = RatingRepo(db)
        self.settings = SettingsRepo(db)
        self.tables: dict[int, LiveTable] = {}  # game id → table
        self._by_channel: dict[int, int] = {}  # channel id → game id
        self.accepting = True
        # Announcements go out after the answer, in order per table (tables/announcing_queue.py).
        self.announcing = AnnouncingQueue(lambda: self.notifier)
        # AI moves: in worker processes when the bot passes a pool (AI_PROCESSES), else in a thread.
        self.thinking = thinking or ThinkingPool(0)
        self._rematch_lock = asyncio.Lock()
        self._opening = asyncio.Lock()
        # Seeds for new games; tests replace it to make games repeatable.
        self.new_seed: Callable[[], int] = lambda: random.SystemRandom().randrange(2**31)

    def _remember(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self._by_channel[table.record.channel_id] = table.id

    def _forget(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]
        self._cancel_timer(table)

    def in_channel(self, channel_id: int) -> LiveTable | None:
        game_id = self._by_channel.get(channel_id)
        return self.tables.get(game_id) if game_id is not None else None

    def get(self, game_id: int) -> LiveTable | None:
        return self.tables.get(game_id)

    def require_channel(self, channel_id: int) -> LiveTable:
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("core.err.no_game")
        return table

    def require_game(self, game_id: int) -> LiveTable:
        table = self.get(game_id)
        if table is None:
            raise TableError("core.err.game_gone")
        return table

    @staticmethod
    def _seat_infos(record: GameRecord) -> list[SeatInfo]:
        return [SeatInfo(name=s.name, is_ai=s.ai == "added") for s in record.seats]

    async def _close(self, table: LiveTable, status: str) -> None:
        table.record.status = status  # type: ignore[assignment]
        table.record.turn_started_at = None
        await self._save_record(table)
        self._forget(table)

    async def _save_record(self, table: LiveTable) -> None:
        table.record.updated_at = self.clock()
        async with refuse_stale(self, table):
            await self.games.save(table.record)

    # ------------------------------------------------------------------
    # Shutdown
    # ------------------------------------------------------------------
    def _check_accepting(self) -> None:
        if not self.accepting:
            raise TableError("core.err.shutting_down")

    async def shutdown(self) -> None:
        """Stop taking actions, wait for actions in flight, stop timers and
        the AI processes."""
        self.accepting = False
        for table in list(self.tables.values()):
            async with table.lock:
                self._cancel_timer(table)
        await self.announcing.join()
        await self.thinking.shutdown()
