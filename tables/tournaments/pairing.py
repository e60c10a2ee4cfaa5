"""A tournament's pairings, standings and podium for Swiss, round-robin and
knockout (pure: no database, no Discord, no asyncio). Entrants are ids in
seed order (sign-up order: the first is the top seed). The rules are written
for players in docs/community.md, "Tournament formats"."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tables.errors import TableError
from tables.tournaments.results import (
    DRAW,
    LOSS,
    WIN,
    Played,
    Standing,
    knockout_winner,
    standings_of,
)
from tables.tournaments.swiss import swiss_round

__all__ = ["DRAW", "FORMATS", "LOSS", "MIN_ENTRANTS", "WIN", "Pairing", "PairingError", "Played",
           "Standing", "bye", "is_finished", "max_rounds", "pair", "podium", "round_count",
           "standings"]

FORMATS = ("swiss", "round-robin", "knockout")
MIN_ENTRANTS = 2


@dataclass(frozen=True)
class Pairing:
    board: int          # 1, 2, … within the round
    a: int              # entrant id
    b: int | None       # None: a bye for a


class PairingError(TableError):
    """A tournament request the rules refuse; ``key`` and ``params`` make the
    localized refusal (i18n ``pairing.*``)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, **params)


def bye(round_no: int, entrant: int) -> Played:
    """The record of a bye: it scores a win."""
    return Played(round_no, entrant, None, WIN, LOSS)


def _check(format: str, entrants: int) -> None:
    if format not in FORMATS:
        raise PairingError("pairing.unknown_format", format=format)
    if entrants < MIN_ENTRANTS:
        raise PairingError("pairing.too_few", minimum=MIN_ENTRANTS, count=entrants)


def _knockout_rounds(entrants: int) -> int:
    return max(1, math.ceil(math.log2(entrants)))


def max_rounds(format: str, entrants: int) -> int:
    """The most rounds the format allows for this many entrants."""
    _check(format, entrants)
    if format == "knockout":
        return _knockout_rounds(entrants)
    if format == "round-robin":
        return entrants if entrants % 2 else entrants - 1
    return entrants - 1


def round_count(format: str, entrants: int, asked: int | None) -> int:
    """The number of rounds: ``asked`` when the format allows it, else the
    default (Swiss: ceil(log2 n), at most n-1; round-robin: the full cycle;
    knockout: always ceil(log2 n))."""
    most = max_rounds(format, entrants)
    if format == "knockout":
        if asked is not None and asked != most:
            raise PairingError("pairing.knockout_rounds", count=entrants, rounds=most)
        return most
    if asked is None:
        return most if format == "round-robin" else min(most, _knockout_rounds(entrants))
    if not 1 <= asked <= most:
        raise PairingError("pairing.rounds_range", count=entrants, minimum=1, maximum=most)
    return asked


def pair(format: str, entrants: Sequence[int], played: Sequence[Played], round_no: int) -> list[Pairing]:
    """The pairings of round ``round_no`` given every match played before it.
    A bye is a Pairing with ``b`` None (Swiss and round-robin: the last board;
    knockout: in its bracket place)."""
    most = max_rounds(format, len(entrants))
    if not 1 <= round_no <= most:
        raise PairingError("pairing.no_round", round=round_no, rounds=most)
    earlier = [match for match in played if match.round < round_no]
    if format == "swiss":
        _check_rounds_done(entrants, earlier, round_no)
        table = standings(format, entrants, earlier)
        pairs = swiss_round([row.entrant for row in table], {row.entrant: row.points for row in table}, earlier)
    elif format == "round-robin":
        pairs = _circle(list(entrants), round_no)
    else:
        pairs = _knockout(list(entrants), earlier, round_no)
    return [Pairing(board, a, b) for board, (a, b) in enumerate(pairs, start=1)]


def _check_rounds_done(entrants: Sequence[int], played: Sequence[Played], round_no: int) -> None:
    """Swiss pairs from the standings, so every earlier round must be complete."""
    for earlier in range(1, round_no):
        if not _everyone_in(entrants, played, earlier):
            raise PairingError("pairing.round_unfinished", round=earlier)


