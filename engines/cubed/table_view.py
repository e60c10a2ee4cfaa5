"""What the rules derive from a table (blocked cells, open cells, what each
open cell asks of a piece), computed once per table and shared.

Move generation, the placement check and the search AI all ask the same
questions about the same table several times per move; a sampled world is
played thousands of times per AI decision. A state keeps its view while it
lives (``table_view``), and apply's work copy starts with its original's
(``share_view``). Views are read-only.
"""
from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from engines.cubed.pieces import PIECES, PURPLE, Faces, rotations
from engines.cubed.rules import CENTRE, Cell, CellNeeds, Table, blocked_cells, neighbours_of, purple_steps

if TYPE_CHECKING:
    from engines.cubed.models import CubedState, Placement

# Colours a cell asks for per slot, None where it asks nothing.
Pattern = tuple[str | None, ...]


@lru_cache(maxsize=None)  # a few hundred shown triples
def pattern_key(faces: Faces) -> Faces:
    """The same key for every rotation of ``faces``: a piece on the table is
    known by its pattern (the table holds shown faces, not ids)."""
    return min(rotations(faces))


# A normal piece is the only one of its pattern; each blocker colour comes in copies.
_NORMAL_KEYS = frozenset(pattern_key(p.faces) for p in PIECES if not p.is_blocker)
_BLOCKERS = Counter((pattern_key(p.faces), p.faces[0]) for p in PIECES if p.is_blocker)
# Every colour triple a normal piece shows in some rotation (each triple, exactly once).
_NORMAL_SHOWN = frozenset(shown for p in PIECES if not p.is_blocker for shown in rotations(p.faces))


def off_table_pieces(table: Table) -> tuple[set[Faces], set[str]]:
    """Rotated patterns of the normal pieces, and the blocker colours, not
    yet on the table."""
    on_table = Counter(pattern_key(faces) for faces in table.values())
    normal_shown = set(_NORMAL_SHOWN)
    for key in on_table:
        if key in _NORMAL_KEYS:
            normal_shown.difference_update(rotations(key))
    blocker_colours = {colour for (key, colour), copies in _BLOCKERS.items() if on_table[key] < copies}
    return normal_shown, blocker_colours


def could_take_some_piece(needs: CellNeeds, normal_shown: set[Faces], blocker_colours: set[str]) -> bool:
    """Some piece not yet on the table fits the open cell of ``needs`` in some rotation."""
    if any(pattern in normal_shown for pattern in needs.normal_patterns()):
        return True
    for slot in range(3):  # a blocker with its coloured face on this slot
        colour = needs.colour[slot]
        if colour in blocker_colours:
            shown = ["purple", "purple", "purple"]
            shown[slot] = colour
            if needs.fits((shown[0], shown[1], shown[2])):
                return True
    return False


OffTable = tuple[set[Faces], set[str]]


def off_table_after(before: OffTable, shown: Faces) -> OffTable | None:
    """``off_table_pieces`` of a table once a normal piece showing ``shown``
    joins it, from the table's before: its pattern leaves (only that piece
    has it). None for a blocker (its copies are counted on the table)."""
    key = pattern_key(shown)
    if key not in _NORMAL_KEYS or any(key == blocker for blocker, _ in _BLOCKERS):
        return None
    normal_shown, blocker_colours = before
    return normal_shown.difference(rotations(key)), blocker_colours


def labels_of(needs: list[CellNeeds], table: Table, off_table: OffTable | None = None) -> dict[Cell, str]:
    """Board labels 1, 2, 3 … of the open cells (``needs`` in reading order)
    where some piece not yet on the table could go (``off_table``: the
    table's ``off_table_pieces``, when known)."""
    normal_shown, blocker_colours = off_table_pieces(table) if off_table is None else off_table
    labels: dict[Cell, str] = {}
    for need in needs:
        if could_take_some_piece(need, normal_shown, blocker_colours):
            labels[need.cell] = str(len(labels) + 1)
    return labels


def neighbour_counts(table: Table) -> dict[Cell, int]:
    """For each empty cell next to the table: how many pieces it touches."""
    counts: dict[Cell, int] = {}
    for cell in table:
        for near in neighbours_of(cell):
            if near not in table:
                counts[near] = counts.get(near, 0) + 1
    return counts


