"""Choosing moves from a table's JSON on purpose (no browser): the moves a
page offers on its pictures, and choosers that reach the moves made of more
than one pair of taps (tests/browser/test_live_board.py, tests/webboard)."""
from __future__ import annotations

from typing import Any

Move = dict[str, Any]


def tappable(data: Move) -> list[Move]:
    """The moves the page offers on its pictures: every region of their steps is shown."""
    shown = {r["id"] for part in ("board", "hand") if data[part] for r in data[part]["regions"]}
    return [m for m in data["moves"] if m["steps"] and all(r in shown for pair in m["steps"] for r in pair)]


def same_pairs(data: Move, move: Move) -> list[Move]:
    """The tappable moves made of exactly ``move``'s pairs, in the page's order."""
    key = sorted(map(tuple, move["steps"]))
    return [m for m in tappable(data) if sorted(map(tuple, m["steps"])) == key]


def turning_sometimes(data: Move) -> Move:
    """With an even number of pieces in hand, a placement that needs its
    piece turned (not the first of the moves on that piece and cell), else
    the first move on the pictures."""
    moves = tappable(data)
    turned = [m for m in moves if same_pairs(data, m).index(m) > 0]
    pieces = len(data["hand"]["regions"]) if data["hand"] else 0
    return turned[0] if turned and pieces % 2 == 0 else (moves or data["moves"])[0]


def two_tiles_first(data: Move) -> Move:
    """A SETUP play of two tiles when there is one, else one tile, else a button."""
    plays = sorted(tappable(data), key=lambda m: (len(m["steps"]) != 2, len(m["steps"])))
    return (plays or data["moves"])[0]


def row(cell: str) -> int:
    return int(cell[1:])


def seeking_attacks(data: Move) -> Move:
    """Death Front: attack with the most attackers; else move a unit forward;
    deploy while the hand holds two cards or more (it keeps one: an empty
    hand ends the game; a pass is done for the step, so the units must be
    out early); else pass."""
    moves = data["moves"]

    def of(kind: str) -> list[Move]:
        return [m for m in moves if m["action"].get("kind") == kind]

    attacks = sorted(of("attack"), key=lambda m: (-len(m["action"]["attackers"]), m["action"]["at_facility"]))
    forward = sorted(of("move"), key=lambda m: row(m["action"]["from_cell"]) - row(m["action"]["to_cell"]))
    hand = len(data["hand"]["regions"]) if data["hand"] else 0
    if attacks:
        return attacks[0]
    if forward and row(forward[0]["action"]["to_cell"]) > row(forward[0]["action"]["from_cell"]):
        return forward[0]
    if of("deploy") and hand > 1:
        return of("deploy")[0]
    return next((m for kind in ("pass", "keep", "skip_draw") for m in of(kind)), moves[0])
