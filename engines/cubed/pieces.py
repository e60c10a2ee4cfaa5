"""The 88-piece set.

A piece id spells its faces with one letter per colour, in (top, right, left)
order at rotation 0: ``SLR`` is sky on top, lilac right, rose left. Normal
pieces use the rotation whose colour order is smallest, so every pattern has
exactly one id. Blockers are ``<colour letter>XX<copy>``: ``SXX1``, ``SXX2``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Literal

COLOURS: tuple[str, ...] = ("sky", "lilac", "rose", "coral", "amber", "lemon")
PURPLE = "purple"

# One letter per colour so that nobody has to tell shades apart.
COLOUR_LETTERS: dict[str, str] = {
    "sky": "S",
    "lilac": "L",
    "rose": "R",
    "coral": "C",
    "amber": "A",
    "lemon": "Y",
    PURPLE: "X",
}
LETTER_COLOURS: dict[str, str] = {letter: colour for colour, letter in COLOUR_LETTERS.items()}

Kind = Literal["one", "two", "three", "blocker"]
Faces = tuple[str, str, str]


@dataclass(frozen=True)
class Piece:
    id: str
    faces: Faces  # (top, right, left) at rotation 0
    kind: Kind

    @property
    def is_blocker(self) -> bool:
        return self.kind == "blocker"


def rotations(faces: Faces) -> list[Faces]:
    """The three rotations of ``faces`` (see rules.rotate), rotation 0 first."""
    return list(_rotations(tuple(faces)))


@lru_cache(maxsize=None)  # called in every legality check: 88 pieces, few distinct faces
def _rotations(faces: Faces) -> tuple[Faces, ...]:
    return tuple((faces[-k % 3], faces[(1 - k) % 3], faces[(2 - k) % 3]) for k in range(3))


@lru_cache(maxsize=None)
def shown_faces(piece_id: str, rotation: int) -> Faces:
    """The faces of piece ``piece_id`` as shown when turned by ``rotation``
    (rules.rotate of its faces)."""
    return _rotations(PIECES_BY_ID[piece_id].faces)[rotation % 3]


def _canonical(faces: Faces) -> Faces:
    return min(rotations(faces), key=lambda f: tuple(COLOURS.index(c) for c in f))


def _kind(faces: Faces) -> Kind:
    if PURPLE in faces:
        return "blocker"
    kinds: dict[int, Kind] = {1: "one", 2: "two", 3: "three"}
    return kinds[len(set(faces))]


def _spell(faces: Faces) -> str:
    return "".join(COLOUR_LETTERS[c] for c in faces)


def _build_set() -> tuple[Piece, ...]:
    patterns = sorted(
        {_canonical(f) for f in product(COLOURS, COLOURS, COLOURS)},
        key=lambda f: (len(set(f)), tuple(COLOURS.index(c) for c in f)),
    )
    normal = [Piece(_spell(f), f, _kind(f)) for f in patterns]
    blockers = [
        Piece(f"{COLOUR_LETTERS[c]}XX{copy}", (c, PURPLE, PURPLE), "blocker")
        for c in COLOURS
        for copy in (1, 2)
    ]
    return tuple(normal + blockers)


PIECES: tuple[Piece, ...] = _build_set()
PIECES_BY_ID: dict[str, Piece] = {p.id: p for p in PIECES}
ALL_IDS: tuple[str, ...] = tuple(p.id for p in PIECES)

DEFAULT_POINTS: dict[str, int] = {"blocker": 5, "one": 3, "two": 2, "three": 1}
