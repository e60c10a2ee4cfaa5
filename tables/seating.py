"""Find my seat or refuse: the one order of checks every front end uses
(Discord's commands and buttons, the web board, and the table service
itself before it applies an action), each case with one refusal:

1. no game here — the front end's own lookup (``core.err.no_game`` in a
   channel, ``core.err.game_gone`` for a button's table, ``core.err.other_game``
   for another game's command; the web's "no such table");
2. not seated — ``core.err.not_seated``: the caller holds no seat here;
3. not in play — ``core.err.not_playing``: a lobby, or a game that ended;
4. resigned — ``core.err.resigned``: the seat is the AI's now;
5. moved on — ``core.err.moved_on``: the caller chose from an older position;
6. not your turn — ``core.err.not_your_turn``, naming who is to act.

A refusal changes nothing and carries no hidden information."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from tables.errors import TableError
from tables.records import GameRecord
from tables.text import safe_name


class SeatedTable(Protocol):
    """What the checks read of a table: a live one, or the web's view of one."""

    @property
    def record(self) -> GameRecord: ...

    @property
    def state(self) -> Any: ...

    def to_act(self) -> list[int]: ...


def of_game(table: SeatedTable, game_type: str | None) -> None:
    """Refuse another game's command here (step 1)."""
    if game_type is not None and table.record.game_type != game_type:
        raise TableError("core.err.other_game", game=table.record.game_type)


def playing_seats(table: SeatedTable, mine: Sequence[int]) -> list[int]:
    """``mine`` (the caller's seats), once the caller holds one and the game
    is in play (steps 2 and 3)."""
    if not mine:
        raise TableError("core.err.not_seated")
    if table.record.status != "playing" or table.state is None:
        raise TableError("core.err.not_playing")
    return list(mine)


def still_playing(table: SeatedTable, seat: int) -> int:
    """``seat``, unless its player resigned (step 4)."""
    if table.record.seats[seat].ai_reason == "resigned":
        raise TableError("core.err.resigned")
    return seat


def playing_seat(table: SeatedTable, user_id: int) -> int:
    """The user's seat in a game in play, or a refusal (steps 2–4)."""
    seat = table.record.seat_of(user_id)
    return still_playing(table, playing_seats(table, [] if seat is None else [seat])[0])


def same_version(table: SeatedTable, expected_version: int | None) -> None:
    """Refuse a choice made on an older position (step 5); None: not asked."""
    if expected_version is not None and table.record.version != expected_version:
        raise TableError("core.err.moved_on", version=table.record.version)


def require_turn(table: SeatedTable, seat: int) -> None:
    """Refuse a seat that is not to act, saying who is (step 6)."""
    to_act = table.to_act()
    if seat not in to_act:
        names = ", ".join(safe_name(table.record.seats[s].name) for s in to_act)
        raise TableError("core.err.not_your_turn", players=names or "—")


def acting_seat(table: SeatedTable, user_id: int, expected_version: int | None = None) -> int:
    """The user's seat, to act now on the position they saw (steps 2–6)."""
    seat = playing_seat(table, user_id)
    same_version(table, expected_version)
    require_turn(table, seat)
    return seat
