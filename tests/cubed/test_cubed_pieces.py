"""The 88-piece set."""
from __future__ import annotations

from collections import Counter

from engines.cubed.models import PointsTable
from engines.cubed.pieces import COLOURS, PIECES, PIECES_BY_ID, PURPLE, rotations


def _pattern(faces):
    return min(rotations(faces))


def test_88_pieces_with_unique_ids():
    assert len(PIECES) == 88
    assert len(PIECES_BY_ID) == 88


def test_76_normal_patterns_distinct_under_rotation():
    normal = [p for p in PIECES if not p.is_blocker]
    assert len(normal) == 76
    assert len({_pattern(p.faces) for p in normal}) == 76
    # Every ordered colour triple is some normal piece turned: 6**3 = 216.
    shown = {r for p in normal for r in rotations(p.faces)}
    assert len(shown) == 216


def test_kinds():
    kinds = Counter(p.kind for p in PIECES)
    assert kinds == {"one": 6, "two": 30, "three": 40, "blocker": 12}
    for p in PIECES:
        distinct = len(set(p.faces))
        if p.kind != "blocker":
            assert distinct == {"one": 1, "two": 2, "three": 3}[p.kind]


def test_three_colour_pieces_come_in_both_orders():
    assert PIECES_BY_ID["SLR"].faces == ("sky", "lilac", "rose")
    assert PIECES_BY_ID["SRL"].faces == ("sky", "rose", "lilac")


def test_blockers_two_per_colour():
    blockers = [p for p in PIECES if p.is_blocker]
    assert Counter(p.faces[0] for p in blockers) == {c: 2 for c in COLOURS}
    assert all(p.faces[1:] == (PURPLE, PURPLE) for p in blockers)
    assert {"SXX1", "SXX2", "YXX1"} <= {p.id for p in blockers}


def test_ids_spell_the_faces():
    letters = {"S": "sky", "L": "lilac", "R": "rose", "C": "coral", "A": "amber", "Y": "lemon"}
    for p in PIECES:
        if not p.is_blocker:
            assert tuple(letters[ch] for ch in p.id) == p.faces


def test_points_by_kind():
    points = PointsTable()
    assert [points.of(k) for k in ("blocker", "one", "two", "three")] == [5, 3, 2, 1]
    assert sum(points.of(p.kind) for p in PIECES) == 12 * 5 + 6 * 3 + 30 * 2 + 40 * 1
