"""What happened lately in each game, for the page's log: the public events
of the latest changes (``tables.recent.RecentChanges``, told by
``WebNotifier``; rebuilt, from the game's start, for a game this process has
not followed), worded for the page.

A player reads their own actions in the second person ("You pass.", "你跳过。"):
an event about the reader's one seat takes the catalogue's ``<ns>.<section>_you``
variant of its key where there is one (``…_to_you`` when the reader's seat is the
one acted on: "Ada attacks your Sherman"). A hot-seat page (several seats) and a
watcher read names.

A table's JSON may be read between a change's commit and the moment its
events are told here (the announcing queue tells the pages after the
player is answered, and after the AI seats' moves): the log knows the
table version it has heard of, and a read of a newer version gets that
version's lines rebuilt from the action log (up to that version, for that
answer only), so one version's answer always carries that version's lines."""
from __future__ import annotations

from engines.base import Event
from i18n import has
from render.lru import LruCache
from tables.recent import MAX_BATCHES, RecentChanges, rebuild
from tables.service import TableService
from tables.text import describe
from web.access import SeenTable

__all__ = ["MAX_BATCHES", "MAX_LINES", "GameLog"]
MAX_LINES = 40
REBUILT_KEPT = 16  # versions read before their news, kept rebuilt (refreshes and watchers read one at once)


class GameLog:
    def __init__(self) -> None:
        self.recent = RecentChanges()
        self.heard: dict[int, int] = {}  # the table version each followed log holds every change of
        self._rebuilt: LruCache[tuple[int, int], list[Event]] = LruCache(REBUILT_KEPT)

    def remember(self, table_id: int, batches: list[list[Event]], version: int) -> None:
        """One or more changes' events, the table at ``version`` once they are in.
        A game not followed yet is rebuilt in full when first read; changes the
        rebuild that began following it already read are not added again."""
        if self.recent.knows(table_id) and version > self.heard.get(table_id, -1):
            self.recent.add_if_known(table_id, batches)
            self.heard[table_id] = version

    async def lines(self, service: TableService, table: SeenTable, locale: str) -> list[str]:
        """The latest lines, as the session ``table`` was seen by reads them."""
        localize = table.definition.localize_params
        reader = table.mine[0] if len(table.mine) == 1 else None
        events = (await self._events(service, table))[-MAX_LINES:]
        return [describe(second_person(e, reader), table.record.seats, locale, localize) for e in events]

    def forget(self, table_id: int) -> None:
        self.recent.forget(table_id)
        self.heard.pop(table_id, None)

    async def _events(self, service: TableService, table: SeenTable) -> list[Event]:
        """Every change's events up to the version ``table`` was read at."""
        if not self.recent.knows(table.id):
            self.heard[table.id] = await self.recent.refill(service.queries.actions, table, with_start=True)
        version = table.record.version
        if table.record.status == "lobby" or self.heard.get(table.id, -1) >= version:
            return self.recent.events(table.id)
        key = (table.id, version)  # read before its news: rebuilt up to this version, not kept in the log
        events = self._rebuilt.lookup(key)
        if events is None:
            batches, _ = await rebuild(service.queries.actions, table, with_start=True, upto=version)
            events = [e for batch in batches[-MAX_BATCHES:] for e in batch]
            self._rebuilt.put(key, events)
        return events


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
