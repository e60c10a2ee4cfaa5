"""Several notifiers as one: the bot tells Discord and the web board of
every change (``TableService`` has one ``notifier``). Each is told in turn,
in the order given (the fast ones first), and one that fails does not keep
the others from hearing: its failure is logged by type and place only (a
message may quote a hand)."""
from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from engines.base import Event

if TYPE_CHECKING:
    from tables.live import GameSummary, LiveTable
    from tables.notifier import Notifier

log = logging.getLogger(__name__)


class CompositeNotifier:
    def __init__(self, notifiers: Sequence["Notifier"]) -> None:
        self.notifiers = list(notifiers)

    async def _each(self, what: str, call: Callable[[Any], Awaitable[object] | None]) -> None:
        for notifier in self.notifiers:
            try:
                pending = call(notifier)
                if pending is not None:
                    await pending
            except Exception as error:
                where = traceback.extract_tb(error.__traceback__)[-1]
                log.error("%s: %s failed: %s at %s:%s", type(notifier).__name__, what, type(error).__name__,
                          where.filename.rsplit("/", 1)[-1], where.lineno)

    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        await self._each("lobby", lambda n: n.lobby_updated(table, closed_reason))

    async def board_updated(self, table: "LiveTable", events: list[Event], finished: "GameSummary | None") -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table: "LiveTable", batches: list[list[Event]],
                                    finished: "GameSummary | None",
                                    turn: tuple[list[int], list[int]] | None = None) -> None:
        """Each notifier as the announcing queue would tell it alone: the
        batches to one that takes them, else the events in one list."""
        def tell(notifier: Any) -> Awaitable[object]:
            many = getattr(notifier, "board_updated_batches", None)
            if many is not None:
                return many(table, batches, finished, turn)  # type: ignore[no-any-return]
            return notifier.board_updated(table, [e for batch in batches for e in batch], finished)  # type: ignore[no-any-return]

        await self._each("board", tell)

    async def hands_changed(self, table: "LiveTable", seats: list[int], turn_seats: Sequence[int] = ()) -> None:
        await self._each("hands", lambda n: n.hands_changed(table, seats, turn_seats))

    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        def tell(notifier: Any) -> Awaitable[object] | None:
            changed = getattr(notifier, "turn_changed", None)  # optional, as for the queue
            return changed(table, seats, new_seats) if changed is not None else None

        await self._each("turn", tell)

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        await self._each("reminder", lambda n: n.turn_reminder(table, seat, minutes_left))

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        await self._each("ending", lambda n: n.game_ended_by_manager(table))
