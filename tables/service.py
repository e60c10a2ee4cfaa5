"""The table service: every live lobby and game of this process, and the
one way to change them.

`TableService` is a small public API over parts with explicit
dependencies: `LiveTables` (the index), `TableStore` (writing a row),
`Timers`, `Results`, `Announcer`, `Changes` (the one change path: lock →
apply and commit → AI seats → finish or re-arm → announce), `Lobby`, `Play`
and `Restorer`. A restart rebuilds everything from the database.
"""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel

from db.database import Database
from db.models import GameRecord, Seat
from db.repo import GameRepo, RatingRepo, SettingsRepo
from db.reviews import ReviewRepo
from engines.base import Event, IllegalAction
from tables import metrics
from tables.announcing import Announcer
from tables.announcing_queue import AnnouncingQueue
from tables.changes import MAX_AI_STEPS_PER_TURN, Changes
from tables.errors import TableError
from tables.game_end import EndListener
from tables.hints import Hint, Hints
from tables.hook import Hook
from tables.live import GameSummary, LiveTable, LiveTables, Standing
from tables.lobby import Lobby
from tables.notifier import Notifier, NullNotifier
from tables.play import Play
from tables.queries import Queries
from tables.refreshing import Refresher
from tables.registry import GameRegistry
from tables.restoring import Restorer
from tables.results import Results
from tables.reviewing import Reviews
from tables.store import TableStore
from tables.surroundings import Surroundings
from tables.thinking import ThinkingPool
from tables.timers import (
    DEFAULT_TURN_TIMEOUT_MINUTES,
    LOBBY_IDLE_SECONDS,
    MISSED_TURNS_BEFORE_AI_KEEPS_SEAT,
    Timers,
)

__all__ = [
    "DEFAULT_TURN_TIMEOUT_MINUTES", "LOBBY_IDLE_SECONDS", "MAX_AI_STEPS_PER_TURN",
    "MISSED_TURNS_BEFORE_AI_KEEPS_SEAT", "GameSummary", "LiveTable", "Standing", "TableService",
]


