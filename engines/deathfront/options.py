"""The options of the seat to act in an action step, as ``legal_actions``
lists them: one copy per card kind, skills as ``skills.skill_options``
offers them, and per attack target all ready attackers, each alone and the
fewest that win. (Whether the seat has anything to do at all is
``able.can_do_something``: cheaper than listing.)"""
from __future__ import annotations

from pydantic import BaseModel

from . import rules as R
from .choices import one_per_kind
from .models import Attack, DeathFrontState, Deploy, Move, PlaceFacility
from .skills import skill_options


def step_actions(state: DeathFrontState, seat: int) -> list[BaseModel]:
    out: list[BaseModel] = []
    if state.step == "deploy":
        for uid in one_per_kind(state, seat, ("unit", "resource")):
            out += [Deploy(card=uid, cell=c) for c in R.deploy_cells(state, seat, uid)]
        for cell, uid in list(state.pieces.items()):
            if R.seat_of(state, uid) == seat:
                out += [Move(from_cell=cell, to_cell=t) for t in R.move_paths(state, seat, cell)]
    elif state.step == "facility":
        cells = R.facility_cells(state, seat)
        for uid in one_per_kind(state, seat, ("facility",)):
            out += [PlaceFacility(card=uid, cell=c) for c in cells]
    elif state.step == "skill":
        for uid in one_per_kind(state, seat, ("skill",)):
            out += skill_options(state, seat, uid)
    elif state.step == "attack":
        for target in R.attackable_targets(state, seat):
            out += attack_options(state, seat, target)
    return out


def attack_options(state: DeathFrontState, seat: int, target: str) -> list[Attack]:
    attackers = R.ready_attackers(state, seat, target)
    if not attackers:
        return []
    options = [attackers] + [[a] for a in attackers]
    uid = R.target_uid(state, seat, target)
    assert uid is not None
    fewest = R.fewest_winning(state, attackers, uid, target)
    if fewest:
        options.append(fewest)
    seen: set[tuple[str, ...]] = set()
    out: list[Attack] = []
    for group in options:
        key = tuple(sorted(group))
        if key not in seen:
            seen.add(key)
            out.append(Attack(target=target, attackers=list(key)))
    piece, facility = state.pieces.get(target), state.facilities.get(target)
    if piece and facility and R.side_of(state, facility) != R.side_of_seat(state, seat) and \
            R.side_of(state, piece) != R.side_of_seat(state, seat):
        out.append(Attack(target=target, attackers=attackers, at_facility=True))
    return out