def open_cells(table: Table, blocked: set[Cell], counts: dict[Cell, int]) -> list[Cell]:
    """``rules.frontier`` from the neighbour counts."""
    if not table:
        return [CENTRE]
    need = 1 if len(table) == 1 else 2
    return sorted((c for c, k in counts.items() if k >= need and c not in blocked), key=lambda c: (c[1], c[0]))


class TableView:
    __slots__ = ("table", "blocked", "cells", "_counts", "_needs", "_by_pattern", "_labels", "_off_table")

    def __init__(self, table: dict[Cell, tuple[str, str, str]], off_table: OffTable | None = None,
                 blocked: set[Cell] | None = None, counts: dict[Cell, int] | None = None) -> None:
        """``blocked`` and ``counts`` (``neighbour_counts``), when given, are the table's (``after``)."""
        self.table = table
        self.blocked = blocked_cells(table) if blocked is None else blocked
        self._counts = neighbour_counts(table) if counts is None else counts
        self.cells = open_cells(table, self.blocked, self._counts)
        self._needs: list[CellNeeds] | None = None
        self._by_pattern: list[tuple[int, dict[Pattern, list[int]]]] | None = None
        self._labels: dict[Cell, str] | None = None
        self._off_table = off_table

    @property
    def off_table(self) -> OffTable:
        """``off_table_pieces`` of this table, worked out once. Read-only."""
        if self._off_table is None:
            self._off_table = off_table_pieces(self.table)
        return self._off_table

    def after(self, table: dict[Cell, tuple[str, str, str]], shown: Faces, cell: Cell) -> TableView:
        """The view of ``table``: this one's with a piece showing ``shown``
        added on ``cell``. Its labels start from this table's pieces off the
        table, less the one placed, its blocked cells and neighbour counts
        from this table's, changed around ``cell`` (no recount of the table)."""
        blocked = set(self.blocked)
        blocked.discard(cell)
        for step in purple_steps(table[cell]):
            across = (cell[0] + step[0], cell[1] + step[1])
            if across not in table:
                blocked.add(across)
        counts = dict(self._counts)
        counts.pop(cell, None)
        for near in neighbours_of(cell):
            if near not in table:
                counts[near] = counts.get(near, 0) + 1
        return TableView(table, off_table_after(self.off_table, shown), blocked, counts)

    @property
    def needs(self) -> list[CellNeeds]:
        """What each open cell asks of a piece, in the order of ``cells``."""
        if self._needs is None:
            self._needs = [CellNeeds(self.table, cell) for cell in self.cells]
        return self._needs

    @property
    def labels(self) -> dict[Cell, str]:
        """The board labels of this table (``labels_of``), worked out once. Read-only."""
        if self._labels is None:
            self._labels = labels_of(self.needs, self.table, self.off_table)
        return self._labels

    def label_of(self, cell: Cell) -> str | None:
        """``labels.get(cell)``, asking only the open cells up to ``cell``
        (a placement's message names one cell; the board asks for them all)."""
        if self._labels is not None:
            return self._labels.get(cell)
        try:
            index = self.cells.index(cell)
        except ValueError:
            return None
        needs = self._needs
        if needs is None:
            needs = [CellNeeds(self.table, open_cell) for open_cell in self.cells[:index + 1]]
        normal_shown, blocker_colours = self.off_table
        if not could_take_some_piece(needs[index], normal_shown, blocker_colours):
            return None
        return str(1 + sum(1 for need in needs[:index] if could_take_some_piece(need, normal_shown, blocker_colours)))

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

    def takes(self, shown: tuple[str, str, str]) -> bool:
        """Some open cell fits a piece showing ``shown``: ``bool(fitting(shown))``
        without listing the cells."""
        if PURPLE in shown:
            return any(need.fits(shown) for need in self.needs)
        if self._by_pattern is None:
            self._by_pattern = self._index_patterns()
        masked = _masked(shown)
        return any(masked[mask] in cells for mask, cells in self._by_pattern)

    def takes_some(self, pieces: Iterable[Faces]) -> bool:
        """Some open cell fits one of ``pieces`` (their faces, unturned) in
        some rotation: ``any(takes(s) for p in pieces for s in rotations(p))``.
        Without the index ``takes`` builds, it stops at the first cell that
        fits, working out what cells ask only up to there (all of it is kept
        once every cell was asked)."""
        pieces = tuple(pieces)
        if self._by_pattern is not None:
            return any(self.takes(shown) for faces in pieces for shown in rotations(faces))
        normal = [_turned_patterns(faces) for faces in pieces if PURPLE not in faces]
        blockers = [shown for faces in pieces if PURPLE in faces for shown in rotations(faces)]

        def fits(need: CellNeeds) -> bool:
            return any(need.colour in patterns for patterns in normal) or any(need.fits(b) for b in blockers)

        if self._needs is not None:
            return any(fits(need) for need in self._needs)
        needs = []
        for cell in self.cells:
            need = CellNeeds(self.table, cell)
            if fits(need):
                return True
            needs.append(need)
        self._needs = needs
        return False

    def _index_patterns(self) -> list[tuple[int, dict[Pattern, list[int]]]]:
        """Open cells grouped by which slots they constrain (a bit mask),
        then by the colours asked there: a normal piece fits a cell exactly
        when it shows those colours on those slots."""
        groups: dict[int, dict[Pattern, list[int]]] = {}
        for index, need in enumerate(self.needs):
            mask = sum(1 << slot for slot, colour in enumerate(need.colour) if colour is not None)
            groups.setdefault(mask, {}).setdefault(need.colour, []).append(index)
        return list(groups.items())


