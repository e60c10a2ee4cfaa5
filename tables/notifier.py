"""How the table service tells the outside world (Discord, the simulator)
what happened. Every method is called after the change is committed."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engines.base import Event

if TYPE_CHECKING:
    from tables.live import GameSummary, LiveTable


class Notifier(Protocol):
    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        """The lobby changed (seats, options), started, or closed (reason key)."""

    async def board_updated(self, table: "LiveTable", events: list[Event],
                            finished: "GameSummary | None") -> None:
        """The game moved on: post or edit the board; announce the end."""

    async def hands_changed(self, table: "LiveTable", seats: list[int],
                            turn_seats: Sequence[int] = ()) -> None:
        """``seats``' private views changed; ``turn_seats`` just became to act
        (send DMs as each player chose: hands, turns or nothing)."""

    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        """The humans to act are now ``seats`` (empty: nobody, e.g. the game
        ended); ``new_seats`` of them were not to act before."""

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        """Half the turn time is gone."""

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        """A server manager ended a game in play."""


class NullNotifier:
    """Tells nobody (tests, tools)."""

    async def lobby_updated(self, table: LiveTable, closed_reason: str | None = None) -> None:
        return None

    async def board_updated(self, table: LiveTable, events: list[Event], finished: GameSummary | None) -> None:
        return None

    async def hands_changed(self, table: LiveTable, seats: list[int], turn_seats: Sequence[int] = ()) -> None:
        return None

    async def turn_changed(self, table: LiveTable, seats: list[int], new_seats: list[int]) -> None:
        return None

    async def turn_reminder(self, table: LiveTable, seat: int, minutes_left: int) -> None:
        return None

    async def game_ended_by_manager(self, table: LiveTable) -> None:
        return None
