"""What players are told after a change: which hands changed, whose turn
began, and the queued announcement (board, ping, DMs) that follows the
answer; plus the message ids and DM failures the notifier reports back."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from engines.base import Event
from tables.announcing_queue import AnnouncingQueue, Call, Change
from tables.errors import TableError
from tables.live import GameSummary, LiveTable
from tables.notifier import Notifier
from tables.store import TableStore

STALE_RETRIES = 2  # a row changed elsewhere again between the reload and the write


class Announcer:
    def __init__(self, queue: AnnouncingQueue, store: TableStore, notifier: Callable[[], Notifier]) -> None:
        self.queue = queue
        self.store = store
        self.notifier = notifier

    @staticmethod
    def hand_snapshots(table: LiveTable) -> dict[int, Any]:
        """What each person holds in secret now."""
        state = table.state
        if state is None:
            return {}
        return {seat: table.engine.hidden_hand(state, seat) for seat in table.human_seats()}

    def changed_hands(self, table: LiveTable, before: dict[int, Any]) -> list[int]:
        """Seats whose secret holdings changed (not merely whose turn it is),
        from snapshots: the definition ``hands_changed_since`` (what the table
        asks) is tested against."""
        if table.record.status != "playing":
            return []
        after = self.hand_snapshots(table)
        return [seat for seat, hand in after.items() if hand is not None and before.get(seat) != hand]

    @staticmethod
    def hands_changed_since(table: LiveTable, state: BaseModel | None, seats: list[int]) -> list[int]:
        """``changed_hands`` against ``hand_snapshots`` taken when the table's
        state was ``state`` and its human seats ``seats``, without building
        them: the engine compares the two states (``hidden_hand_changed``).
        A state is never changed in place once it is the table's."""
        after = table.state
        if table.record.status != "playing" or after is None:
            return []
        engine = table.engine
        if state is None:
            return [seat for seat in table.human_seats() if engine.hidden_hand(after, seat) is not None]
        return [seat for seat in table.human_seats()
                if (engine.hidden_hand_changed(state, after, seat) if seat in seats
                    else engine.hidden_hand(after, seat) is not None)]

    @staticmethod
    def turn_change(table: LiveTable) -> tuple[list[int], list[int]] | None:
        """(humans to act now, those of them who were not to act before) when
        that set changed since the last announcement, else None. Decided and
        remembered without awaiting, so two announcements cannot both see
        the same change."""
        now = [] if table.record.status != "playing" else [s for s in table.to_act() if not table.seats[s].is_ai]
        before = table.record.ping_seats
        if now == before:
            return None
        table.record.ping_seats = now
        return now, [s for s in now if s not in before]

    def announce(self, table: LiveTable, events: list[Event], finished: GameSummary | None,
                 changed_hands: list[int], accepted_at: float | None = None) -> None:
        """Queue the change's board, ping and DMs; they follow the answer.
        ``accepted_at`` (``tables.metrics.clock``): when the change was
        committed, if not now."""
        turn = self.turn_change(table)
        self.queue.submit(table, Change(events, finished, changed_hands, turn) if accepted_at is None
                          else Change(events, finished, changed_hands, turn, accepted_at))

    def ended_by_manager(self, table: LiveTable) -> None:
        """Queue the note that a manager ended the game, after what is queued already."""
        self.queue.submit(table, Call(lambda: self.notifier().game_ended_by_manager(table), "ending"))

    async def mark_dm_failed(self, table: LiveTable, seat: int, failed: bool) -> None:
        async with table.lock:
            table.seats[seat].dm_failed = failed
            await self.store.save(table)

    async def set_message_ids(self, table: LiveTable, *, lobby: int | None = None, board: int | None = None,
                              ping: int | None | bool = False) -> None:
        """Remember the game's messages (``ping=None`` forgets the ping).
        Under the table's lock: the announcements run beside the next
        actions, and two writers of the row would make one of them stale.
        A write found stale (another process changed the game meanwhile)
        reloaded the copy and announced that change; the ids are then
        written on the reloaded row, or the message just posted would be
        forgotten and the next change would post a second one."""
        async with table.lock:
            for attempt in range(STALE_RETRIES + 1):
                if lobby is not None:
                    table.record.lobby_message_id = lobby
                if board is not None:
                    table.record.board_message_id = board
                if ping is not False:
                    table.record.ping_message_id = None if ping is None else int(ping)
                try:
                    # Not ``store.save``: a message id is no activity, and the lobby's
                    # idle clock runs from ``updated_at``.
                    async with self.store.refusing_stale(table):
                        await self.store.games.save(table.record)
                    return
                except TableError as refusal:
                    if refusal.key != "core.err.stale_table" or attempt == STALE_RETRIES \
                            or self.store.live.get(table.id) is not table:  # ended elsewhere: nothing to remember
                        raise