@lru_cache(maxsize=None)  # one per normal piece
def _turned_patterns(faces: Faces) -> frozenset[Pattern]:
    """What an open cell may ask (``CellNeeds.colour``) of a normal piece
    with these faces that fits it in some rotation."""
    return frozenset(pattern for shown in rotations(faces) for pattern in _masked(shown))


@lru_cache(maxsize=None)  # 216 colour triples
def _masked(shown: tuple[str, str, str]) -> tuple[Pattern, ...]:
    """``shown`` with the slots outside each of the 8 bit masks set to None."""
    return tuple(tuple(colour if mask >> slot & 1 else None for slot, colour in enumerate(shown))
                 for mask in range(8))


# Each state's view, kept while the state lives (a table with 200 others between two of its
# moves still finds it): by the state's id, checked against the state (a weak reference),
# its placement list, the list's length and last placement — how the table changes
# (pieces are appended; a new round starts a new list).
_Entry = tuple["weakref.ref[CubedState]", "list[Placement]", int, object, TableView]
_views: dict[int, _Entry] = {}


def table_view(state: "CubedState") -> TableView:
    placements = state.table
    hit = _views.get(id(state))
    if hit is not None and hit[0]() is state and hit[1] is placements and hit[2] == len(placements) \
            and hit[3] is (placements[-1] if placements else None):
        return hit[4]
    view = TableView(state.table_dict())
    _keep(state, view)
    return view


def keep_view(state: "CubedState", view: TableView) -> None:
    """``view`` is ``state``'s table now (a view derived as the table changed: ``TableView.after``)."""
    _keep(state, view)


def share_view(state: "CubedState", copy: "CubedState") -> None:
    """Let ``copy`` (whose placements are ``state``'s, in a list of its own) use ``state``'s view."""
    hit = _views.get(id(state))
    if hit is not None and hit[0]() is state and hit[1] is state.table and hit[2] == len(state.table) \
            and len(copy.table) == hit[2] and (not copy.table or copy.table[-1] is hit[3]):
        _keep(copy, hit[4])


def _keep(state: "CubedState", view: TableView) -> None:
    key = id(state)
    placements = state.table
    old = _views.get(key)
    ref = old[0] if old is not None and old[0]() is state else weakref.ref(state, partial(_forget, key))
    _views[key] = (ref, placements, len(placements), placements[-1] if placements else None, view)


def _forget(key: int, ref: "weakref.ref[CubedState]") -> None:
    old = _views.get(key)
    if old is not None and old[0] is ref:
        del _views[key]
