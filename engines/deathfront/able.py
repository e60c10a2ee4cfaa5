"""Has the seat to act anything to do in its step? ``flow.advance`` asks it
before every turn: the step asks a player who has, and passes one who has
not (⏩). Cheap by design — no option is listed, and each question stops at
the first thing found — with the answers of listing them all
(``options.step_actions``; tests/deathfront/test_deathfront_able.py):

- deploy/move: a unit or resource in hand with a square to go to, or a
  card of the seat's on the board with a square to move to;
- facility: a facility card in hand and a square of the seat's territory
  without a facility and without an enemy card;
- skill: a skill card with a use (a strike or Barrage needs an enemy card, a
  Smoke Screen an enemy unit, Blitz a unit of the seat's with a square next
  to it to enter; Supply Drop and Last Stand always have one);
- attack: an attack that can destroy its target. An attack that cannot
  changes nothing but exhaust the attackers, so a player with only such
  attacks is not asked (decision 3).
"""
from __future__ import annotations

from . import board
from . import rules as R
from .models import DeathFrontState


def can_do_something(state: DeathFrontState, seat: int) -> bool:
    step = state.step
    if step == "deploy":
        return can_deploy(state, seat) or can_move(state, seat)
    if step == "facility":
        return any(R.card(u).type == "facility" for u in state.hands[seat]) \
            and next(R.iter_facility_cells(state, seat), None) is not None
    if step == "skill":
        return any(skill_has_use(state, seat, u) for u in state.hands[seat] if R.card(u).type == "skill")
    if step == "attack":
        return has_winning_attack(state, seat)
    return False


def can_deploy(state: DeathFrontState, seat: int) -> bool:
    tried: set[str] = set()
    for uid in state.hands[seat]:
        card = R.card(uid)
        if card.type in ("unit", "resource") and card.id not in tried:
            tried.add(card.id)
            if next(R.iter_deploy_cells(state, seat, uid), None) is not None:
                return True
    return False


def can_move(state: DeathFrontState, seat: int) -> bool:
    """A card of the seat's that has not moved and a square next to it to
    enter (a Fast unit's second square is reached through such a square)."""
    cols = R.columns(state)
    for cell, uid in state.pieces.items():
        if uid in state.moved or R.seat_of(state, uid) != seat:
            continue
        if any(R.may_enter(state, uid, board.name(n)) for n in board.neighbours(board.at(cell), cols)):
            return True
    return False


def skill_has_use(state: DeathFrontState, seat: int, uid: str) -> bool:
    effect = R.card(uid).effect
    if effect in ("supply_drop", "last_stand"):
        return True
    side = R.side_of_seat(state, seat)
    if effect in ("air_strike", "barrage"):  # every enemy square lies in some stretch of a row
        return any(R.side_of(state, u) != side for u in (*state.pieces.values(), *state.facilities.values()))
    if effect == "smoke":
        return any(R.is_unit(u) and R.side_of(state, u) != side for u in state.pieces.values())
    if effect == "blitz":
        return can_step_a_unit(state, seat)
    return False


def can_step_a_unit(state: DeathFrontState, seat: int) -> bool:
    cols = R.columns(state)
    return any(R.is_unit(uid) and R.seat_of(state, uid) == seat
               and any(R.may_enter(state, uid, board.name(n)) for n in board.neighbours(board.at(cell), cols))
               for cell, uid in state.pieces.items())


def has_winning_attack(state: DeathFrontState, seat: int) -> bool:
    """Some group of the seat's ready, supplied units beats the defence of an
    enemy card in all their ranges. The best groups are all the attackers
    that reach it, or only the orthogonally adjacent ones (Concealed adds 1
    against any attacker that is not adjacent); a group's attack only grows
    with its size."""
    side = R.side_of_seat(state, seat)
    enemy = {c for c, u in (*state.pieces.items(), *state.facilities.items()) if R.side_of(state, u) != side}
    if not enemy:
        return False
    reach: dict[str, list[str]] = {}
    for cell, uid in state.pieces.items():
        if not R.is_unit(uid) or R.seat_of(state, uid) != seat or not R.is_ready(state, uid):
            continue
        targets = [c for c in R.range_cells(state, cell, uid) if c in enemy]  # (a square with an enemy card)
        if targets and R.is_supplied(state, cell, uid):
            for target in targets:
                reach.setdefault(target, []).append(cell)
    for label, attackers in reach.items():
        first = R.target_uid(state, seat, label)
        assert first is not None  # the reach holds only cells with an enemy card
        uids = [first]
        piece, facility = state.pieces.get(label), state.facilities.get(label)
        if piece and facility and R.side_of(state, piece) != side and R.side_of(state, facility) != side:
            uids.append(facility)  # an attack on the facility under the enemy card (``B5F``)
        here = board.at(label)
        adjacent = [a for a in attackers if board.adjacent(here, board.at(a))]
        for target in uids:
            for group in (attackers, adjacent):
                if group and R.attack_total(state, group, target) > R.defence(state, target, label, group):
                    return True
    return False
