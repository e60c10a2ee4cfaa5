"""Board labels are worked out once per table (``TableView.labels``) from the
pieces' patterns: every label stays what the plain algorithm gave, on every
table of random games (blockers, variants, solo, 2 to 11 players), in the
board's labels, the raw-table helper, the autocomplete and the placement's
event. A placement's new view counts the pieces off the table from the view
before (``TableView.after``, incremental): the same sets as a recount."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.labels import cell_labels, cell_labels_for_table, legal_cells_for
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.pieces import PIECES, rotations
from engines.cubed.rules import CellNeeds, blocked_cells, frontier
from engines.cubed.table_view import off_table_pieces, table_view

ENGINE = CubedEngine()


# ---- the labels as they were computed before (verbatim), the reference ----------
def _could_take_some_piece(needs, normal_shown, blocker_colours):
    if any(pattern in normal_shown for pattern in needs.normal_patterns()):
        return True
    for slot in range(3):
        colour = needs.colour[slot]
        if colour in blocker_colours:
            shown = ["purple", "purple", "purple"]
            shown[slot] = colour
            if needs.fits((shown[0], shown[1], shown[2])):
                return True
    return False


def _off_table_pieces(table):
    on_table = {}
    for faces in table.values():
        key = min(rotations(faces))
        on_table[key] = on_table.get(key, 0) + 1
    normal_shown, blocker_colours = set(), set()
    for piece in PIECES:
        key = min(rotations(piece.faces))
        if on_table.get(key, 0) > 0:
            on_table[key] -= 1
        elif piece.is_blocker:
            blocker_colours.add(piece.faces[0])
        else:
            normal_shown.update(rotations(piece.faces))
    return normal_shown, blocker_colours


def reference_labels(table):
    blocked = blocked_cells(table)
    normal_shown, blocker_colours = _off_table_pieces(table)
    labels = {}
    for cell in frontier(table, blocked):
        if _could_take_some_piece(CellNeeds(table, cell), normal_shown, blocker_colours):
            labels[cell] = str(len(labels) + 1)
    return labels
# ---------------------------------------------------------------------------------


def check_labels(state) -> dict:
    table = state.table_dict()
    expected = reference_labels(table)
    assert cell_labels(state) == expected
    assert list(cell_labels(state).items()) == list(expected.items())  # same order
    assert cell_labels_for_table(table) == expected
    view = table_view(state)  # after a placement: derived from the table before (TableView.after)
    assert view.labels == expected
    assert view.table == table and view.cells == frontier(table, blocked_cells(table))
    assert view.blocked == blocked_cells(table)  # kept across placements, not recounted
    assert view.off_table == off_table_pieces(table) == _off_table_pieces(table)
    return expected


def play(state, seed: int, steps: int = 400) -> int:
    """Random legal play (placements preferred); every table's labels checked,
    and each placement's event names the cell by the label it had. Returns
    how many placements were checked."""
    rng = random.Random(seed)
    placed = 0
    for _ in range(steps):
        if ENGINE.is_over(state):
            break
        expected = check_labels(state)
        seat = ENGINE.to_act(state)[0]
        actions = ENGINE.legal_actions(state, seat)
        places = [a for a in actions if isinstance(a, PlaceAction)]
        action = rng.choice(places) if places and rng.random() < 0.9 else rng.choice(actions)
        if isinstance(action, PlaceAction):
            piece_cells = {cell: label for label, cell, _ in legal_cells_for(state, seat, action.piece)}
            assert all(expected[cell] == label for cell, label in piece_cells.items())
        state, events = ENGINE.apply(state, seat, action)
        if isinstance(action, PlaceAction):
            cell = (int(action.cell[0]), int(action.cell[1]))
            placed_event = next(e for e in events if e.key == "cubed.ev.placed")
            assert placed_event.params["label"] == expected.get(cell, f"{cell[0]},{cell[1]}")
            placed += 1
    return placed


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 11), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans(),
       draw3=st.booleans())
def test_labels_match_the_plain_algorithm_in_random_games(players, seed, bridge, fill, draw3):
    config = CubedConfig(rounds=1, bridge=bridge, fill=fill, draw3=draw3)
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    assert play(state, seed) > 0


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_labels_match_the_plain_algorithm_in_solo(seed):
    state = ENGINE.new_game(CubedConfig(solo=True), [SeatInfo(name="solo")], seed)
    assert play(state, seed) > 0


def test_full_tables_with_blockers_keep_their_labels():
    """Long two-player games reach tables with blockers and few open cells."""
    blockers = 0
    for seed in range(3):
        state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            check_labels(state)
            blockers = max(blockers, sum(1 for faces in state.table_dict().values() if "purple" in faces))
            seat = ENGINE.to_act(state)[0]
            state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    assert blockers > 0
