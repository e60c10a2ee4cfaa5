"""Cell labels shown on the board, forgiving cell parsing, and the pure
autocomplete helpers the Discord cog calls.

Labels are numbers 1, 2, 3 … given in reading order (top to bottom, left to
right) to every open cell where some piece not yet on the table could go.
They depend only on the table, which is public, so they reveal no hand.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable

from engines.base import IllegalAction
from engines.cubed.models import CubedPrivateView, CubedState, normalize_piece_id
from engines.cubed.pieces import PIECES_BY_ID, Faces, rotations
from engines.cubed.rules import Cell, CellNeeds, Table, blocked_cells, frontier
from engines.cubed.table_view import labels_of, table_view
from i18n import t


def table_of(state: CubedState) -> dict[Cell, tuple[str, str, str]]:
    """The contract's table dict: cell -> faces as shown."""
    return state.table_dict()


def cell_labels_for_table(table: Table, blocked: set[Cell] | None = None) -> dict[Cell, str]:
    if blocked is None:
        blocked = blocked_cells(table)
    return labels_of([CellNeeds(table, cell) for cell in frontier(table, blocked)], table)


def cell_labels(state: CubedState) -> dict[Cell, str]:
    """Label of every open cell where some piece could go."""
    return dict(table_view(state).labels)


def cell_name(state: CubedState, cell: Cell) -> str:
    """The label of ``cell`` if it has one, else its axial ``q,r``."""
    return cell_labels(state).get(cell) or f"{cell[0]},{cell[1]}"


_AXIAL = re.compile(r"^\(?\s*([+-]?\d+)\s*[,;\s]\s*([+-]?\d+)\s*\)?$")


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", str(text))
    for odd, plain in (("、", ","), ("−", "-"), ("–", "-"), ("，", ",")):
        text = text.replace(odd, plain)
    return text.strip().upper()


def parse_cell(text: str, state: CubedState) -> Cell:
    """A cell from a board label (``12``, ``#12``) or axial ``q,r``
    (``2,-1``, ``（2，-1）``, ``2 -1``). Raises IllegalAction if neither."""
    cleaned = _clean(text)
    match = _AXIAL.match(cleaned)
    if match:
        return (int(match.group(1)), int(match.group(2)))
    label = cleaned.lstrip("#").replace(" ", "")
    for cell, name in cell_labels(state).items():
        if name == label:
            return cell
    raise IllegalAction("cubed.err.bad_cell", text=str(text)[:20])


def face_letter(colour: str, locale: str) -> str:
    """The mark on a face of ``colour`` in the reader's language: a Latin
    letter in English (the letters of piece ids), one character in Chinese."""
    return t(f"cubed.letter.{colour}", locale)


def spelled(faces: Faces, locale: str) -> str:
    """A piece's faces as the reader's face letters (``SLR`` → ``蓝紫粉``)."""
    return "".join(face_letter(colour, locale) for colour in faces)


def colour_name(colour: str, locale: str) -> str:
    """A colour's plain name in the reader's language (``lemon``, ``柠檬黄``)."""
    return t(f"cubed.name.{colour}", locale)


def piece_label(piece_id: str, locale: str) -> str:
    """A piece as a reader names it, in words of their language: its faces'
    colours clockwise from the top, as the hand picture draws it at rotation
    0 (``rose-rose-coral``, ``粉粉红``); a blocker by its colour (``lemon
    blocker``, ``柠檬黄阻挡块``: its two copies are alike). Ids stay what typed
    commands take; anything that is not a piece id is returned unchanged."""
    piece = PIECES_BY_ID.get(normalize_piece_id(piece_id)) if isinstance(piece_id, str) else None
    if piece is None:
        return piece_id
    if piece.is_blocker:
        return t("cubed.word.blocker", locale, colour=colour_name(piece.faces[0], locale))
    return t("cubed.word.sep", locale).join(t(f"cubed.word.{colour}", locale) for colour in piece.faces)


def pieces_label(piece_ids: Iterable[str], locale: str) -> str:
    """Several pieces in words, as a list (``rose-rose-coral, lemon blocker``)."""
    return ", ".join(piece_label(p, locale) for p in piece_ids)


def localize_piece_params(params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Event and refusal params with the ``piece`` named by ``piece_label``
    (and a list of ``pieces`` each so)."""
    out = dict(params)
    if isinstance(out.get("piece"), str):
        out["piece"] = piece_label(out["piece"], locale)
    if isinstance(out.get("pieces"), str):
        out["pieces"] = pieces_label([p.strip() for p in out["pieces"].split(",") if p.strip()], locale)
    return out


# ---- autocomplete ------------------------------------------------------------


def piece_caption(piece_id: str, points: int) -> str:
    """E.g. ``SLR  sky/lilac/rose  1 pt``."""
    piece = PIECES_BY_ID[piece_id]
    colours = "/".join(c for c in piece.faces)
    unit = "pt" if points == 1 else "pts"
    return f"{piece_id}  {colours}  {points} {unit}"


def hand_choices(private_view: CubedPrivateView) -> list[tuple[str, str]]:
    """(label, piece id) for each piece in the hand, for the ``piece`` option:
    pieces that fit somewhere right now first, marked with a check."""
    ordered = sorted(private_view.hand, key=lambda p: not p.fits)
    return [(("✓ " if p.fits else "") + piece_caption(p.id, p.points), p.id) for p in ordered]


def legal_cells_for(state: CubedState, seat: int, piece_id: str) -> list[tuple[str, Cell, list[int]]]:
    """(label, cell, rotations) for every labelled cell where ``piece_id`` fits
    in at least one rotation. Empty if the piece is not in the seat's hand."""
    piece_id = normalize_piece_id(piece_id)
    if piece_id not in PIECES_BY_ID or not (0 <= seat < len(state.hands)):
        return []
    if piece_id not in state.hands[seat]:
        return []
    view = table_view(state)
    needs_of = dict(zip(view.cells, view.needs))
    shown_by_rotation = rotations(PIECES_BY_ID[piece_id].faces)
    result = []
    for cell, label in view.labels.items():
        needs = needs_of[cell]
        fitting = [k for k, shown in enumerate(shown_by_rotation) if needs.fits(shown)]
        if fitting:
            result.append((label, cell, fitting))
    return result


def fitting_rotations(state: CubedState, seat: int, piece_id: str, cell: Cell) -> list[int]:
    """Rotations in which ``piece_id`` fits on ``cell`` (for the ``rotation`` option)."""
    for _, fitting_cell, rotations_here in legal_cells_for(state, seat, piece_id):
        if fitting_cell == tuple(cell):
            return rotations_here
    return []
