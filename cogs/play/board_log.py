"""The board's log and the panels' "since your last move" lines: the game's
recent changes (``tables.recent.RecentChanges``), worded for Discord."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engines.base import Event
from tables.recent import MAX_BATCHES, RecentChanges
from tables.text import describe

if TYPE_CHECKING:
    from tables.service import LiveTable, TableService

__all__ = ["MAX_BATCHES", "BoardLog"]


class BoardLog:
    def __init__(self) -> None:
        self.recent = RecentChanges()

    def knows(self, table_id: int) -> bool:
        return self.recent.knows(table_id)

    def remember(self, table: "LiveTable", events: list[Event]) -> None:
        self.recent.add(table.id, events)

    def forget(self, table_id: int) -> None:
        self.recent.forget(table_id)

    async def refill(self, service: "TableService", table: "LiveTable") -> None:
        """Rebuild the remembered changes from the action log (one per action)."""
        await self.recent.refill(service.queries.actions, table)

    def since(self, table: "LiveTable", seats: Iterable[int]) -> list[Event]:
        return self.recent.since(table.id, seats)

    def missed_by(self, table: "LiveTable", seat: int) -> list[Event]:
        return self.recent.missed_by(table.id, seat)

    @staticmethod
    def lines(table: "LiveTable", events: list[Event], locale: str) -> list[str]:
        return [f"• {describe(e, table.seats, locale, table.definition.localize_params)}" for e in events]
