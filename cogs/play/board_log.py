"""What happened lately in each game, for the board's log and the panels'
"since your last move" lines: the latest changes' events, one batch per
change, rebuilt from the action log after a restart."""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from engines.base import Event
from tables import replay
from tables.text import describe

if TYPE_CHECKING:
    from tables.service import LiveTable, TableService

log = logging.getLogger(__name__)
MAX_BATCHES = 64


class BoardLog:
    def __init__(self) -> None:
        self.recent: dict[int, deque[list[Event]]] = {}

    def knows(self, table_id: int) -> bool:
        return table_id in self.recent

    def remember(self, table: "LiveTable", events: list[Event]) -> None:
        if events:
            self.recent.setdefault(table.id, deque(maxlen=MAX_BATCHES)).append(list(events))

    def forget(self, table_id: int) -> None:
        self.recent.pop(table_id, None)

    async def refill(self, service: "TableService", table: "LiveTable") -> None:
        """Rebuild the remembered changes from the action log (one per action)."""
        rows = await service.games.actions(table.id)
        actions = [(seq, seat, action) for seq, seat, action, _ in rows]

        def batches() -> list[list[Event]]:
            return [step.events for step in replay.steps(table.definition, table.record, actions) if step.events]

        try:
            found = await asyncio.to_thread(batches)
        except Exception:  # a log that no longer replays must not stop the board
            log.exception("game %s: could not rebuild the board's log", table.id)
            found = []
        self.recent[table.id] = deque(found[-MAX_BATCHES:], maxlen=MAX_BATCHES)

    def since(self, table: "LiveTable", seats: Iterable[int]) -> list[Event]:
        """The events since (and including) the last change made by one of
        ``seats``: everything they missed. Every remembered event when none
        of them moved lately."""
        wanted = set(seats)
        out: list[list[Event]] = []
        for batch in reversed(self.recent.get(table.id, ())):
            out.append(batch)
            if batch and batch[0].params.get("seat") in wanted:
                break
        return [e for batch in out[::-1] for e in batch]

    def missed_by(self, table: "LiveTable", seat: int) -> list[Event]:
        """What the others did since ``seat``'s own last change (not that change)."""
        events = self.since(table, [seat])
        while events and events[0].params.get("seat") == seat:
            events.pop(0)
        return events

    @staticmethod
    def lines(table: "LiveTable", events: list[Event], locale: str) -> list[str]:
        return [f"• {describe(e, table.seats, locale, table.definition.localize_params)}" for e in events]
