"""The deploy/move step (deploying, moving, advancing into a won square)
and the facility step."""
from __future__ import annotations

from typing import Any

from engines.base import Event, GameEngine, IllegalAction

from . import board
from . import rules as R
from .changes import check_cell, enter, hand_card, need_step, next_actor
from .messages import ev, illegal
from .models import Arrow, DeathFrontState, Deploy, Move, PlaceFacility


def deploy(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Deploy) -> list[Event]:
    need_step(state, "deploy")
    uid = hand_card(state, seat, action.card)
    card = R.card(uid)
    if card.type not in ("unit", "resource"):
        raise illegal("not_deployable", card=card.name.en, card_id=card.id)
    cell = check_cell(state, action.cell)
    if not R.may_deploy(state, seat, uid, action.cell):
        raise placement_error(state, seat, uid, cell)
    state.hands[seat].remove(uid)
    state.moved.append(uid)  # a card deployed this round does not also move
    events = [ev("deploy", seat=seat, card=card.name.en, card_id=card.id, cell=action.cell)]
    if card.type == "unit":
        state.had_units[R.side_of(state, uid)] = True
    enter(state, uid, action.cell, events)
    next_actor(state, passed=False)
    return events


def placement_error(state: DeathFrontState, seat: int, uid: str, cell: board.Cell) -> IllegalAction:
    """Why ``uid`` may not be deployed on ``cell``."""
    label = board.name(cell)
    card = R.card(uid)
    if label in state.pieces:
        return illegal("occupied", cell=label)
    if board.territory_of(cell[1]) != R.side_of_seat(state, seat):
        if cell[1] == board.FRONT_ROW:
            return illegal("front_line_needs_airborne", cell=label)
        return illegal("not_own_territory", cell=label)
    if card.armoured:
        return illegal("anti_tank_obstacle", cell=label)
    return illegal("cannot_enter", cell=label)


def move(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Move) -> list[Event]:
    if state.pending_advance is not None:
        return _advance_into(state, seat, action)
    need_step(state, "deploy")
    check_cell(state, action.from_cell)
    to_cell = check_cell(state, action.to_cell)
    uid = state.pieces.get(action.from_cell)
    if uid is None or R.seat_of(state, uid) != seat:
        raise illegal("not_your_card", cell=action.from_cell)
    if uid in state.moved:
        raise illegal("already_moved", cell=action.from_cell)
    paths = R.move_paths(state, seat, action.from_cell)
    if action.to_cell not in paths:
        start = board.at(action.from_cell)
        distance = abs(start[0] - to_cell[0]) + abs(start[1] - to_cell[1])
        if distance > (2 if R.card(uid).has("fast") else 1) or distance == 0:
            raise illegal("too_far", cell=action.to_cell)
        if action.to_cell in state.pieces:
            raise illegal("occupied", cell=action.to_cell)
        enemy_ground = board.territory_of(to_cell[1]) not in (None, R.side_of(state, uid))
        if R.card(uid).has("indirect") and enemy_ground:
            raise illegal("indirect_enemy_territory", cell=action.to_cell)
        raise illegal("cannot_enter", cell=action.to_cell)
    card = R.card(uid)
    del state.pieces[action.from_cell]
    state.moved.append(uid)
    events = [ev("move", seat=seat, card=card.name.en, card_id=card.id, from_cell=action.from_cell,
                 to_cell=action.to_cell)]
    for label in paths[action.to_cell]:
        if not enter(state, uid, label, events):
            break
        if label != action.to_cell:
            del state.pieces[label]
    state.last = Arrow(kind="move", seat=seat, sources=[action.from_cell], target=action.to_cell)
    next_actor(state, passed=False)
    return events


def _advance_into(state: DeathFrontState, seat: int, action: Move) -> list[Event]:
    pa = state.pending_advance
    assert pa is not None
    if action.to_cell != pa.cell or action.from_cell not in pa.candidates:
        raise illegal("bad_advance", cell=pa.cell)
    uid = state.pieces.pop(action.from_cell)
    events = [ev("advance", seat=seat, card=R.card(uid).name.en, card_id=R.card(uid).id, from_cell=action.from_cell,
                 to_cell=pa.cell)]
    enter(state, uid, pa.cell, events)
    state.last = Arrow(kind="move", seat=seat, sources=[action.from_cell], target=pa.cell)
    state.pending_advance = None
    next_actor(state, passed=False)
    return events


def place_facility(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int,
                   action: PlaceFacility) -> list[Event]:
    need_step(state, "facility")
    uid = hand_card(state, seat, action.card)
    card = R.card(uid)
    if card.type != "facility":
        raise illegal("not_facility", card=card.name.en, card_id=card.id)
    cell = check_cell(state, action.cell)
    if action.cell not in R.facility_cells(state, seat):
        if board.territory_of(cell[1]) != R.side_of_seat(state, seat):
            raise illegal("not_own_territory", cell=action.cell)
        if action.cell in state.facilities:
            raise illegal("has_facility", cell=action.cell)
        raise illegal("enemy_on_square", cell=action.cell)
    state.hands[seat].remove(uid)
    state.facilities[action.cell] = uid
    next_actor(state, passed=False)
    return [ev("facility", seat=seat, card=card.name.en, card_id=card.id, cell=action.cell)]
