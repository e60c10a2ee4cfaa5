"""Sides in a team lobby (``games.teams.TeamSides``): who picked which side,
a pick checked against the room left, and the seats arranged at Start so
the engine's teams are the sides the players chose."""
from __future__ import annotations

from typing import Any

from db.models import Seat
from games.definition import GameDefinition
from games.options import FIRST_SEAT
from games.teams import TeamSides
from tables.errors import TableError

SIDES = (0, 1)


def team_sides(definition: GameDefinition, config: dict[str, Any], seat_count: int) -> TeamSides | None:
    """The game's sides when this lobby is a team lobby, else None."""
    sides = definition.team_sides
    return sides if sides is not None and sides.applies(config, seat_count) else None


def sides_of(sides: TeamSides, seats: list[Seat]) -> list[int | None]:
    return [sides.side_of(seat) for seat in seats]


def check_room(sides: TeamSides, seats: list[Seat]) -> None:
    """No side holds more than ``per_side`` seats."""
    chosen = sides_of(sides, seats)
    for side in SIDES:
        if chosen.count(side) > sides.per_side:
            raise TableError("teams.err.side_full", max=sides.per_side)


def picking(definition: GameDefinition, config: dict[str, Any], seats: list[Seat], seat: int,
            side: int) -> dict[str, Any]:
    """The options ``seat`` has once it picked ``side``; refused (nothing
    changed) when this is not a team lobby or that side is full."""
    sides = team_sides(definition, config, len(seats))
    if sides is None:
        raise TableError("teams.err.not_team_lobby")
    if side not in SIDES:
        raise TableError("teams.err.bad_side")
    options = sides.pick(dict(seats[seat].options), side)
    check_room(sides, [s.model_copy(update={"options": options}) if i == seat else s for i, s in enumerate(seats)])
    return options


def arranged(definition: GameDefinition, config: dict[str, Any],
             seats: list[Seat]) -> tuple[list[Seat], dict[str, Any]]:
    """At Start, where the engine reads teams from seat positions
    (``grouped``): copies of the seats with every seat on a side (a seat that
    picked none goes, in seat order, to the first side with room: nobody
    picking keeps the join order's teams), ordered side by side, and the
    config's chosen starter moved with their seat. Otherwise the game's
    ``finalize_config`` places the seats that picked no side; the sides are
    only checked here. Not a team lobby: unchanged."""
    sides = team_sides(definition, config, len(seats))
    if sides is None:
        return seats, config
    check_room(sides, seats)
    if not sides.grouped:
        return seats, config
    copies = [seat.model_copy(deep=True) for seat in seats]
    chosen = sides_of(sides, copies)
    placed: list[int] = []
    for index, side in enumerate(chosen):
        if side is None:
            side = 0 if chosen.count(0) < sides.per_side else 1
            chosen[index] = side
            copies[index].options = sides.pick(copies[index].options, side)
        placed.append(side)
    order = sorted(range(len(copies)), key=lambda index: placed[index])  # stable: seat order within a side
    first = config.get(FIRST_SEAT)
    if isinstance(first, int) and 0 <= first < len(copies):
        config = {**config, FIRST_SEAT: order.index(first)}
    return [copies[index] for index in order], config
