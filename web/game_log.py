"""What happened lately in each game, for the page's log: the public events
of the latest changes (told by ``WebNotifier``), rebuilt from the action log
for a game this process has not followed (a restart, a finished game).

A player reads their own actions in the second person ("You pass.", "你跳过。"):
an event about the reader's one seat takes the catalogue's ``<ns>.<section>_you``
variant of its key where there is one (``…_to_you`` when the reader's seat is the
one acted on: "Ada attacks your Sherman"). A hot-seat page (several seats) and a
watcher read names."""
from __future__ import annotations

import asyncio
import logging
from collections import deque

from engines.base import Event
from i18n import has
from tables import replay
from tables.service import TableService
from tables.text import describe
from web.access import SeenTable

log = logging.getLogger(__name__)
MAX_BATCHES = 64
MAX_LINES = 40


class GameLog:
    def __init__(self) -> None:
        self._recent: dict[int, deque[list[Event]]] = {}

    def remember(self, table_id: int, batches: list[list[Event]]) -> None:
        if table_id not in self._recent:
            return  # rebuilt in full when first asked for
        for batch in batches:
            if batch:
                self._recent[table_id].append(list(batch))

    async def lines(self, service: TableService, table: SeenTable, locale: str) -> list[str]:
        """The latest lines, as the session ``table`` was seen by reads them."""
        if table.id not in self._recent:
            await self._refill(service, table)
        events = [e for batch in self._recent.get(table.id, ()) for e in batch][-MAX_LINES:]
        localize = table.definition.localize_params
        reader = table.mine[0] if len(table.mine) == 1 else None
        return [describe(second_person(e, reader), table.record.seats, locale, localize) for e in events]

    async def _refill(self, service: TableService, table: SeenTable) -> None:
        rows = await service.games.actions(table.id) if table.record.status != "lobby" else []
        actions = [(seq, seat, action) for seq, seat, action, _ in rows]

        def batches() -> list[list[Event]]:
            return [step.events for step in replay.steps(table.definition, table.record, actions) if step.events]

        try:
            found = await asyncio.to_thread(batches) if actions else []
        except Exception:  # a log that no longer replays must not stop the page
            log.error("game %s: could not rebuild the web log", table.id)
            found = []
        if table.record.status != "lobby":  # every game began so (the start is not in the action log)
            found.insert(0, [Event(key="core.log.started")])
        self._recent[table.id] = deque(found[-MAX_BATCHES:], maxlen=MAX_BATCHES)

    def forget(self, table_id: int) -> None:
        self._recent.pop(table_id, None)


def second_person(event: Event, reader: int | None) -> Event:
    """``event`` as the player of seat ``reader`` reads it: the key's second-person
    variant when the event is about that seat and the catalogue has one."""
    parts = event.key.split(".")
    if reader is None or len(parts) != 3:
        return event
    namespace, section, name = parts
    if event.params.get("seat") == reader:
        variant = f"{namespace}.{section}_you.{name}"
    elif any(key.endswith("_seat") and value == reader for key, value in event.params.items()):
        variant = f"{namespace}.{section}_you.{name}_to_you"
    else:
        return event
    return event.model_copy(update={"key": variant}) if has(variant) else event
