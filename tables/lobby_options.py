"""A lobby option the host picked (games/options.py), checked and written
into the lobby's config; and who starts, kept right when a seat leaves."""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from db.models import Seat
from games.definition import GameDefinition
from games.options import DEFAULT_FIRST, FIRST_SEAT, core_settings
from tables.errors import TableError


def with_option(definition: GameDefinition, config: dict[str, Any], seats: list[Seat], key: str,
                value: str) -> dict[str, Any]:
    """``config`` with option ``key`` set to ``value`` (a select's value: a
    string), or ``TableError("core.err.bad_option")`` and nothing changed."""
    if key == FIRST_SEAT and definition.host_picks_first:
        if value == DEFAULT_FIRST:
            updated = {**config, FIRST_SEAT: None}
        elif value.isdigit() and int(value) < len(seats):
            updated = {**config, FIRST_SEAT: int(value)}
        else:
            raise TableError("core.err.bad_first_seat")
    else:
        option = definition.lobby_option(key)
        if option is None or value not in option.values:
            raise TableError("core.err.bad_option")
        updated = option.write(config, value)
    try:
        checked: dict[str, Any] = definition.engine.config_from_json(updated).model_dump(mode="json")
    except (ValidationError, ValueError, TypeError):
        raise TableError("core.err.bad_option") from None
    return {**checked, **core_settings(updated)}


def after_leaving(config: dict[str, Any], seat: int) -> dict[str, Any]:
    """The config once ``seat`` left: the chosen starter keeps their seat
    (the seats after the leaver move up one); a starter who left → the default."""
    first = config.get(FIRST_SEAT)
    if not isinstance(first, int) or first < seat:
        return config
    return {**config, FIRST_SEAT: None if first == seat else first - 1}


def check_first_seat(config: dict[str, Any], seats: int) -> None:
    """At Start: a chosen starter must be one of the seats."""
    first = config.get(FIRST_SEAT)
    if first is not None and not (isinstance(first, int) and 0 <= first < seats):
        raise TableError("core.err.bad_first_seat")
