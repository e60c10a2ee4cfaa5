"""SETUP's rules topics (``engines.lessons``): a set, a run, a bonus square,
the swap and the finish, each a two-player position reached by legal plays
from a dealt game whose tiles were sorted into place (every tile kept)."""
from __future__ import annotations

from pydantic import BaseModel

from engines.base import SeatInfo
from engines.lessons import Lesson, Mark, Position, position
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SetupConfig, SetupState

ENGINE = SetupEngine()
SEATS = [SeatInfo(name="P1"), SeatInfo(name="P2")]
SEED = 23


def dealt(centre: list[str], hands: tuple[list[str], list[str]], common: list[str], *,
          first: int = 0, finish: int | None = None) -> SetupState:
    """A new two-player game with these tiles on C1–C4, in the hands and the
    common hand (lists shorter than four are filled from the bag), ``first``
    to play. The rest stays in the bag in its shuffled order."""
    state = ENGINE.new_game(SetupConfig(finish=finish), SEATS, SEED)
    wanted = [*centre, *hands[0], *hands[1], *common]
    pool = [tile for tile in (*state.bag, *(t for s in state.stacks.values() for t in s),
                              *(t for h in state.hands for t in h), *state.common) if tile not in wanted]

    def filled(tiles: list[str]) -> list[str]:
        return [*tiles, *(pool.pop() for _ in range(4 - len(tiles)))]

    for square, tile in zip(("C1", "C2", "C3", "C4"), filled(centre)):
        state.stacks[square] = [tile]
    state.hands = [filled(hands[0]), filled(hands[1])]
    state.common = filled(common)
    state.bag = pool
    state.turn_pos = state.turn_order.index(first)
    return state


def scoring_marks(state: object, extra: tuple[Mark, ...] = ()) -> tuple[Mark, ...]:
    """``extra``, then every square of the combos the last play scored."""
    assert isinstance(state, SetupState)
    last = state.last_move
    marked = {mark.region for mark in extra}
    return extra + tuple(Mark(square) for square in (last.scoring_squares if last else []) if square not in marked)


def play(placements: list[tuple[str, str]]) -> BaseModel:
    return PlayAction(placements=placements)


def a_set() -> Position:
    """♣7 on C1; ★7 and ♥7 join it: three sevens along the lines, 3 points."""
    start = dealt(["♣7", "♦2", "♠4", "♦3"], (["★7", "♥7", "♠10"], []), ["♥1"])
    pos = position(ENGINE, start, [(0, play([("★7", "C2"), ("♥7", "C3")]))])
    return Position(start=pos.start, moves=pos.moves, state=pos.state, marks=scoring_marks(pos.state))


def a_run() -> Position:
    """♥5 on C1; ♥4 and ♥6 make a run of one suit, numbers in a row."""
    start = dealt(["♥5", "★9", "♣2", "♦10"], (["♥6", "♥4", "★1"], []), ["♠8"])
    pos = position(ENGINE, start, [(0, play([("♥6", "C2"), ("♥4", "C3")]))])
    return Position(start=pos.start, moves=pos.moves, state=pos.state, marks=scoring_marks(pos.state))


def a_bonus_square() -> Position:
    """P2 puts ♣9 on its bonus square N1; P1's run ♣6–♣9 runs through it:
    4 points for P1, 1 bonus point for P2."""
    start = dealt(["♣8", "♥2", "♠5", "★10"], (["♣7", "♣6", "♦1"], ["♣9", "♥10"]), ["♠1"], first=1)
    moves = [(1, play([("♣9", "N1")])), (0, play([("♣7", "C3"), ("♣6", "S1")]))]
    pos = position(ENGINE, start, moves)
    return Position(start=pos.start, moves=pos.moves, state=pos.state,
                    marks=scoring_marks(pos.state, (Mark("N1", "target"),)))


def the_swap() -> Position:
    """Instead of playing, swap tiles of your own hand with the bag (here ♠1 and ♦3)."""
    start = dealt(["♥8", "★5", "♣10", "♦6"], (["♠1", "♦3", "♣4", "★2"], []), ["♥2", "♠6"])
    return Position(start=start, moves=(), state=start, picture="hand", seat=0, crop=False,
                    marks=(Mark("♠1"), Mark("♦3")))


def the_finish() -> Position:
    """A finish line of 4: P1's run ★1–★4 scores 4 and the game ends."""
    start = dealt(["★2", "♥9", "♣5", "♦7"], (["★1", "★3", "★4"], []), ["♠3"], finish=4)
    pos = position(ENGINE, start, [(0, play([("★3", "C2"), ("★1", "C3"), ("★4", "C4")]))])
    return Position(start=pos.start, moves=pos.moves, state=pos.state, crop=False,
                    marks=scoring_marks(pos.state))


LESSONS = (
    Lesson("set", a_set),
    Lesson("run", a_run),
    Lesson("bonus", a_bonus_square),
    Lesson("swap", the_swap),
    Lesson("finish", the_finish),
)
