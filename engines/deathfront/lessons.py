"""Death Front's rules topics (``engines.lessons``): deploy, supply, range,
attack sums, facilities and engineers, a skill card and the three ways to
win, each a two-player position (US against SS) the engine's own AI plays
to from a dealt game."""
from __future__ import annotations

from typing import Callable

from engines import lessons
from engines.base import SeatInfo
from engines.deathfront import board
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.models import DeathFrontConfig, DeathFrontState
from engines.deathfront.rules import CARDS, card, is_supplied, is_unit, range_cells, side_of
from engines.lessons import Lesson, Mark, Position

ENGINE = DeathFrontEngine()
SEATS = [SeatInfo(name="P1"), SeatInfo(name="P2")]
SEEDS = (23, 1, 2, 3, 4, 5, 6, 7, 8, 9)  # tried in turn until one reaches the position


def reached(until: Callable[[DeathFrontState], bool]) -> Position:
    for seed in SEEDS:
        start = ENGINE.new_game(DeathFrontConfig(), SEATS, seed)
        try:
            moves = lessons.played_until(ENGINE, start, lambda state: until(state), seed=seed)  # type: ignore[arg-type]
        except ValueError:
            continue
        return lessons.position(ENGINE, start, moves)
    raise ValueError("no seed reaches the position")


def marked(pos: Position, marks: list[Mark], crop: bool = True) -> Position:
    return Position(start=pos.start, moves=pos.moves, state=pos.state, marks=tuple(marks), crop=crop,
                    pad=30)  # keeps the columns' letters and the rows' numbers


def units(state: DeathFrontState) -> list[tuple[str, str]]:
    return [(cell, uid) for cell, uid in sorted(state.pieces.items()) if is_unit(uid)]


def deploy() -> Position:
    """The first unit on the board, in its own territory."""
    pos = reached(lambda s: bool(units(s)))
    state = pos.state
    assert isinstance(state, DeathFrontState)
    return marked(pos, [Mark(cell) for cell, _ in units(state)])


def supplied_pair(state: DeathFrontState) -> tuple[str, str] | None:
    """(resource cell, unit cell): a unit supplied by a resource of its side."""
    for rcell, ruid in sorted(state.pieces.items()):
        if card(ruid).type != "resource":
            continue
        supplied = board.cells_in_pattern(board.at(rcell), card_pattern(ruid), side_of(state, ruid),
                                          board.column_count(state.players))
        for cell, uid in units(state):
            if side_of(state, uid) == side_of(state, ruid) and board.at(cell) in supplied \
                    and is_supplied(state, cell, uid) and state.supply_drop == []:
                return rcell, cell
    return None


def card_pattern(uid: str) -> list[tuple[int, int]]:
    supply = card(uid).supply
    assert supply is not None
    return list(CARDS.pattern(supply))


def supply() -> Position:
    """A resource and the squares it supplies; a unit there may attack."""
    pos = reached(lambda s: supplied_pair(s) is not None)
    state = pos.state
    assert isinstance(state, DeathFrontState)
    pair = supplied_pair(state)
    assert pair is not None
    rcell, ucell = pair
    cells = board.cells_in_pattern(board.at(rcell), card_pattern(state.pieces[rcell]),
                                   side_of(state, state.pieces[rcell]), board.column_count(state.players))
    return marked(pos, [Mark(rcell, "source"), *(Mark(board.name(c), "target") for c in cells if
                                                  board.name(c) != ucell), Mark(ucell)])


def enemy_in_range(state: DeathFrontState) -> tuple[str, str] | None:
    """(unit cell, enemy cell): an enemy piece in a unit's range."""
    for cell, uid in units(state):
        for target in range_cells(state, cell, uid):
            other = state.pieces.get(target)
            if other and side_of(state, other) != side_of(state, uid):
                return cell, target
    return None


def attack_range() -> Position:
    """A unit's range: the squares it may attack, an enemy among them."""
    pos = reached(lambda s: s.step == "attack" and enemy_in_range(s) is not None)
    state = pos.state
    assert isinstance(state, DeathFrontState)
    found = enemy_in_range(state)
    assert found is not None
    cell, enemy = found
    return marked(pos, [Mark(cell, "source"), *(Mark(c, "target") for c in range_cells(state, cell, state.pieces[cell])
                                                 if c != enemy), Mark(enemy)])


def attack_sums() -> Position:
    """Two attackers add up their attack against one target's defence."""
    pos = reached(lambda s: s.last is not None and s.last.kind == "attack" and len(s.last.sources) >= 2)
    state = pos.state
    assert isinstance(state, DeathFrontState) and state.last is not None
    return marked(pos, [*(Mark(c, "source") for c in state.last.sources), Mark(state.last.target)])


def facilities() -> Position:
    """A facility on the board, and any engineer of the other side (they remove the enemy's next to them)."""
    pos = reached(lambda s: bool(s.facilities))
    state = pos.state
    assert isinstance(state, DeathFrontState)
    sides = {side_of(state, uid) for uid in state.facilities.values()}
    engineers = [cell for cell, uid in units(state) if "engineer" in card(uid).keywords
                 and any(side != side_of(state, uid) for side in sides)]
    return marked(pos, [*(Mark(c) for c in sorted(state.facilities)), *(Mark(c, "source") for c in engineers)])


def skill() -> Position:
    """A skill card played on a target square."""
    pos = reached(lambda s: s.last is not None and s.last.kind == "skill")
    state = pos.state
    assert isinstance(state, DeathFrontState) and state.last is not None
    return marked(pos, [Mark(state.last.target)] if board.parse(state.last.target) else [])


def winning() -> Position:
    """A game won: breakthrough, elimination or territory (here the first: the
    units that stand at enemy depth 3 are marked)."""
    pos = reached(lambda s: s.result is not None and s.result.reason.endswith("breakthrough"))
    state = pos.state
    assert isinstance(state, DeathFrontState)
    deep = [cell for cell, uid in units(state) if board.enemy_depth(side_of(state, uid), board.at(cell)[1]) == 3]
    return marked(pos, [Mark(cell) for cell in deep], crop=False)


LESSONS = (
    Lesson("deploy", deploy),
    Lesson("supply", supply),
    Lesson("range", attack_range),
    Lesson("attack", attack_sums),
    Lesson("facilities", facilities),
    Lesson("skill", skill),
    Lesson("win", winning),
)
