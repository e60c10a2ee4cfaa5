"""From a lobby to a game config: each seat's own faction choice, checked and
completed at Start (``GameDefinition.finalize_config``). Pure: no Discord, no database."""
from __future__ import annotations

import random
from typing import Any, Sequence

from engines.base import IllegalAction

from .cards import ALLIED_FACTIONS, AXIS_FACTIONS, FACTIONS, side_of_faction
from .messages import illegal

SEAT_COUNTS = (2, 4)
# Preference when a seat chose nothing: the round-1 action order.
FILL_ORDER = ("us", "ss", "uk", "wehrmacht")


def chosen_faction(seat: Any) -> str | None:
    """A seat's own lobby choice (``Seat.options["faction"]``), if any."""
    value = (getattr(seat, "options", None) or {}).get("faction")
    return value if value in FACTIONS else None


def opening_faction(chosen: list[str | None], seat: int) -> str:
    """The faction ``seat`` plays when the host chose it to start: one that
    acts first in round 1 (4 players: US; 2 players: an Allied faction)."""
    count = len(chosen)
    opens = ("us",) if count == 4 else tuple(f for f in FILL_ORDER if f in ALLIED_FACTIONS)
    own = chosen[seat]
    if own is not None:
        if own in opens:
            return own
    else:
        others = [f for i, f in enumerate(chosen) if i != seat and f is not None]
        free = [f for f in opens if f not in others]
        if free and (count == 4 or not any(f in ALLIED_FACTIONS for f in others)):
            return free[0]
    raise illegal("first_needs_us" if count == 4 else "first_needs_allies")


def drawn_first_seat(chosen: list[str | None], seed: int) -> int | None:
    """Who starts when the host left it to chance: a seat drawn from the
    table's seed among those that can take a faction acting first (None:
    none can — the choices decide)."""
    able = []
    for seat in range(len(chosen)):
        try:
            opening_faction(chosen, seat)
        except IllegalAction:
            continue
        able.append(seat)
    return random.Random(f"first:{seed}").choice(able) if able else None


def finalize_lobby_config(config: dict[str, Any], seats: Sequence[Any], seed: int | None = None) -> dict[str, Any]:
    """The config to start with: ``players`` from the seat count and
    ``factions`` per seat from the seats' choices, unchosen seats filled so
    that the Allies and the Axis have one player each (2 players) or two each
    (4 players: US + UK against SS + Wehrmacht). Unchosen seats alternate
    sides in seat order where they can. Raises ``IllegalAction`` when the seat
    count or the choices cannot make a game."""
    count = len(seats)
    if count not in SEAT_COUNTS:
        raise illegal("lobby_seats", count=count)
    if config.get("players") == 4 and count != 4:
        raise illegal("lobby_wants_four", count=count)
    chosen = [chosen_faction(seat) for seat in seats]
    picked = [f for f in chosen if f is not None]
    if len(set(picked)) != len(picked):
        raise illegal("faction_twice")
    first = config.get("first_seat")
    if first is None and seed is not None:
        first = drawn_first_seat(chosen, seed)
    if isinstance(first, int) and 0 <= first < count:
        chosen[first] = opening_faction(chosen, first)
        picked = [f for f in chosen if f is not None]
    per_side = count // 2
    allied = sum(f in ALLIED_FACTIONS for f in picked)
    axis = sum(f in AXIS_FACTIONS for f in picked)
    if allied > per_side or axis > per_side:
        raise illegal("sides_unbalanced", allies=allied, axis=axis, per_side=per_side)
    free = {0: [f for f in FILL_ORDER if f in ALLIED_FACTIONS and f not in picked][: per_side - allied],
            1: [f for f in FILL_ORDER if f in AXIS_FACTIONS and f not in picked][: per_side - axis]}
    factions: list[str] = []
    for faction in chosen:
        if faction is None:
            previous_side = side_of_faction(factions[-1]) if factions else 1
            side = 1 - previous_side if free[1 - previous_side] else previous_side
            faction = free[side].pop(0)
        factions.append(faction)
    return {**config, "players": count, "factions": factions}
