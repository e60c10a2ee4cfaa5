"""Forgiving text input: cells ``A1``..``E7`` in any case, full-width
characters (NFKC), Chinese commas ``，、`` and spaces; cards by uid
(``us_sherman-2``), card id (``us_sherman``) or name (any language).
"""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from . import board
from . import rules as R

_SEPARATORS = re.compile(r"[,;/\s、，；]+")
_CELL = re.compile(r"^([A-E])([1-7])$")


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").replace("，", ",").replace("、", ",").strip()


def parse_cell(text: str, columns: int = 5) -> str | None:
    """``" ｂ５ "`` -> ``"B5"``; None when it is not a cell of the board."""
    label = normalize(text).upper().replace(" ", "")
    match = _CELL.match(label)
    if not match or board.COLUMN_LETTERS.index(match.group(1)) >= columns:
        return None
    return label


def split_items(text: str) -> list[str]:
    """Split a list on commas (ASCII or Chinese), semicolons, slashes or spaces."""
    return [part for part in _SEPARATORS.split(normalize(text)) if part]


def parse_cells(text: str, columns: int = 5) -> list[str] | None:
    """``"b3，C3、d3"`` -> ``["B3", "C3", "D3"]``; None if any item is not a cell."""
    cells = [parse_cell(part, columns) for part in split_items(text)]
    if not cells or any(c is None for c in cells):
        return None
    return [c for c in cells if c is not None]


def parse_target(text: str, columns: int = 5) -> tuple[str, bool] | None:
    """An attack target: ``"B5"`` or ``"B5F"`` / ``"B5 facility"`` for the facility there."""
    raw = normalize(text).upper().replace(" ", "")
    at_facility = False
    for suffix in ("FACILITY", "設施", "设施", "F"):
        if raw.endswith(suffix) and len(raw) > len(suffix):
            raw, at_facility = raw[: -len(suffix)], True
            break
    cell = parse_cell(raw, columns)
    return (cell, at_facility) if cell else None


def parse_moves(text: str, columns: int = 5) -> list[tuple[str, str]] | None:
    """``"B3>B4, C3-C4"`` -> ``[("B3", "B4"), ("C3", "C4")]`` (also ``→``, ``to``)."""
    moves = []
    for part in re.split(r"[,;、，；]+", normalize(text)):
        if not part.strip():
            continue
        ends = re.split(r"\s*(?:>|-|→|TO|\s)\s*", part.strip().upper())
        ends = [e for e in ends if e]
        if len(ends) != 2:
            return None
        a, b = parse_cell(ends[0], columns), parse_cell(ends[1], columns)
        if a is None or b is None:
            return None
        moves.append((a, b))
    return moves or None


def resolve_card(hand: Iterable[str], text: str) -> str | None:
    """The uid in ``hand`` that ``text`` names: uid, card id, or a name in any locale."""
    hand = list(hand)
    key = normalize(text).lower()
    if not key:
        return None
    for uid in hand:
        if uid.lower() == key:
            return uid
    for uid in hand:
        if R.card(uid).id == key:
            return uid
    for uid in hand:
        names = R.card(uid).name
        if key in (names.en.lower(), names.zh_TW.lower(), names.zh_CN.lower()):
            return uid
    return None
