"""Pure placement rules of CUBED (the contract in shared/contracts.md).

Geometry: pointy-top hexes, axial ``(q, r)``. A piece shows three faces in
slots 0 = top, 1 = right, 2 = left. Each face ends in a low *tip* corner, and
the faces whose tips meet at one grid corner must share a colour. Across each
of its two edges a face meets exactly the neighbour face that shares its tip,
so checking edge by edge checks every corner.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Container, Iterable, Mapping

from engines.cubed.pieces import COLOURS, PURPLE, Faces

Cell = tuple[int, int]
Table = Mapping[Cell, Faces]

DIRECTIONS: dict[str, Cell] = {
    "E": (1, 0),
    "W": (-1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "SE": (0, 1),
    "SW": (-1, 1),
}
# Clockwise around a cell, used to find separate arcs of neighbours.
RING: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")

# For each slot: its two edges as (direction, slot of that neighbour that
# meets it). The top face covers NW and NE, the right E and SE, the left SW and W.
SLOT_EDGES: tuple[tuple[tuple[Cell, int], tuple[Cell, int]], ...] = (
    ((DIRECTIONS["NW"], 1), (DIRECTIONS["NE"], 2)),
    ((DIRECTIONS["E"], 2), (DIRECTIONS["SE"], 0)),
    ((DIRECTIONS["W"], 1), (DIRECTIONS["SW"], 0)),
)

CENTRE: Cell = (0, 0)
BLOCKERS_ALLOWED_FROM = 3  # pieces on the table before a blocker may go down


def add(cell: Cell, step: Cell) -> Cell:
    return (cell[0] + step[0], cell[1] + step[1])


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours in the order E, W, NE, NW, SE, SW."""
    return list(neighbours_of(cell))


@lru_cache(maxsize=4096)  # the search asks for the same few dozen cells all the time
def neighbours_of(cell: Cell) -> tuple[Cell, ...]:
    """The six neighbours (as ``neighbours``) in a shared tuple."""
    return tuple(add(cell, d) for d in DIRECTIONS.values())


def rotate(faces: Faces, rotation: int) -> Faces:
    """Turn clockwise by ``rotation`` × 120°: slot j shows faces[(j - k) % 3]."""
    return (faces[(0 - rotation) % 3], faces[(1 - rotation) % 3], faces[(2 - rotation) % 3])


def is_blocker(faces: Iterable[str]) -> bool:
    return PURPLE in faces


def blocked_cells(table: Table) -> set[Cell]:
    """Empty cells across a purple face: nothing may go there this round."""
    blocked: set[Cell] = set()
    for cell, faces in table.items():
        for step in purple_steps(faces):
            other = (cell[0] + step[0], cell[1] + step[1])
            if other not in table:
                blocked.add(other)
    return blocked


@lru_cache(maxsize=None)  # a few hundred distinct shown triples
def purple_steps(faces: Faces) -> tuple[Cell, ...]:
    """The steps across the purple faces of ``faces`` as shown."""
    return tuple(step for slot, colour in enumerate(faces) if colour == PURPLE for step, _ in SLOT_EDGES[slot])


def placement_error(table: Table, faces: Faces, cell: Cell, rotation: int) -> str | None:
    """None when ``faces`` turned by ``rotation`` may go on ``cell``, else a
    reason code (also the i18n key ``cubed.err.<code>``)."""
    if rotation not in (0, 1, 2):
        return "bad_rotation"
    cell = (int(cell[0]), int(cell[1]))
    return shown_error(table, blocked_cells(table), rotate(faces, rotation), cell)


def shown_error(table: Table, blocked: set[Cell], shown: Faces, cell: Cell) -> str | None:
    """placement_error for faces already rotated, with the blocked cells given."""
    if cell in table:
        return "occupied"
    if cell in blocked:
        return "blocked"
    blocker = is_blocker(shown)
    if blocker and len(table) < BLOCKERS_ALLOWED_FROM:
        return "blocker_too_early"
    if not table:
        return None
    touching = sum(1 for n in neighbours_of(cell) if n in table)
    if touching == 0:
        return "not_touching"
    for slot, colour in enumerate(shown):
        if colour == PURPLE and any(add(cell, step) in table for step, _ in SLOT_EDGES[slot]):
            return "purple_touches"
    if blocker:
        coloured = next(slot for slot, colour in enumerate(shown) if colour != PURPLE)
        if not all(add(cell, step) in table for step, _ in SLOT_EDGES[coloured]):
            return "blocker_open"
    if len(table) >= 2 and touching < 2:
        return "needs_two"
    for slot, colour in enumerate(shown):
        for step, their_slot in SLOT_EDGES[slot]:
            other = table.get(add(cell, step))
            if other is not None and other[their_slot] != colour:
                return "wrong_colour"
    return None


# ---- fast checks for move generation, labels and autocomplete ----------


class CellNeeds:
    """What an open cell asks of a piece: per slot the colour its neighbours
    show at that tip (None if free) and how many of the slot's two edges
    touch a piece. Matches placement_error for cells in ``frontier``."""

    __slots__ = ("cell", "colour", "touching", "table_size")

    def __init__(self, table: Table, cell: Cell) -> None:
        self.cell = cell
        self.table_size = len(table)
        colour: list[str | None] = [None, None, None]
        touching = [0, 0, 0]
        for slot, edges in enumerate(SLOT_EDGES):
            for step, their_slot in edges:
                other = table.get(add(cell, step))
                if other is not None:
                    touching[slot] += 1
                    colour[slot] = other[their_slot]
        self.colour = tuple(colour)
        self.touching = tuple(touching)

    def fits(self, shown: Faces) -> bool:
        need = self.colour
        if PURPLE in shown:
            if self.table_size < BLOCKERS_ALLOWED_FROM:
                return False
            for slot in range(3):
                if shown[slot] == PURPLE:
                    if self.touching[slot]:
                        return False
                elif self.touching[slot] != 2 or need[slot] != shown[slot]:
                    return False
            return True
        return (
            (need[0] is None or need[0] == shown[0])
            and (need[1] is None or need[1] == shown[1])
            and (need[2] is None or need[2] == shown[2])
        )

    def normal_patterns(self) -> Iterable[Faces]:
        """Every rotated colour triple a normal piece could show here."""
        options = [(c,) if c is not None else COLOURS for c in self.colour]
        return product(options[0], options[1], options[2])


def frontier(table: Table, blocked: set[Cell] | None = None) -> list[Cell]:
    """Open cells that touch enough pieces (the centre on an empty table),
    sorted top to bottom, left to right."""
    if not table:
        return [CENTRE]
    if blocked is None:
        blocked = blocked_cells(table)
    need = 1 if len(table) == 1 else 2
    counts: dict[Cell, int] = {}
    for cell in table:
        for n in neighbours_of(cell):
            if n not in table and n not in blocked:
                counts[n] = counts.get(n, 0) + 1
    return sorted((c for c, k in counts.items() if k >= need), key=lambda c: (c[1], c[0]))


def neighbour_arcs(table: Container[Cell], cell: Cell) -> int:
    """Separate runs of occupied neighbours around ``cell`` (a full ring is one)."""
    occupied = [add(cell, DIRECTIONS[d]) in table for d in RING]
    starts = sum(1 for i in range(6) if occupied[i] and not occupied[i - 1])
    return starts if starts or not all(occupied) else 1


def is_enclosed(table: Container[Cell], cell: Cell) -> bool:
    """All six neighbours occupied (the Fill-the-void bonus)."""
    return all(n in table for n in neighbours_of(cell))