class TableService:
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
        # The notifier, clock and seed source, read at each use (tables/surroundings.py).
        self.surroundings = Surroundings(notifier or NullNotifier(), clock)
        # AI moves: in worker processes when the bot passes a pool (AI_PROCESSES), else in a thread.
        self.thinking = thinking or ThinkingPool(0)
        self.accepting = True
        self.games = GameRepo(db)
        self.ratings = RatingRepo(db)
        self.settings = SettingsRepo(db)
        self.tables = LiveTables()
        now, notifier_now = self.surroundings.now, self.surroundings.current_notifier

        # The two true cycles (tables/hook.py): each hook is connected once its target exists.
        reload: Hook[[int], Awaitable[LiveTable | None]] = Hook("TableStore.reload → Refresher.refresh")
        time_out: Hook[[LiveTable, int], Awaitable[None]] = Hook("Timers.time_out → Changes.time_out")
        # A stale copy is reloaded and what changed elsewhere announced (tables/refreshing.py).
        self.store = TableStore(db, self.games, self.tables, now, reload=reload)
        self.timers = Timers(self.settings, self.store, notifier_now, now, time_out=time_out)
        self.results = Results(self.games, self.ratings, self.store, self.tables, now)
        # Announcements go out after the answer, in order per table (tables/announcing_queue.py).
        self.announcing = AnnouncingQueue(notifier_now)
        metrics.watch_tables(self.tables)  # read when scraped (tables/metrics.py)
        metrics.watch_queue(self.announcing)
        self.announcer = Announcer(self.announcing, self.store, notifier_now)
        self.changes = Changes(self.games, self.store, self.results, self.timers, self.announcer,
                               self.thinking, now)
        time_out.connect(self.changes.time_out)
        self.lobby = Lobby(db, self.games, registry, self.tables, self.store, self.timers, self.changes,
                           notifier_now, now, self.surroundings.seed)
        self.play = Play(self.changes, self.store)
        self.restorer = Restorer(self.games, registry, self.tables, self.timers, self.changes)
        self.refresher = Refresher(self.games, self.tables, self.restorer, self.changes, self.announcer,
                                   self.announcing, notifier_now)
        reload.connect(self.refresher.refresh)
        self.reviews = Reviews(self.games, ReviewRepo(db), registry, self.thinking)
        # The read side the front ends use (tables/queries.py); ``games``, ``settings`` and
        # ``db`` stay for the table service's own parts and outside tools.
        self.queries = Queries(db, self.games, self.ratings, self.settings, registry, now)
        self.hints = Hints(self.thinking)

    # -- what the service reads from outside (tables/surroundings.py) --------------------
    @property
    def notifier(self) -> Notifier:
        return self.surroundings.notifier

    @notifier.setter
    def notifier(self, notifier: Notifier) -> None:
        self.surroundings.notifier = notifier

    @property
    def clock(self) -> Callable[[], float]:
        return self.surroundings.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.surroundings.clock = clock

    @property
    def new_seed(self) -> Callable[[], int]:
        """Seeds for new games; tests replace it to make games repeatable."""
        return self.surroundings.new_seed

    @new_seed.setter
    def new_seed(self, new_seed: Callable[[], int]) -> None:
        self.surroundings.new_seed = new_seed

    # -- finding tables ----------------------------------------------------------------
    def get(self, table_id: int) -> LiveTable | None:
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> LiveTable | None:
        return self.tables.in_channel(channel_id)

    def require_channel(self, channel_id: int) -> LiveTable:
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("core.err.no_game")
        return table

    def require_game(self, table_id: int) -> LiveTable:
        table = self.get(table_id)
        if table is None:
            raise TableError("core.err.game_gone")
        return table

    def _check_accepting(self) -> None:
        if not self.accepting:
            raise TableError("core.err.shutting_down")

    # -- lobbies -----------------------------------------------------------------------
    async def open_lobby(self, game_type: str, guild_id: int | None, channel_id: int, host_id: int,
                         host_name: str, config: dict[str, Any] | None = None,
                         seed: int | None = None, seats: list[Seat] | None = None,
                         elsewhere: bool = False) -> LiveTable:
        """``seats``: the lobby's seats in order (a tournament's match, where the
        host need not play); by default the host alone. ``elsewhere``: opened
        by no chat command (the board): the chat posts its lobby message."""
        self._check_accepting()
        return await self.lobby.open(game_type, guild_id, channel_id, host_id, host_name, config, seed, seats,
                                     elsewhere)

    async def _lobby_step(self, table_id: int, step: Callable[[LiveTable], Awaitable[None]]) -> LiveTable:
        """One lobby step on the table. When another process wrote the row
        meanwhile without changing the lobby (the bot noting its lobby
        message's id as a player joins on the board), the copy was reloaded
        and the step runs once more on it; a lobby that did change (a seat, an
        option) refuses as before. Nothing was written by the refused try."""
        for attempt in range(2):
            table = self.require_game(table_id)
            seen = lobby_as_seen(table.record)
            try:
                await step(table)
                return table
            except TableError as error:
                if error.key != "core.err.stale_table" or attempt or self.get(table_id) is not table \
                        or lobby_as_seen(table.record) != seen:
                    raise
        raise AssertionError("unreachable")

    async def join(self, table_id: int, user_id: int, name: str) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.join(table, user_id, name))

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.leave(table, user_id))

    async def add_ai(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.add_ai(table, user_id))

    async def set_ai_level(self, table_id: int, user_id: int, level: str) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.set_ai_level(table, user_id, level))

    async def set_option(self, table_id: int, user_id: int, key: str, value: str) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.set_option(table, user_id, key, value))

    async def set_seat_option(self, table_id: int, user_id: int, key: str, value: Any,
                              seat: int | None = None) -> LiveTable:
        return await self._lobby_step(
            table_id, lambda table: self.lobby.set_seat_option(table, user_id, key, value, seat))

    async def pick_side(self, table_id: int, user_id: int, side: int, seat: int | None = None) -> LiveTable:
        """A side of a team lobby: the caller's own, or (the host) ``seat``'s."""
        return await self._lobby_step(table_id, lambda table: self.lobby.pick_side(table, user_id, side, seat))

    async def cancel(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby_step(
            table_id, lambda table: self.lobby.close(table, "core.lobby.cancelled", host_id=user_id))

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby_step(table_id, lambda table: self.lobby.start(table, user_id))

    async def rematch(self, table_id: int, user_id: int, user_name: str,
                      elsewhere: bool = False) -> tuple[LiveTable, GameRecord]:
        return await self.lobby.rematch(table_id, user_id, user_name, elsewhere)

    async def offers_rematch(self, table_id: int) -> bool:
        return await self.lobby.offers_rematch(table_id)

    async def announce_opened(self, table: LiveTable) -> None:
        """A lobby another process opened (heard over the change bus),
        announced as a new one opened elsewhere (``open_lobby``'s
        ``elsewhere``): this process's front ends hear of it, and a bot posts
        its lobby message, once."""
        table.opened_elsewhere = True
        await self.notifier.lobby_updated(table)

    # -- play --------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, action: BaseModel,
                  expected_version: int | None = None) -> list[Event]:
        """Apply a player's action. Raises TableError or IllegalAction and
        changes nothing when refused. Returns the public events it caused.
        ``expected_version``: only if the game is still at that version."""
        self._check_accepting()
        for attempt in range(2):
            table = self.require_game(table_id)
            version = table.record.version
            try:
                return await self.play.act(table, user_id, action, expected_version)
            except TableError as error:
                # Another process wrote the row but the game did not move on (a message id,
                # a DM failure): the copy was reloaded, and the same answer is played once more.
                if error.key != "core.err.stale_table" or attempt or table.record.version != version \
                        or self.get(table_id) is not table:
                    metrics.refusal(table.record.game_type, error.key)
                    raise
            except IllegalAction as error:
                metrics.refusal(table.record.game_type, error.key)
                raise
        raise AssertionError("unreachable")

    async def hint(self, table_id: int, user_id: int) -> Hint:
        """The AI's suggested move for the caller, in a game with hints on (``tables.hints``)."""
        return await self.hints.suggest(self.require_game(table_id), user_id)

    async def validate(self, table_id: int, user_id: int, action: BaseModel) -> None:
        """Raise as ``act`` would, without changing anything (previews)."""
        self.play.validate(self.require_game(table_id), user_id, action)

    async def resign(self, table_id: int, user_id: int) -> list[Event]:
        return await self.play.resign(self.require_game(table_id), user_id)

    async def end_game(self, table_id: int) -> LiveTable:
        """A server manager ends a stuck game or lobby: abandoned, not rated."""
        table = self.require_game(table_id)
        if table.record.status == "lobby":
            await self.lobby.close(table, "core.lobby.ended")
        else:
            await self.play.end_game(table)
        return table

    def on_game_end(self, listener: EndListener) -> None:
        """Call ``listener(record)`` when a game is finished or abandoned (tables/game_end.py)."""
        self.store.ended.add(listener)

    # -- messages ----------------------------------------------------------------------
    async def mark_dm_failed(self, table: LiveTable, seat: int, failed: bool) -> None:
        await self.announcer.mark_dm_failed(table, seat, failed)

    async def set_message_ids(self, table: LiveTable, *, lobby: int | None = None, board: int | None = None,
                              ping: int | None | bool = False) -> None:
        await self.announcer.set_message_ids(table, lobby=lobby, board=board, ping=ping)

    # -- restart and shutdown ----------------------------------------------------------
    async def restore(self) -> int:
        """Load every live lobby and game and finish what a crash left undone."""
        return await self.restorer.restore()

    async def replay(self, record: GameRecord) -> BaseModel:
        """The state rebuilt from seed + action log."""
        return await self.restorer.replay(record)

    async def shutdown(self) -> None:
        """Stop taking actions, wait for actions in flight, stop timers and
        the AI processes."""
        self.accepting = False
        for table in list(self.tables.values()):
            async with table.lock:
                table.cancel_timer()
        await self.announcing.join()
        await self.thinking.shutdown()


def lobby_as_seen(record: GameRecord) -> tuple[Any, ...]:
    """What a lobby shows its players: who sits where with which options,
    the game's options, and whether it is still a lobby."""
    return record.status, record.host_id, [s.model_dump() for s in record.seats], repr(record.config)
