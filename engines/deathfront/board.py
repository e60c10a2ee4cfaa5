"""Board geometry: cells ``A1``..``E7``, sides, territory, depth, patterns.

Rows 1-3 are Allied territory (row 1 its back row), row 4 the front line,
rows 5-7 Axis territory. Side 0 is the Allies (forward = +1 row), side 1 the
Axis (forward = -1 row). Patterns are written for the owner looking forward
and turned 180 degrees for the Axis.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

COLUMN_LETTERS = "ABCDE"
ROWS = 7
FRONT_ROW = 4
ALLIES, AXIS = 0, 1
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))

Cell = tuple[int, int]  # (column index 0.., row 1..7)


def column_count(players: int) -> int:
    return 4 if players == 2 else 5


def name(cell: Cell) -> str:
    return f"{COLUMN_LETTERS[cell[0]]}{cell[1]}"


@lru_cache(maxsize=128)
def parse(label: str) -> Cell | None:
    """``"B5"`` -> (1, 5); None if not a cell label (board size not checked)."""
    if len(label) != 2 or label[0] not in COLUMN_LETTERS or not label[1].isdigit():
        return None
    return COLUMN_LETTERS.index(label[0]), int(label[1])


def at(label: str) -> Cell:
    """The cell of a label known to be valid (from the state)."""
    cell = parse(label)
    if cell is None:
        raise ValueError(f"not a cell: {label!r}")
    return cell


def on_board(cell: Cell, columns: int) -> bool:
    return 0 <= cell[0] < columns and 1 <= cell[1] <= ROWS


def forward(side: int) -> int:
    return 1 if side == ALLIES else -1


def territory_of(row: int) -> int | None:
    """Which side's territory a row is (None for the front line)."""
    if row < FRONT_ROW:
        return ALLIES
    if row > FRONT_ROW:
        return AXIS
    return None


def territory_rows(side: int) -> range:
    return range(1, FRONT_ROW) if side == ALLIES else range(FRONT_ROW + 1, ROWS + 1)


def enemy_depth(side: int, row: int) -> int:
    """Depth into the enemy's territory (1..3; 4 is off the board); <= 0 outside it."""
    return (row - FRONT_ROW) * forward(side)


def orient(pattern: Iterable[tuple[int, int]], side: int) -> list[tuple[int, int]]:
    """A pattern as board offsets for ``side`` (turned 180 degrees for the Axis)."""
    if side == ALLIES:
        return list(pattern)
    return [(-dx, -dy) for dx, dy in pattern]


def cells_in_pattern(origin: Cell, pattern: Iterable[tuple[int, int]], side: int, columns: int) -> list[Cell]:
    out = []
    for dx, dy in orient(pattern, side):
        cell = (origin[0] + dx, origin[1] + dy)
        if on_board(cell, columns):
            out.append(cell)
    return out


def neighbours(cell: Cell, columns: int) -> list[Cell]:
    around = [(cell[0] + dx, cell[1] + dy) for dx, dy in ORTHOGONAL]
    return [c for c in around if on_board(c, columns)]


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
