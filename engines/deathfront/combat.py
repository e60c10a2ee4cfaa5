"""The skill step and the attack step."""
from __future__ import annotations

from typing import Any

from engines.base import Event, GameEngine

from . import rules as R
from .changes import check_cell, destroy, hand_card, need_step, next_actor
from .messages import ev, illegal
from .models import Arrow, Attack, DeathFrontState, PendingAdvance, PlaySkill
from .skills import SKILLS


def play_skill(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: PlaySkill) -> list[Event]:
    need_step(state, "skill")
    uid = hand_card(state, seat, action.card)
    card = R.card(uid)
    if card.type != "skill":
        raise illegal("not_skill", card=card.name.en, card_id=card.id)
    events = [ev("skill", seat=seat, card=card.name.en, card_id=card.id)]
    effect = SKILLS[card.effect or ""]
    events += effect(state, seat, card, action.target)
    state.hands[seat].remove(uid)
    state.discards[seat].append(uid)
    next_actor(state, passed=False)
    return events


def attack(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Attack) -> list[Event]:
    need_step(state, "attack")
    if state.pending_advance is not None:
        raise illegal("advance_pending")
    check_cell(state, action.target)
    target = R.target_uid(state, seat, action.target, action.at_facility)
    if target is None:
        raise illegal("no_target", cell=action.target)
    if not action.attackers:
        raise illegal("no_attackers")
    if len(set(action.attackers)) != len(action.attackers):
        raise illegal("duplicate_attacker")
    for label in action.attackers:
        _check_attacker(state, seat, label, action.target)
    target_card = R.card(target)
    total = R.attack_total(state, action.attackers, target)
    defence = R.defence(state, target, action.target, action.attackers)
    destroyed = total > defence
    for label in action.attackers:
        state.exhausted.append(state.pieces[label])
    key = "attack_hit" if destroyed else "attack_miss"
    events = [
        ev(key, seat=seat, target_seat=R.seat_of(state, target), card=target_card.name.en, card_id=target_card.id,
           cell=action.target,
           attackers=", ".join(action.attackers), total=total, defence=defence)
    ]
    state.last = Arrow(kind="attack", seat=seat, sources=list(action.attackers), target=action.target,
                       total=total, defence=defence, destroyed=destroyed)
    if destroyed:
        destroy(state, target, action.target)
        if target_card.type == "unit":
            movers = [a for a in action.attackers if R.may_enter(state, state.pieces[a], action.target)]
            if movers:
                state.pending_advance = PendingAdvance(seat=seat, cell=action.target, candidates=movers)
                return events
    next_actor(state, passed=False)
    return events


def _check_attacker(state: DeathFrontState, seat: int, label: str, target: str) -> None:
    check_cell(state, label)
    uid = state.pieces.get(label)
    if uid is None or R.seat_of(state, uid) != seat or not R.is_unit(uid):
        raise illegal("not_your_unit", cell=label)
    if uid in state.exhausted:
        raise illegal("exhausted", cell=label)
    if uid in state.smoked:
        raise illegal("smoked", cell=label)
    if target not in R.range_cells(state, label, uid):
        raise illegal("out_of_range", cell=label, target=target)
    if not R.is_supplied(state, label, uid):
        raise illegal("not_supplied", cell=label, level=R.card(uid).level)
