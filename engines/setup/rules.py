"""Pure SETUP rules: tiles, the board, combos and scoring.

Boards here are ``dict[str, str]``: square label -> visible tile text
(``"★7"``). Nothing in this module knows about turns, hands or the bag.
"""
from __future__ import annotations

import functools
from typing import Callable, Mapping

from engines.base import IllegalAction
from i18n import symbols

# ---- tiles -------------------------------------------------------------
SUITS = "★♥♦♣♠"
NUMBERS = range(1, 11)
ALL_TILES: tuple[str, ...] = tuple(f"{suit}{n}" for suit in SUITS for n in NUMBERS)
_TILE_SET = frozenset(ALL_TILES)

MAX_TILES_PER_PLAY = 8
HAND_SIZE = 4
COMMON_SIZE = 4
TRACK_LENGTH = 50


def is_tile(text: str) -> bool:
    return text in _TILE_SET


def tile_suit(tile: str) -> str:
    return tile[0]


def tile_number(tile: str) -> int:
    return int(tile[1:])


# ♥♦♣♠ ask for their text form (U+FE0E): the one helper is i18n.symbols.plain.
TEXT_PRESENTATION = symbols.TEXT_PRESENTATION
plain = symbols.plain


# ---- board -------------------------------------------------------------
# Grid position (row, column) of each square on the 4x4 grid without corners.
SQUARE_POSITIONS: dict[str, tuple[int, int]] = {
    "N1": (0, 1), "N2": (0, 2),
    "W1": (1, 0), "C1": (1, 1), "C2": (1, 2), "E1": (1, 3),
    "W2": (2, 0), "C3": (2, 1), "C4": (2, 2), "E2": (2, 3),
    "S1": (3, 1), "S2": (3, 2),
}
SQUARES: tuple[str, ...] = tuple(SQUARE_POSITIONS)
PUBLIC_SQUARES: tuple[str, ...] = ("C1", "C2", "C3", "C4")
SIDE_SQUARES: dict[str, tuple[str, str]] = {
    "N": ("N1", "N2"), "E": ("E1", "E2"), "S": ("S1", "S2"), "W": ("W1", "W2"),
}


def _king_lines() -> tuple[tuple[str, str], ...]:
    lines = []
    for i, a in enumerate(SQUARES):
        ra, ca = SQUARE_POSITIONS[a]
        for b in SQUARES[i + 1:]:
            rb, cb = SQUARE_POSITIONS[b]
            if max(abs(ra - rb), abs(ca - cb)) == 1:
                lines.append((a, b))
    return tuple(lines)


# The 30 white lines: squares that touch sideways or diagonally.
LINES: tuple[tuple[str, str], ...] = _king_lines()
NEIGHBOURS: dict[str, frozenset[str]] = {
    sq: frozenset(b if a == sq else a for a, b in LINES if sq in (a, b)) for sq in SQUARES
}


def bonus_side(seat: int, num_players: int) -> str:
    """Seats take sides clockwise S, W, N, E; with two players seat 2 sits opposite."""
    if num_players == 2:
        return ("S", "N")[seat]
    return ("S", "W", "N", "E")[seat]


def square_owners(num_players: int) -> dict[str, int | None]:
    """Owner seat of every square; None for public squares (centre and unused sides)."""
    owners: dict[str, int | None] = {sq: None for sq in SQUARES}
    for seat in range(num_players):
        for sq in SIDE_SQUARES[bonus_side(seat, num_players)]:
            owners[sq] = seat
    return owners


def allowed_squares(seat: int, num_players: int) -> tuple[str, ...]:
    """Squares ``seat`` may play on: public ones and its own bonus pair."""
    owners = square_owners(num_players)
    return tuple(sq for sq in SQUARES if owners[sq] in (None, seat))


def fits(placements: list[tuple[str, str]], tile: str) -> bool:
    """Whether ``tile`` may join the tiles placed: all of a play's tiles end
    in one combo, so they share one number (a set) or one suit (a run)."""
    numbers = {tile_number(placed) for placed, _ in placements}
    suits = {tile_suit(placed) for placed, _ in placements}
    return not placements or numbers == {tile_number(tile)} or suits == {tile_suit(tile)}


# ---- combos --------------------------------------------------------------
class IllegalPlay(IllegalAction):
    """Placed tiles that do not lie together in one combo (also a ValueError)."""


def _same_number(a: str, b: str) -> bool:
    return tile_number(a) == tile_number(b)


def _run_neighbours(a: str, b: str) -> bool:
    return tile_suit(a) == tile_suit(b) and abs(tile_number(a) - tile_number(b)) == 1


def _components(board: Mapping[str, str], linked: Callable[[str, str], bool]) -> list[frozenset[str]]:
    """Connected components of size >= 2 of the graph whose edges are the
    white lines between occupied squares whose tiles satisfy ``linked``."""
    parent = {sq: sq for sq in board}

    def root(sq: str) -> str:
        while parent[sq] != sq:
            parent[sq] = parent[parent[sq]]
            sq = parent[sq]
        return sq

    for a, b in LINES:
        if a in board and b in board and linked(board[a], board[b]):
            parent[root(a)] = root(b)
    groups: dict[str, set[str]] = {}
    for sq in board:
        groups.setdefault(root(sq), set()).add(sq)
    return [frozenset(g) for g in groups.values() if len(g) >= 2]


