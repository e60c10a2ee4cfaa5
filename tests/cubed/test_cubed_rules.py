"""placement_error and the geometry of the contract."""
from __future__ import annotations

import pytest

from engines.cubed.rules import blocked_cells, neighbour_arcs, neighbours, placement_error, rotate

PURPLE = "purple"

# Three pieces in a triangle: A at the centre, B east of it, C north-east.
A = ("sky", "lilac", "rose")  # B's left face meets A's right face: lilac
B = ("amber", "coral", "lilac")
C = ("lemon", "amber", "sky")  # left meets A's top (sky), right meets B's top (amber)
TRIANGLE = {(0, 0): A, (1, 0): B, (1, -1): C}

# Four pieces around an empty centre that needs (sky, lilac, rose).
AROUND_CENTRE = {
    (0, -1): ("amber", "sky", "coral"),  # NW: its right face meets the centre's top
    (1, -1): ("lemon", "amber", "sky"),  # NE: its left face meets the centre's top
    (1, 0): ("amber", "amber", "lilac"),  # E: its left face meets the centre's right
    (-1, 0): ("coral", "rose", "lemon"),  # W: its right face meets the centre's left
}


def test_neighbours_follow_the_contract():
    assert neighbours((0, 0)) == [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)]
    assert set(neighbours((2, -1))) == {(3, -1), (1, -1), (3, -2), (2, -2), (2, 0), (1, 0)}


def test_rotation_turns_clockwise():
    faces = ("sky", "lilac", "rose")
    assert rotate(faces, 0) == faces
    assert rotate(faces, 1) == ("rose", "sky", "lilac")  # the top face moved to the right
    assert rotate(faces, 2) == ("lilac", "rose", "sky")
    assert rotate(rotate(faces, 1), 2) == faces


def test_first_piece_goes_anywhere_but_not_a_blocker():
    assert placement_error({}, A, (0, 0), 0) is None
    assert placement_error({}, A, (5, -3), 2) is None
    assert placement_error({}, ("sky", PURPLE, PURPLE), (0, 0), 0) == "blocker_too_early"


def test_second_piece_must_touch_and_match():
    table = {(0, 0): A}
    assert placement_error(table, B, (1, 0), 0) is None
    assert placement_error(table, ("amber", "coral", "rose"), (1, 0), 0) == "wrong_colour"
    assert placement_error(table, B, (2, 0), 0) == "not_touching"
    assert placement_error(table, B, (0, 0), 0) == "occupied"


def test_third_piece_must_touch_two():
    table = {(0, 0): A, (1, 0): B}
    assert placement_error(table, C, (1, -1), 0) is None
    # (2, -1) touches only B; B's top is amber there, so colours alone would fit.
    assert placement_error(table, ("lemon", "coral", "amber"), (2, -1), 0) == "needs_two"
    assert placement_error(table, C, (3, 3), 0) == "not_touching"


def test_touching_several_pieces_with_one_colour_wrong():
    assert placement_error(AROUND_CENTRE, ("sky", "lilac", "rose"), (0, 0), 0) is None
    assert placement_error(AROUND_CENTRE, ("sky", "lilac", "coral"), (0, 0), 0) == "wrong_colour"
    assert placement_error(AROUND_CENTRE, ("sky", "amber", "rose"), (0, 0), 0) == "wrong_colour"
    assert placement_error(AROUND_CENTRE, ("lemon", "lilac", "rose"), (0, 0), 0) == "wrong_colour"


def test_rotation_changes_legality():
    faces = ("lilac", "rose", "sky")  # the same piece as (sky, lilac, rose) turned
    assert placement_error(AROUND_CENTRE, faces, (0, 0), 0) == "wrong_colour"
    assert placement_error(AROUND_CENTRE, faces, (0, 0), 1) is None
    assert placement_error(AROUND_CENTRE, faces, (0, 0), 2) == "wrong_colour"
    assert placement_error(AROUND_CENTRE, faces, (0, 0), 3) == "bad_rotation"
    assert placement_error(AROUND_CENTRE, faces, (0, 0), -1) == "bad_rotation"


def test_one_sided_corner_is_enough():
    # (0, 1) touches A (NW) and B (NE): both meet its top tip, which is lilac.
    assert placement_error(TRIANGLE, ("lilac", "sky", "sky"), (0, 1), 0) is None
    assert placement_error(TRIANGLE, ("sky", "lilac", "lilac"), (0, 1), 0) == "wrong_colour"


def test_blocker_only_after_the_third_piece():
    blocker = ("lilac", PURPLE, PURPLE)
    assert placement_error({}, blocker, (0, 0), 0) == "blocker_too_early"
    assert placement_error({(0, 0): A}, blocker, (0, -1), 0) == "blocker_too_early"
    two = {(0, 0): A, (1, 0): B}
    assert placement_error(two, blocker, (0, 1), 0) == "blocker_too_early"
    assert placement_error(TRIANGLE, blocker, (0, 1), 0) is None


def test_blocker_coloured_face_must_be_enclosed_and_match():
    assert placement_error(TRIANGLE, ("sky", PURPLE, PURPLE), (0, 1), 0) == "wrong_colour"
    # Coloured face on the right: its edges (E, SE) face empty cells while the
    # purple top face touches A and B.
    assert placement_error(TRIANGLE, ("lilac", PURPLE, PURPLE), (0, 1), 1) == "purple_touches"
    # (-1, 0) touches only A, through the blocker's right (coloured) face.
    assert placement_error(TRIANGLE, ("rose", PURPLE, PURPLE), (-1, 0), 1) == "blocker_open"


def test_blocker_purple_face_may_not_touch_a_piece():
    table = dict(TRIANGLE)
    table[(-1, 1)] = ("coral", "sky", "amber")  # SW of (0, 1), across a purple face
    assert placement_error(table, ("lilac", PURPLE, PURPLE), (0, 1), 0) == "purple_touches"


def test_blocker_blocks_cells_across_its_purple_faces():
    blocker = ("lilac", PURPLE, PURPLE)
    table = dict(TRIANGLE)
    table[(0, 1)] = blocker
    assert blocked_cells(table) == {(1, 1), (0, 2), (-1, 1), (-1, 2)}
    assert blocked_cells(TRIANGLE) == set()
    # (1, 1) touches B and the blocker: blocked for normal pieces and blockers.
    assert placement_error(table, ("coral", "sky", "sky"), (1, 1), 0) == "blocked"
    assert placement_error(table, ("coral", PURPLE, PURPLE), (1, 1), 0) == "blocked"
    # Cells elsewhere stay open.
    assert placement_error(table, ("lemon", "coral", "amber"), (2, -1), 0) is None


def test_neighbour_arcs():
    table = {(1, 0): A, (-1, 0): A}
    assert neighbour_arcs(table, (0, 0)) == 2
    table[(1, -1)] = A
    assert neighbour_arcs(table, (0, 0)) == 2
    assert neighbour_arcs({(1, 0): A, (1, -1): A}, (0, 0)) == 1
    assert neighbour_arcs({n: A for n in neighbours((0, 0))}, (0, 0)) == 1
    assert neighbour_arcs({}, (0, 0)) == 0


@pytest.mark.parametrize("cell", [(0, 0), [0, 0]])
def test_cell_may_be_a_list(cell):
    assert placement_error(AROUND_CENTRE, ("sky", "lilac", "rose"), cell, 0) is None
