"""What happened lately in each game, for the page's log: the public events
of the latest changes (``tables.recent.RecentChanges``, told by
``WebNotifier``; rebuilt, from the game's start, for a game this process has
not followed), worded for the page.

A player reads their own actions in the second person ("You pass.", "你跳过。"):
an event about the reader's one seat takes the catalogue's ``<ns>.<section>_you``
variant of its key where there is one (``…_to_you`` when the reader's seat is the
one acted on: "Ada attacks your Sherman"). A hot-seat page (several seats) and a
watcher read names."""
from __future__ import annotations

from engines.base import Event
from i18n import has
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
        """The latest lines, as the session ``table`` was seen by reads them."""
        if not self.recent.knows(table.id):
            await self.recent.refill(service.queries.actions, table, with_start=True)
        localize = table.definition.localize_params
        reader = table.mine[0] if len(table.mine) == 1 else None
        events = self.recent.events(table.id)[-MAX_LINES:]
        return [describe(second_person(e, reader), table.record.seats, locale, localize) for e in events]

    def forget(self, table_id: int) -> None:
        self.recent.forget(table_id)


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