_SAME_NUMBER: dict[str, frozenset[str]] = {
    a: frozenset(b for b in ALL_TILES if b != a and _same_number(a, b)) for a in ALL_TILES
}
_RUN_NEIGHBOUR: dict[str, frozenset[str]] = {
    a: frozenset(b for b in ALL_TILES if _run_neighbours(a, b)) for a in ALL_TILES
}


def combos(board: Mapping[str, str]) -> list[frozenset[str]]:
    """Every combo on ``board`` as the set of its squares: the components of
    the set graph and of the run graph with at least two tiles."""
    board = {sq: tile for sq, tile in board.items() if tile}
    found = _components(board, _same_number) + _components(board, _run_neighbours)
    return list(dict.fromkeys(found))  # a set and a run can never coincide; keep order


def scoring_squares(board: Mapping[str, str], placed: Mapping[str, str]) -> frozenset[str]:
    """Squares of every visible tile that scores when ``placed`` (square ->
    tile) is put on ``board``, covering what was there. Raises
    ``IllegalPlay`` unless all placed tiles lie together in one combo.

    Only the combos through a placed square can score, so this grows those
    from the placed squares instead of building every combo of the board
    (the AIs call it thousands of times per move; ``combos`` gives the same
    answer, see tests/setup/test_setup_scoring_property.py)."""
    if not placed:
        raise IllegalPlay("setup.err.play_count", min=1, max=MAX_TILES_PER_PLAY)
    after = dict(board)
    after.update(placed)
    placed_squares = frozenset(placed)
    touching: list[frozenset[str]] = []
    for links in (_SAME_NUMBER, _RUN_NEIGHBOUR):
        reached: set[str] = set()
        for start in placed:
            if start in reached or not after[start]:
                continue
            component = _grow(after, start, links)
            reached |= component
            if len(component) >= 2:
                touching.append(component)
    if not touching:
        raise IllegalPlay("setup.err.no_combo")
    if not any(placed_squares <= c for c in touching):
        raise IllegalPlay("setup.err.not_one_combo")
    return frozenset().union(*touching)


def combo_reach(board: Mapping[str, str], square: str) -> frozenset[str]:
    """``square`` and the squares of every combo through it on ``board`` (a
    set and a run): what the tile there would score if it were the only
    one placed (issue 32: the AIs' beams build pairs' scoring from these)."""
    return _grow(board, square, _SAME_NUMBER) | _grow(board, square, _RUN_NEIGHBOUR)


def _grow(board: Mapping[str, str], start: str, links: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The squares linked to ``start`` through white lines whose two tiles
    are in ``links``' relation (same number, or run neighbours)."""
    component = {start}
    frontier = [start]
    while frontier:
        square = frontier.pop()
        linked = links.get(board[square], frozenset())
        for neighbour in NEIGHBOURS.get(square, ()):
            if neighbour not in component and board.get(neighbour) in linked:
                component.add(neighbour)
                frontier.append(neighbour)
    return frozenset(component)


@functools.cache
def _owners(num_players: int) -> dict[str, int | None]:
    """``square_owners``, computed once per player count (read only)."""
    return square_owners(num_players)


def bonus_points(scoring: frozenset[str], active_seat: int, num_players: int) -> dict[int, int]:
    """Bonus per other seat: one point per scoring tile on its bonus squares."""
    owners = _owners(num_players)
    bonus: dict[int, int] = {}
    for sq in scoring:
        owner = owners[sq]
        if owner is not None and owner != active_seat:
            bonus[owner] = bonus.get(owner, 0) + 1
    return dict(sorted(bonus.items()))


def default_finish_line(num_players: int) -> int:
    return {2: 40, 3: 35, 4: 30}[num_players]


# ---- ranks --------------------------------------------------------------
TEAM_OF_SEAT = [0, 0, 1, 1]  # teams: seats 0+1 and 2+3 are partners

def ffa_ranks(scores: list[int], last_placed: list[int]) -> list[int]:
    """Rank by pawn position; ties go to whoever placed tiles more recently."""
    keys = [(score, placed) for score, placed in zip(scores, last_placed)]
    return [1 + sum(other > key for other in keys) for key in keys]


def team_ranks(scores: list[int], last_placed: list[int]) -> list[int]:
    """Team mode: the team with a pawn in last place loses; if both teams share
    last place, the team with the first-place pawn wins; if they share that
    too, the team that placed tiles last wins. Partners share the rank."""
    def teams_at(value: int) -> set[int]:
        return {TEAM_OF_SEAT[s] for s in range(4) if scores[s] == value}

    last_teams = teams_at(min(scores))
    first_teams = teams_at(max(scores))
    if len(last_teams) == 1:
        winner = 1 - last_teams.pop()
    elif len(first_teams) == 1:
        winner = first_teams.pop()
    elif max(last_placed) >= 0:
        winner = TEAM_OF_SEAT[last_placed.index(max(last_placed))]
    else:
        return [1, 1, 1, 1]
    return [1 if TEAM_OF_SEAT[s] == winner else 2 for s in range(4)]
