"""Announcing: which hands changed and whose turn began, the board update,
the turn ping and the hand DMs, and the message ids and DM failures the
notifier reports back. Part of `TableService`."""
from __future__ import annotations

from typing import Any

from engines.base import Event
from tables.announcing_queue import Change
from tables.live import GameSummary, LiveTable
from tables.sweeper import refuse_stale


class AnnouncingMixin:
    """`TableService`'s announcements; relies on the state and helpers `tables.service` sets up."""

    def _human_seats(self, table: LiveTable) -> list[int]:
        return [i for i, s in enumerate(table.seats) if s.user_id is not None and s.ai != "resigned"]

    def _hand_snapshots(self, table: LiveTable) -> dict[int, Any]:
        if table.state is None:
            return {}
        return {seat: table.engine.hidden_hand(table.state, seat) for seat in self._human_seats(table)}

    def _changed_hands(self, table: LiveTable, before: dict[int, Any]) -> list[int]:
        """Seats whose secret holdings changed (not merely whose turn it is)."""
        if table.record.status != "playing":
            return []
        after = self._hand_snapshots(table)
        return [seat for seat, hand in after.items() if hand is not None and before.get(seat) != hand]

    def _turn_change(self, table: LiveTable) -> tuple[list[int], list[int]] | None:
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

    async def _announce(self, table: LiveTable, events: list[Event], finished: GameSummary | None,
                        changed_hands: list[int]) -> None:
        """Queue the change's board, ping and DMs; they follow the answer."""
        self.announcing.submit(table, Change(events, finished, changed_hands, self._turn_change(table)))

    async def mark_dm_failed(self, table: LiveTable, seat: int, failed: bool) -> None:
        async with table.lock:
            table.seats[seat].dm_failed = failed
            await self._save_record(table)

    async def set_message_ids(self, table: LiveTable, *, lobby: int | None = None, board: int | None = None,
                              ping: int | None | bool = False) -> None:
        """Remember the game's messages (``ping=None`` forgets the ping).
        Under the table's lock: the announcements run beside the next
        actions, and two writers of the row would make one of them stale."""
        async with table.lock:
            if lobby is not None:
                table.record.lobby_message_id = lobby
            if board is not None:
                table.record.board_message_id = board
            if ping is not False:
                table.record.ping_message_id = ping  # type: ignore[assignment]
            async with refuse_stale(self, table):
                await self.games.save(table.record)
