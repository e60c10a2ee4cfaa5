"""The page's log: the game's recent changes (``tables.recent.RecentChanges``,
told by ``WebNotifier``; rebuilt, from the game's start, for a game this
process has not followed), worded for the page."""
from __future__ import annotations

from engines.base import Event
from tables.recent import MAX_BATCHES, RecentChanges
from tables.service import TableService
from tables.text import describe
from web.access import SeenTable

__all__ = ["MAX_BATCHES", "MAX_LINES", "GameLog"]
MAX_LINES = 40


class GameLog:
    def __init__(self) -> None:
        self.recent = RecentChanges()

    def remember(self, table_id: int, batches: list[list[Event]]) -> None:
        self.recent.add_if_known(table_id, batches)

    async def lines(self, service: TableService, table: SeenTable, locale: str) -> list[str]:
        if not self.recent.knows(table.id):
            await self.recent.refill(service.queries.actions, table, with_start=True)
        localize = table.definition.localize_params
        return [describe(e, table.record.seats, locale, localize) for e in self.recent.events(table.id)][-MAX_LINES:]

    def forget(self, table_id: int) -> None:
        self.recent.forget(table_id)
