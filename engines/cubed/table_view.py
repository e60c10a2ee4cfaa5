"""What the rules derive from a table (blocked cells, open cells, what each
open cell asks of a piece), computed once per table and shared.

Move generation, the placement check and the search AI all ask the same
questions about the same table several times per move; a sampled world is
played thousands of times per AI decision. The cache is keyed by the
identity of the state's placement list and checked against its length and
last placement, which is how the table changes (pieces are appended; a new
round starts a new list). Views are read-only.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engines.cubed.pieces import PURPLE
from engines.cubed.rules import Cell, CellNeeds, blocked_cells, frontier

if TYPE_CHECKING:
    from engines.cubed.models import CubedState, Placement

# Colours a cell asks for per slot, None where it asks nothing.
Pattern = tuple[str | None, ...]

CACHED_TABLES = 8  # a few moves' worth: older views would only keep dead worlds alive for the GC


class TableView:
    __slots__ = ("table", "blocked", "cells", "_needs", "_by_pattern")

    def __init__(self, table: dict[Cell, tuple[str, str, str]]) -> None:
        self.table = table
        self.blocked = blocked_cells(table)
        self.cells = frontier(table, self.blocked)
        self._needs: list[CellNeeds] | None = None
        self._by_pattern: list[tuple[int, dict[Pattern, list[int]]]] | None = None

    @property
    def needs(self) -> list[CellNeeds]:
        """What each open cell asks of a piece, in the order of ``cells``."""
        if self._needs is None:
            self._needs = [CellNeeds(self.table, cell) for cell in self.cells]
        return self._needs

    def fitting(self, shown: tuple[str, str, str]) -> list[int]:
        """Indexes (into ``cells``) of the open cells where a piece showing
        ``shown`` fits, in order: ``[i for i, n in enumerate(needs) if n.fits(shown)]``."""
        if PURPLE in shown:  # blockers have their own rule; they are few
            return [i for i, need in enumerate(self.needs) if need.fits(shown)]
        if self._by_pattern is None:
            self._by_pattern = self._index_patterns()
        masked = _masked(shown)
        found: list[int] = []
        for mask, cells in self._by_pattern:
            hit = cells.get(masked[mask])
            if hit:
                found.extend(hit)
        if len(self._by_pattern) > 1:
            found.sort()
        return found

    def _index_patterns(self) -> list[tuple[int, dict[Pattern, list[int]]]]:
        """Open cells grouped by which slots they constrain (a bit mask),
        then by the colours asked there: a normal piece fits a cell exactly
        when it shows those colours on those slots."""
        groups: dict[int, dict[Pattern, list[int]]] = {}
        for index, need in enumerate(self.needs):
            mask = sum(1 << slot for slot, colour in enumerate(need.colour) if colour is not None)
            groups.setdefault(mask, {}).setdefault(need.colour, []).append(index)
        return list(groups.items())


@lru_cache(maxsize=None)  # 216 colour triples
def _masked(shown: tuple[str, str, str]) -> tuple[Pattern, ...]:
    """``shown`` with the slots outside each of the 8 bit masks set to None."""
    return tuple(tuple(colour if mask >> slot & 1 else None for slot, colour in enumerate(shown))
                 for mask in range(8))


_cache: dict[int, tuple[list[Placement], int, object, TableView]] = {}


def table_view(state: "CubedState") -> TableView:
    placements = state.table
    last = placements[-1] if placements else None
    hit = _cache.get(id(placements))
    # Holding the list itself keeps its id from being reused while cached.
    if hit is not None and hit[0] is placements and hit[1] == len(placements) and hit[2] is last:
        return hit[3]
    view = TableView(state.table_dict())
    if len(_cache) >= CACHED_TABLES:
        _cache.clear()
    _cache[id(placements)] = (placements, len(placements), last, view)
    return view
