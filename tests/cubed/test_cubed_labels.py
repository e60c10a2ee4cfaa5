"""Board labels, forgiving cell parsing and the autocomplete helpers."""
from __future__ import annotations

import random

import pytest

from engines.base import IllegalAction, SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.labels import (
    cell_labels,
    fitting_rotations,
    hand_choices,
    legal_cells_for,
    parse_cell,
    table_of,
)
from engines.cubed.models import CubedConfig
from engines.cubed.moves import legal_placements
from engines.cubed.pieces import PIECES
from engines.cubed.rules import frontier, placement_error

ENGINE = CubedEngine()


def played(players=2, seed=3, steps=60):
    state = ENGINE.new_game(CubedConfig(), [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for step in range(1000):
        seat = ENGINE.to_act(state)[0]
        if step >= steps and state.phase == "turn" and legal_placements(state, seat):
            return state
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    raise AssertionError("no playable position")


@pytest.fixture(scope="module")
def state():
    return played()


def test_empty_table_has_only_the_centre():
    fresh = ENGINE.new_game(CubedConfig(), [SeatInfo(name="a"), SeatInfo(name="b")], 1)
    assert cell_labels(fresh) == {(0, 0): "1"}
    assert parse_cell("1", fresh) == (0, 0)


def test_labels_are_numbers_in_reading_order(state):
    labels = cell_labels(state)
    assert list(labels.values()) == [str(i + 1) for i in range(len(labels))]
    cells = list(labels)
    assert cells == sorted(cells, key=lambda c: (c[1], c[0]))


def test_labels_mark_exactly_the_cells_some_piece_could_take(state):
    table = table_of(state)
    on_table = {p.piece for p in state.table}
    off_table = [p for p in PIECES if p.id not in on_table]
    labels = cell_labels(state)
    for cell in frontier(table):
        takes = any(placement_error(table, p.faces, cell, k) is None for p in off_table for k in range(3))
        assert (cell in labels) == takes, cell


@pytest.mark.parametrize(
    "text, expected",
    [("2,-1", (2, -1)), ("2, -1", (2, -1)), ("２，－１", (2, -1)), ("（2，-1）", (2, -1)), ("(2,-1)", (2, -1)),
     ("2 -1", (2, -1)), ("-3,0", (-3, 0)), ("0、1", (0, 1)), ("+1,2", (1, 2))],
)
def test_parse_axial(state, text, expected):
    assert parse_cell(text, state) == expected


def test_parse_labels_forgivingly(state):
    labels = cell_labels(state)
    cell, label = next(iter(labels.items()))
    full_width = "".join(chr(ord(ch) + 0xFEE0) for ch in label)
    for text in (label, f" {label} ", f"#{label}", full_width):
        assert parse_cell(text, state) == cell


@pytest.mark.parametrize("text", ["", "zz", "999", "1,2,3", "#"])
def test_bad_cells_raise(state, text):
    with pytest.raises(IllegalAction) as info:
        parse_cell(text, state)
    assert info.value.key == "cubed.err.bad_cell"


def test_legal_cells_for_matches_the_rules(state):
    seat = state.current
    table = table_of(state)
    labels = cell_labels(state)
    expected = {(m.piece, m.cell, m.rotation) for m in legal_placements(state, seat)}
    found = set()
    for piece in state.hands[seat]:
        faces = next(p.faces for p in PIECES if p.id == piece)
        for label, cell, rotations in legal_cells_for(state, seat, piece.lower()):
            assert labels[cell] == label and rotations
            for k in rotations:
                assert placement_error(table, faces, cell, k) is None
                found.add((piece, cell, k))
    assert found == expected and found


def test_legal_cells_for_other_pieces_is_empty(state):
    seat = state.current
    other = state.hands[1 - seat][0]
    assert legal_cells_for(state, seat, other) == []
    assert legal_cells_for(state, seat, "NOPE") == []
    assert legal_cells_for(state, 9, state.hands[seat][0]) == []


def test_legal_cells_for_answers_on_a_big_table():
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], 6)
    rng = random.Random(6)
    biggest = state
    while not ENGINE.is_over(state):
        if len(state.table) > len(biggest.table):
            biggest = state
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    assert len(biggest.table) >= 20
    seat = biggest.current
    expected = {(m.piece, m.cell, m.rotation) for m in legal_placements(biggest, seat)}
    listed = {(piece, cell, rotation) for piece in set(biggest.hands[seat])
              for _label, cell, rots in legal_cells_for(biggest, seat, piece) for rotation in rots}
    assert listed == expected


def test_hand_choices_list_the_own_hand(state):
    seat = state.current
    choices = hand_choices(ENGINE.private_view(state, seat))
    assert sorted(value for _, value in choices) == sorted(state.hands[seat])
    fitting = {m.piece for m in legal_placements(state, seat)}
    marks = [label.startswith("✓ ") for label, _ in choices]
    assert marks == sorted(marks, reverse=True)  # fitting pieces first
    for label, value in choices:
        assert label.startswith("✓ ") == (value in fitting)
        assert value in label and "pt" in label and len(label) <= 100


def test_fitting_rotations(state):
    seat = state.current
    move = legal_placements(state, seat)[0]
    rotations = fitting_rotations(state, seat, move.piece, move.cell)
    assert move.rotation in rotations
    assert fitting_rotations(state, seat, move.piece, (40, 40)) == []
