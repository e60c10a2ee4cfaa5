"""CUBED knowledge for the search AI.

Candidates are the greedy AI's placements best first, then drawing or
passing. The evaluation compares each seat's projected total (past rounds
plus the points still in hand) with the best other seat's, and it fears
sealing the table when behind: once no piece can go anywhere, the round's
order is locked in (everyone only draws the bag out), so a sealed table
makes the difference count in full, while an open table leaves it in play.
"""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine
from engines.cubed import ai as greedy
from engines.cubed.engine import SOLO_MAX_DRAWS, CubedEngine, hand_points
from engines.cubed.models import (
    CubedState,
    Draw3Action,
    DrawAction,
    GiveAction,
    KeepAction,
    PassAction,
    PlaceAction,
)
from engines.cubed.moves import Placing, has_placement, placings
from engines.cubed.pieces import shown_faces
from engines.cubed.rules import Cell, Table, blocked_cells, frontier, neighbours, purple_steps
from engines.cubed.table_view import TableView, table_view
from engines.search.knowledge import Knowledge, pairwise_values, squash

PLACEMENTS = 6
SEALED_SCALE = 4.0  # points: a locked-in difference decides the game
OPEN_SCALE = 14.0  # points still in play while pieces can go down
LATER_ROUND_SCALE = 10.0  # per round still to come
# With 3+ seats the rollout (3 plies) ends before the searching seat's next
# turn, so the evaluation judges what the rollout cannot see: a seat with no
# legal placement must draw (a piece more, a turn lost).
STUCK_POINTS = 5.0


def is_sealed(state: CubedState) -> bool:
    """No empty cell on the table can take a piece any more."""
    view = table_view(state)
    return bool(view.table) and not view.cells


def seals(state: CubedState, move: PlaceAction | Placing) -> bool:
    """Would ``move`` leave no open cell? Worked out from the table's open
    cells before the move: the move fills one, its purple faces may block
    some, and only its own neighbours can open."""
    view = table_view(state)
    table = view.table
    if len(table) < 2:  # one piece on the table asks less of an open cell
        return _seals_from_scratch(table, move)
    cell = (int(move.cell[0]), int(move.cell[1]))
    shown = shown_faces(move.piece, move.rotation)
    newly_blocked = {(cell[0] + step[0], cell[1] + step[1]) for step in purple_steps(shown)}
    if any(open_cell != cell and open_cell not in newly_blocked for open_cell in view.cells):
        return False
    for candidate in neighbours(cell):
        if candidate in table or candidate in view.blocked or candidate in newly_blocked:
            continue
        touching = sum(1 for n in neighbours(candidate) if n in table or n == cell)
        if touching >= 2:
            return False
    return True


def _seals_from_scratch(table: Table, move: PlaceAction | Placing) -> bool:
    after = dict(table)
    after[(int(move.cell[0]), int(move.cell[1]))] = shown_faces(move.piece, move.rotation)
    return not frontier(after, blocked_cells(after))


def projected(state: CubedState) -> list[int]:
    return [state.totals[s] + hand_points(state, s) for s in range(len(state.hands))]


def behind(state: CubedState, seat: int) -> bool:
    mine = projected(state)
    if len(mine) < 2:
        return False
    return mine[seat] > min(mine[o] for o in range(len(mine)) if o != seat)


class CubedKnowledge(Knowledge):
    max_candidates = PLACEMENTS + 2
    rollout_depth = 3
    exploration = 0.6

    def uses_common_worlds(self, state: CubedState) -> bool:
        # Two seats (issue 32): every candidate played out in the same sampled
        # hands and bag (``ismcts._flat_search``) compares them on equal luck;
        # the tree gave each of its 8 root children 5 or 6 visits, too few for
        # the final choice to leave the greedy move. Not with more seats: the
        # flat search lost there (docs/ai.md).
        return len(state.hands) == 2

    def candidates(self, state: CubedState, seat: int) -> list[BaseModel]:
        if state.phase == "keep":
            return [KeepAction(piece=p) for p in sorted(dict.fromkeys(state.pending),
                                                         key=lambda p: (greedy.piece_points(state, p), p))]
        hand = state.hands[seat]
        if state.phase == "give":
            gift = max(hand, key=lambda p: (greedy.piece_points(state, p), p))
            others = [s for s in range(len(state.hands)) if s != seat]
            return [GiveAction(piece=gift, to_seat=s) for s in others] + [PassAction()]
        actions: list[BaseModel] = list(self._placements(state, seat))
        if state.config.solo:
            stuck = not actions and state.bag and state.solo_draws < SOLO_MAX_DRAWS
            return actions + ([DrawAction()] if stuck else [])
        if state.phase == "turn" and state.bag:
            actions.append(DrawAction())
            if state.config.draw3 and len(state.bag) >= 2:
                actions.append(Draw3Action())
        elif state.phase != "turn" or not state.bag:
            actions.append(PassAction())
        return actions

    def _placements(self, state: CubedState, seat: int) -> list[PlaceAction]:
        moves = placings(state, seat)
        if not moves:
            return []
        occupied = {p.cell for p in state.table}
        steady = random.Random(0)  # the greedy value's tie-break noise, fixed
        ranked = sorted(moves, key=lambda m: -greedy.placement_value(state, occupied, m, steady))
        seen: set[tuple[str, tuple[int, int]]] = set()
        unique = []
        for move in ranked:
            key = (move.piece, (int(move.cell[0]), int(move.cell[1])))
            if key not in seen:  # one rotation per piece and cell is enough to try
                seen.add(key)
                unique.append(move)
        unique = unique[:2 * PLACEMENTS]
        if behind(state, seat):
            unique.sort(key=lambda m: seals(state, m))  # stable: sealing moves go last
        return [move.action() for move in unique[:PLACEMENTS]]

    def rollout_action(self, state: CubedState, seat: int, rng: random.Random) -> BaseModel:
        return greedy.choose_action(self.engine, state, seat, rng)

    def evaluate(self, state: CubedState) -> list[float]:
        totals = projected(state)
        n = len(totals)
        if n == 1:
            return [squash(-hand_points(state, 0) / OPEN_SCALE + 1.0)]
        sealed = is_sealed(state)
        scale = SEALED_SCALE if sealed else OPEN_SCALE
        scale += LATER_ROUND_SCALE * (state.config.rounds - state.round)
        counted: list[float] = [float(t) for t in totals]
        if n >= 3 and not sealed and state.phase != "over":
            counted = [t + (0 if has_placement(state, s) else STUCK_POINTS) for s, t in enumerate(counted)]
        return pairwise_values([-x for x in counted], scale)  # fewer points is better

    def review_measures(self, state: CubedState, seat: int) -> dict[str, float]:
        """Points counted against the seat (past rounds and in hand) and pieces in hand: fewer is better."""
        return {"points": float(projected(state)[seat]), "pieces": float(len(state.hands[seat]))}


class _SimulationEngine(CubedEngine):
    """Skips naming cells for messages: the search reads no events."""

    def _cell_name(self, view: TableView, cell: Cell) -> str:
        return ""


def make_knowledge(engine: GameEngine[Any, Any], level: str = "hard") -> CubedKnowledge:
    return CubedKnowledge(engine, _SimulationEngine())
