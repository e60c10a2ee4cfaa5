"""What the players see after a change, sent after they are answered.

``TableService`` commits an action, queues its announcement here and
returns: the player's answer does not wait for the board to be drawn. Each
table has at most one worker task, which delivers its announcements in
order (board edit with the announcer's texts and the results, then the turn
ping, then the hand DMs; a manager's ending after them; a notifier with
``board_updated_batches`` is also told the turn with the board, to carry
the ping on it) and exits when the
table has nothing left to say.

Changes that pile up while the worker is busy (drawing the previous board)
are delivered together: the board is drawn once, from the newest state, and
its log still gets every change's lines (one batch per change); the turn
pings are merged into one (the humans to act after the last change, pinging
those not yet pinged); the DMs go to the union of the seats.
"""
from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from engines.base import Event
from tables import metrics

if TYPE_CHECKING:
    from tables.live import GameSummary, LiveTable
    from tables.notifier import Notifier

log = logging.getLogger(__name__)


@dataclass
class Change:
    """One committed change's announcement. ``turn`` is what
    ``Announcer.turn_change`` decided at commit time: (humans to act,
    those of them newly to act), or None when that set did not change."""

    events: list[Event]
    finished: "GameSummary | None"
    changed_hands: list[int]
    turn: tuple[list[int], list[int]] | None
    accepted_at: float = field(default_factory=metrics.clock)  # for the act → board latency


@dataclass
class Call:
    """Any other notifier call that must keep its place in the table's order."""

    make: Callable[[], Awaitable[Any]]
    what: str = "notification"


@dataclass
class _Pending:
    table: "LiveTable"
    items: list[Change | Call] = field(default_factory=list)


def merged_turn(changes: list[Change]) -> tuple[list[int], list[int]] | None:
    """The turn after the last change that moved it, pinging everyone to act
    then who became to act in any of the changes (and was not pinged yet)."""
    turns = [c.turn for c in changes if c.turn is not None]
    if not turns:
        return None
    seats = turns[-1][0]
    newly = {s for _, new in turns for s in new}
    return seats, [s for s in seats if s in newly]


class AnnouncingQueue:
    def __init__(self, notifier: Callable[[], "Notifier"]) -> None:
        self._notifier = notifier  # read at delivery: tests may swap the service's notifier
        self._pending: dict[int, _Pending] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def submit(self, table: "LiveTable", item: Change | Call) -> None:
        pending = self._pending.get(table.id)
        if pending is None:
            pending = self._pending[table.id] = _Pending(table)
        pending.table = table  # a reloaded table may be a new object
        pending.items.append(item)
        if table.id not in self._workers:
            self._workers[table.id] = asyncio.create_task(self._work(table.id), name=f"announce-{table.id}")

    def waiting(self) -> int:
        """Announcements queued and not yet taken up by their table's worker."""
        return sum(len(pending.items) for pending in self._pending.values())

    def busy(self, game_id: int | None = None) -> bool:
        return bool(self._workers) if game_id is None else game_id in self._workers

    async def join(self, game_id: int | None = None) -> None:
        """Wait until every queued announcement (of one game, or all) went out."""
        while True:
            workers = [w for g, w in self._workers.items() if game_id is None or g == game_id]
            workers = [w for w in workers if w is not asyncio.current_task()]
            if not workers:
                return
            await asyncio.gather(*workers, return_exceptions=True)

    async def _work(self, game_id: int) -> None:
        try:
            while (pending := self._pending.pop(game_id, None)) is not None:
                await self._deliver(pending.table, pending.items)
        finally:
            del self._workers[game_id]

    async def _deliver(self, table: "LiveTable", items: list[Change | Call]) -> None:
        group: list[Change] = []
        for item in items:
            if isinstance(item, Change):
                group.append(item)
                continue
            if group:
                await self._changes(table, group)
                group = []
            await self._guarded(table, item.what, item.make)
        if group:
            await self._changes(table, group)

    async def _changes(self, table: "LiveTable", changes: list[Change]) -> None:
        notifier = self._notifier()
        finished = next((c.finished for c in reversed(changes) if c.finished is not None), None)
        batches = [c.events for c in changes]
        turn = merged_turn(changes)
        many = getattr(notifier, "board_updated_batches", None)
        if many is not None:  # one board for the changes; it also says whose turn it is
            delivered = await self._guarded(table, "board", lambda: many(table, batches, finished, turn))
        else:
            events = [e for batch in batches for e in batch]
            delivered = await self._guarded(table, "board",
                                            lambda: notifier.board_updated(table, events, finished))
        if delivered:
            for change in changes:
                metrics.board_delivered(table.record.game_type, change.accepted_at)
        turn_changed = getattr(notifier, "turn_changed", None)  # optional for older notifiers
        if turn is not None and turn_changed is not None:
            await self._guarded(table, "turn ping", lambda: turn_changed(table, turn[0], turn[1]))
        hands = sorted({s for c in changes for s in c.changed_hands})
        newly = sorted({s for c in changes if c.turn is not None for s in c.turn[1]})
        if finished is None and (hands or newly):
            await self._guarded(table, "hands", lambda: notifier.hands_changed(table, hands, newly))

    @staticmethod
    async def _guarded(table: "LiveTable", what: str, make: Callable[[], Awaitable[Any]]) -> bool:
        """A failed message is logged; the game moved on and the rest still goes out."""
        try:
            await make()
            return True
        except Exception as error:
            # The error's type and place only: its message may quote a view
            # (a hand being drawn), and hidden information never reaches a log.
            where = traceback.extract_tb(error.__traceback__)[-1]
            log.error("game %s: could not send the %s: %s at %s:%s", table.id, what, type(error).__name__,
                      where.filename.rsplit("/", 1)[-1], where.lineno)
            return False