def _everyone_in(entrants: Sequence[int], played: Sequence[Played], round_no: int) -> bool:
    """Whether every entrant has a result (a match or a bye) in ``round_no``."""
    seen: set[int | None] = set()
    for match in played:
        if match.round == round_no:
            seen.update((match.a, match.b))
    return set(entrants) <= seen


def _circle(entrants: list[int], round_no: int) -> list[tuple[int, int | None]]:
    """The circle method: the first entrant stays, the others turn one place a
    round; with an odd number a phantom (None) stays in front and makes the
    byes, the last seed's first."""
    ring: list[int | None] = [None, *entrants] if len(entrants) % 2 else list(entrants)
    turn = (round_no - 1) % (len(ring) - 1)
    rest = ring[1:]
    ring = [ring[0], *rest[-turn:], *rest[:-turn]] if turn else ring
    half = len(ring) // 2
    pairs: list[tuple[int, int | None]] = []
    bye_for: int | None = None
    for index in range(half):
        a, b = ring[index], ring[-1 - index]
        if index == 0 and round_no % 2 == 0:
            a, b = b, a  # the fixed entrant alternates the first seat
        if a is None or b is None:
            bye_for = b if a is None else a
            continue
        pairs.append((a, b))
    if bye_for is not None:
        pairs.append((bye_for, None))
    return pairs


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order for a bracket of ``size`` (a power of
    2): 1 v size, and 1 and 2 can only meet in the final (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, span - top)]
    return order


def _knockout(entrants: list[int], played: Sequence[Played], round_no: int) -> list[tuple[int, int | None]]:
    seeds = {e: i for i, e in enumerate(entrants)}
    size = 2 ** _knockout_rounds(len(entrants))
    slots = [entrants[s - 1] if s <= len(entrants) else None for s in bracket_order(size)]
    pairs: list[tuple[int, int | None]] = []
    for index in range(0, size, 2):
        a, b = slots[index], slots[index + 1]
        if a is None:  # the standard bracket never leaves both places empty
            a, b = b, None
        assert a is not None
        pairs.append((a, b))
    for earlier in range(1, round_no):
        winners = []
        for a, b in pairs:
            match = _find(played, earlier, a, b)
            if match is None:
                raise PairingError("pairing.round_unfinished", round=earlier)
            winners.append(knockout_winner(match, seeds))
        pairs = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
    return pairs


def _find(played: Sequence[Played], round_no: int, a: int, b: int | None) -> Played | None:
    if b is None:
        return bye(round_no, a)
    for match in played:
        if match.round == round_no and {match.a, match.b} == {a, b}:
            return match
    return None


def standings(format: str, entrants: Sequence[int], played: Sequence[Played]) -> list[Standing]:
    """Everyone, best first: Swiss by points, Buchholz, Sonneborn–Berger;
    round-robin by points, Sonneborn–Berger, wins; knockout by the round
    reached. Equal keys share a rank; seed orders the list within it."""
    _check(format, len(entrants))
    return standings_of(format, entrants, played)


def podium(format: str, entrants: Sequence[int], played: Sequence[Played]) -> list[tuple[int, list[int]]]:
    """(place, entrants) for places 1–3; a shared place holds several and the
    place after it is skipped (1, 1, 3)."""
    places: dict[int, list[int]] = {}
    for row in standings(format, entrants, played):
        if row.rank <= 3:
            places.setdefault(row.rank, []).append(row.entrant)
    return sorted(places.items())


def is_finished(format: str, entrants: Sequence[int], played: Sequence[Played], rounds: int) -> bool:
    """Whether every match of every round up to ``rounds`` has a result."""
    _check(format, len(entrants))
    if format == "knockout":
        try:
            final = pair(format, entrants, played, rounds)[0]
        except PairingError:
            return False
        return _find(played, rounds, final.a, final.b) is not None
    return all(_everyone_in(entrants, played, round_no) for round_no in range(1, rounds + 1))
