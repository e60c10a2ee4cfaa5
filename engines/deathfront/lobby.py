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


def chosen_side(seat: Any) -> int | None:
    """A seat's side (0 Allies, 1 Axis): its faction's, else the side it
    picked in a team lobby (``Seat.options["side"]``), else None."""
    faction = chosen_faction(seat)
    if faction is not None:
        return side_of_faction(faction)
    value = (getattr(seat, "options", None) or {}).get("side")
    return value if value in (0, 1) and not isinstance(value, bool) else None


def pick_side(options: dict[str, Any], side: int) -> dict[str, Any]:
    """A seat's options once it picked ``side``: a faction of the other side is dropped."""
    faction = options.get("faction")
    kept = {key: value for key, value in options.items()
            if not (key == "faction" and faction in FACTIONS and side_of_faction(faction) != side)}
    return {**kept, "side": side}


def opening_faction(chosen: list[str | None], seat: int, sides: Sequence[int | None] = ()) -> str:
    """The faction ``seat`` plays when the host chose it to start: one that
    acts first in round 1 (4 players: US; 2 players: an Allied faction), and
    never on the Axis side the seat picked."""
    count = len(chosen)
    opens = ("us",) if count == 4 else tuple(f for f in FILL_ORDER if f in ALLIED_FACTIONS)
    own = chosen[seat]
    if own is not None:
        if own in opens:
            return own
    elif sides and sides[seat] == 1:
        pass
    else:
        others = [f for i, f in enumerate(chosen) if i != seat and f is not None]
        free = [f for f in opens if f not in others]
        if free and (count == 4 or not any(f in ALLIED_FACTIONS for f in others)):
            return free[0]
    raise illegal("first_needs_us" if count == 4 else "first_needs_allies")


def drawn_first_seat(chosen: list[str | None], seed: int, sides: Sequence[int | None] = ()) -> int | None:
    """Who starts when the host left it to chance: a seat drawn from the
    table's seed among those that can take a faction acting first (None:
    none can — the choices decide)."""
    able = []
    for seat in range(len(chosen)):
        try:
            opening_faction(chosen, seat, sides)
        except IllegalAction:
            continue
        able.append(seat)
    return random.Random(f"first:{seed}").choice(able) if able else None


def finalize_lobby_config(config: dict[str, Any], seats: Sequence[Any], seed: int | None = None) -> dict[str, Any]:
    """The config to start with: ``players`` from the seat count and
    ``factions`` per seat from the seats' choices, unchosen seats filled so
    that the Allies and the Axis have one player each (2 players) or two each
    (4 players: US + UK against SS + Wehrmacht). A seat that picked a side
    but no faction gets one of that side; the others alternate sides in seat
    order where they can. Raises ``IllegalAction`` when the seat
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
    sides = [chosen_side(seat) for seat in seats]
    first = config.get("first_seat")
    if first is None and seed is not None:
        first = drawn_first_seat(chosen, seed, sides)
    if isinstance(first, int) and 0 <= first < count:
        chosen[first] = opening_faction(chosen, first, sides)
        picked = [f for f in chosen if f is not None]
    per_side = count // 2
    allied = sum(f in ALLIED_FACTIONS for f in picked)
    axis = sum(f in AXIS_FACTIONS for f in picked)
    sided = [side if faction is None else None for faction, side in zip(chosen, sides)]
    if allied + sided.count(0) > per_side or axis + sided.count(1) > per_side:
        raise illegal("sides_unbalanced", allies=allied + sided.count(0), axis=axis + sided.count(1),
                      per_side=per_side)
    free = {0: [f for f in FILL_ORDER if f in ALLIED_FACTIONS and f not in picked][: per_side - allied],
            1: [f for f in FILL_ORDER if f in AXIS_FACTIONS and f not in picked][: per_side - axis]}
    for index, side in enumerate(sided):
        if side is not None:
            chosen[index] = free[side].pop(0)
    factions: list[str] = []
    for faction in chosen:
        if faction is None:
            previous_side = side_of_faction(factions[-1]) if factions else 1
            side = 1 - previous_side if free[1 - previous_side] else previous_side
            faction = free[side].pop(0)
        factions.append(faction)
    return {**config, "players": count, "factions": factions}
