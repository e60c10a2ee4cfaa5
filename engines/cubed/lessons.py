"""CUBED's rules topics (``engines.lessons``): colours and faces, touching
two, a blocker, going out and one variant (Bridge the gap), each a position
the engine's own AI plays to from a two-player deal."""
from __future__ import annotations

from typing import Callable

from engines.base import SeatInfo
from engines.cubed.engine import CubedEngine
from engines.cubed.models import CubedConfig, CubedState, PlaceAction
from engines.cubed.moves import legal_placements
from engines.cubed.rules import blocked_cells, is_blocker, neighbour_arcs, neighbours
from engines.lessons import Chooser, Lesson, Mark, Position, played_until, position

ENGINE = CubedEngine()
SEATS = [SeatInfo(name="P1"), SeatInfo(name="P2")]
SEED = 23
COLOURS_SEED = 7  # a one-colour piece and a three-colour one meeting on their shared colour
BRIDGE_SEED = 49  # of the first 150 seeds, one of those reaching it with the fewest pieces (16)
PAD = 26  # a cell's region is 3/4 of its hexagon's height: room for the tips and the rings


def cell_id(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def reached(config: CubedConfig, until: Callable[[CubedState], bool], seed: int = SEED,
            prefer: Chooser | None = None) -> Position:
    start = ENGINE.new_game(config, SEATS, seed)
    moves = played_until(ENGINE, start, lambda state: until(state), seed=seed, prefer=prefer)  # type: ignore[arg-type]
    return position(ENGINE, start, moves)


def with_marks(pos: Position, marks: tuple[Mark, ...]) -> Position:
    return Position(start=pos.start, moves=pos.moves, state=pos.state, marks=marks, pad=PAD)


def colours() -> Position:
    """The first two pieces: faces that touch share a colour."""
    pos = reached(CubedConfig(), lambda s: len(s.table) == 2, seed=COLOURS_SEED)
    return with_marks(pos, tuple(Mark(cell_id(p.cell)) for p in pos.state.table))  # type: ignore[attr-defined]


def touching_two() -> Position:
    """The third piece touches two pieces, its colours matching both."""
    pos = reached(CubedConfig(), lambda s: len(s.table) == 3)
    state = pos.state
    assert isinstance(state, CubedState)
    third = state.table[-1].cell
    touched = [p.cell for p in state.table[:-1] if p.cell in neighbours(third)]
    return with_marks(pos, (Mark(cell_id(third)), *(Mark(cell_id(c), "source") for c in touched)))


def blocker() -> Position:
    """A blocker: its coloured face matches, its two purple faces close cells."""
    def placed_blocker(state: CubedState) -> bool:
        return bool(state.table) and is_blocker(ENGINE.public_view(state).table[-1].faces)

    pos = reached(CubedConfig(), placed_blocker)
    state = pos.state
    assert isinstance(state, CubedState)
    closed = sorted(blocked_cells(state.table_dict()))
    return with_marks(pos, (Mark(cell_id(state.table[-1].cell)),
                            *(Mark(cell_id(c), "target") for c in closed)))


def going_out() -> Position:
    """One piece left in hand and a place for it: placing it ends the round."""
    def last_piece(state: CubedState) -> bool:
        seat = state.current
        return state.phase == "turn" and len(state.hands[seat]) == 1 and bool(legal_placements(state, seat))

    pos = reached(CubedConfig(rounds=1), last_piece)
    state = pos.state
    assert isinstance(state, CubedState)
    return Position(start=pos.start, moves=pos.moves, state=state, picture="hand", seat=state.current,
                    crop=False, marks=(Mark(state.hands[state.current][0]),))


def bridging(state: CubedState, seat: int) -> PlaceAction | None:
    """A placement whose occupied neighbours form two or more arcs, if any."""
    if state.phase != "turn":
        return None
    cells = {p.cell for p in state.table}
    return next((a for a in legal_placements(state, seat) if neighbour_arcs(cells, a.cell) >= 2), None)


def bridge() -> Position:
    """Bridge the gap: the piece just placed joined two groups, so its player
    may place a second one. (The seed gives a small table.)"""
    pos = reached(CubedConfig(bridge=True), lambda s: s.phase == "bonus", seed=BRIDGE_SEED, prefer=bridging)
    state = pos.state
    assert isinstance(state, CubedState) and state.last_placed is not None
    return with_marks(pos, (Mark(cell_id(state.last_placed)),))


LESSONS = (
    Lesson("colours", colours),
    Lesson("touching", touching_two),
    Lesson("blocker", blocker),
    Lesson("going_out", going_out),
    Lesson("bridge", bridge),
)
