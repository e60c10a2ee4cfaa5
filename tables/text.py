"""Turning engine events and results into localized text (no discord)."""
from __future__ import annotations

from typing import Any, Callable

from db.models import Seat
from engines.base import Event
from i18n import t


def _seat_name(seats: list[Seat], value: Any) -> Any:
    if isinstance(value, int) and 0 <= value < len(seats):
        return seats[value].name
    return value


def seat_params(params: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """Replace seat indexes by player names: a param named ``seat`` or
    ``*_seat`` holds one index, ``seats`` or ``*_seats`` a list of them."""
    out = dict(params)
    for key, value in params.items():
        if key == "seat" or key.endswith("_seat"):
            out[key] = _seat_name(seats, value)
        elif (key == "seats" or key.endswith("_seats")) and isinstance(value, list):
            out[key] = ", ".join(str(_seat_name(seats, v)) for v in value)
    return out


def describe(event: Event, seats: list[Seat], locale: str,
             localize: Callable[[dict[str, Any], str], dict[str, Any]] | None = None) -> str:
    params = localize(event.params, locale) if localize else event.params
    return t(event.key, locale, **seat_params(params, seats))


def game_name(game_type: str, locale: str) -> str:
    return t(f"core.game.{game_type}", locale)
