"""What happened lately in each game: the public events of its latest
changes, one batch per change (the newest ``MAX_BATCHES``), rebuilt from the
action log for a game this process has not followed since it began (a
restart, a finished game). Each front end keeps one and only words it: the
board's log and the panels' "since your last move" lines on Discord
(``cogs/play/board_log.py``), the page's log on the web (``web/game_log.py``).
Events are public: nothing here is hidden information."""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from engines.base import Event
from games.definition import GameDefinition
from tables import replay
from tables.records import GameRecord

log = logging.getLogger(__name__)
MAX_BATCHES = 64
STARTED = "core.log.started"

# A game's action log as stored: (seq, seat, action, when) rows.
ActionReader = Callable[[int], Awaitable[list[tuple[int, int, dict[str, Any], Any]]]]


class LoggedTable(Protocol):
    """What a rebuild reads of a table: a live one, or the web's view of one."""

    @property
    def id(self) -> int: ...

    @property
    def record(self) -> GameRecord: ...

    @property
    def definition(self) -> GameDefinition: ...


class RecentChanges:
    def __init__(self) -> None:
        self._recent: dict[int, deque[list[Event]]] = {}

    def knows(self, table_id: int) -> bool:
        """Whether the game's changes are followed here (else: rebuild first)."""
        return table_id in self._recent

    def add(self, table_id: int, events: list[Event]) -> None:
        """One change's events, following the game from now on if it was not."""
        if events:
            self._recent.setdefault(table_id, deque(maxlen=MAX_BATCHES)).append(list(events))

    def add_if_known(self, table_id: int, batches: Iterable[list[Event]]) -> None:
        """Changes of a game followed here; an unknown one is rebuilt in full when asked."""
        if table_id in self._recent:
            for batch in batches:
                self.add(table_id, batch)

    def forget(self, table_id: int) -> None:
        self._recent.pop(table_id, None)

    async def refill(self, actions: ActionReader, table: LoggedTable, *, with_start: bool = False) -> int:
        """Rebuild the game's changes from its action log (one per action);
        ``with_start``: first the game's start (every game began so; the
        start is not in the action log). Returns the last action read (its
        seq is the table version it made; -1 for none)."""
        found, last = await rebuild(actions, table, with_start=with_start)
        self._recent[table.id] = deque(found[-MAX_BATCHES:], maxlen=MAX_BATCHES)
        return last

    def events(self, table_id: int) -> list[Event]:
        """Every remembered event, oldest first."""
        return [e for batch in self._recent.get(table_id, ()) for e in batch]

    def since(self, table_id: int, seats: Iterable[int]) -> list[Event]:
        """The events since (and including) the last change made by one of
        ``seats``: everything they missed. Every remembered event when none
        of them moved lately."""
        wanted = set(seats)
        out: list[list[Event]] = []
        for batch in reversed(self._recent.get(table_id, ())):
            out.append(batch)
            if batch and batch[0].params.get("seat") in wanted:
                break
        return [e for batch in out[::-1] for e in batch]

    def missed_by(self, table_id: int, seat: int) -> list[Event]:
        """What the others did since ``seat``'s own last change (not that change)."""
        events = self.since(table_id, [seat])
        while events and events[0].params.get("seat") == seat:
            events.pop(0)
        return events


async def rebuild(actions: ActionReader, table: LoggedTable, *, with_start: bool = False,
                  upto: int | None = None) -> tuple[list[list[Event]], int]:
    """The game's changes from its action log, one batch per action, up to
    table version ``upto`` (an action's seq is the version it made), and
    the seq of the last action used (-1 for none)."""
    playing = table.record.status != "lobby"
    rows = await actions(table.id) if playing else []
    moves = [(seq, seat, action) for seq, seat, action, _ in rows if upto is None or seq <= upto]

    def batches() -> list[list[Event]]:
        steps = replay.steps(table.definition, table.record, moves)
        return [step.events for step in steps if step.events]

    try:
        found = await asyncio.to_thread(batches) if moves else []
    except Exception as error:  # a log that no longer replays must not stop the board
        log.error("game %s: could not rebuild its recent changes: %s", table.id, type(error).__name__)
        found = []
    if with_start and playing:
        found.insert(0, [Event(key=STARTED)])
    return found, (moves[-1][0] if moves else -1)
