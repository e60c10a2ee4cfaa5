"""Team lobbies (issue 24): the sides players pick before a team game starts.

A game whose lobbies may be team lobbies declares a ``TeamSides`` in its
definition; the table layer, the lobby message and the team threads read it
without naming the game. A seat's side is kept in its lobby options
(``Seat.options["side"]``: 0 or 1) unless the game derives it from another
choice (Death Front: the faction a seat chose)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from pydantic import BaseModel

SIDE_KEY = "side"


class LobbySeat(Protocol):
    """What a game reads of a lobby seat (``tables.records.Seat``): the
    player's own lobby choices."""

    @property
    def options(self) -> dict[str, Any]: ...


def picked_side(seat: LobbySeat) -> int | None:
    value = seat.options.get(SIDE_KEY)
    return value if value in (0, 1) and not isinstance(value, bool) else None


def with_side(options: dict[str, Any], side: int) -> dict[str, Any]:
    return {**options, SIDE_KEY: side}


@dataclass(frozen=True)
class TeamSides:
    """``labels``: the catalogue keys of the two sides' names ("Team A",
    "Allies"). ``applies(config, seat count)``: whether a lobby is a team
    lobby. ``grouped``: the engine reads teams from seat positions, side 0 in
    the first ``per_side`` seats (SETUP), so the seats are ordered side by
    side at Start; otherwise the game reads the sides from the seats'
    options (Death Front's ``finalize_config``). ``shared_hands``: the rules
    let partners see each other's hands (a seat's private view holds its
    partner's), so the team thread may show them. ``side_of`` / ``pick``:
    read a seat's side, and a seat's options once it picked a side (a game
    may clear a choice that contradicts it). ``team_view``: a seat's
    private view as drawn for its whole team in the team thread."""

    labels: tuple[str, str]
    applies: Callable[[dict[str, Any], int], bool]
    grouped: bool = False
    shared_hands: bool = False
    per_side: int = 2
    side_of: Callable[[LobbySeat], int | None] = field(default=picked_side)
    pick: Callable[[dict[str, Any], int], dict[str, Any]] = field(default=with_side)
    team_view: Callable[[BaseModel], BaseModel] = field(default=lambda view: view)


def no_check(seats: Sequence[LobbySeat], seat: int, value: str) -> None:
    return None


@dataclass(frozen=True)
class SeatChoice:
    """A player's own lobby choice, kept in its seat's options at ``key``
    (Death Front's faction): one of ``values``; the host makes it for an AI
    seat. ``check(seats, seat, value)`` refuses a value for that seat (taken
    by another: a ``Refusal`` raised, nothing changed); ``title(locale)``
    names the choice and ``label(value, locale)`` a value, for the lobby's
    controls (Discord's command and the board's select say the same)."""

    key: str
    values: tuple[str, ...]
    title: Callable[[str], str]
    label: Callable[[str, str], str]
    check: Callable[[Sequence[LobbySeat], int, str], None] = no_check
