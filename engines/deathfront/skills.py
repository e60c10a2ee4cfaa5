"""Skill cards: one function per effect, plus the options the AI and the
autocomplete offer. Skill text beats the general rules (e.g. Blitz moves a
unit that already moved this round)."""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from engines.base import Event

from . import board
from . import rules as R
from .cards import CardDef
from .changes import destroy, enter
from .messages import ev, illegal
from .models import Arrow, DeathFrontState, PlaySkill
from .parsing import parse_cells, parse_moves, parse_target


def _strike(state: DeathFrontState, seat: int, skill: CardDef, target: str,
            label: str) -> Event:
    """Attack ``target`` on ``label`` with the skill's attack (Concealed does not help)."""
    target_card = R.card(target)
    total = (skill.attack or 0) + (skill.anti_armour if target_card.armoured else 0)
    defence = R.defence(state, target, label, None)
    destroyed = total > defence
    event = ev("skill_hit" if destroyed else "skill_miss", seat=seat, skill=skill.name.en, skill_id=skill.id,
                target_seat=R.seat_of(state, target), card=target_card.name.en, card_id=target_card.id,
                cell=label, total=total, defence=defence)
    if destroyed:
        destroy(state, target, label)
    return event


def air_strike(state: DeathFrontState, seat: int, skill: CardDef,
               text: str | None) -> list[Event]:
    parsed = parse_target(text or "", R.columns(state))
    if parsed is None:
        raise illegal("skill_needs_target")
    label, at_facility = parsed
    target = R.target_uid(state, seat, label, at_facility)
    if target is None:
        raise illegal("no_target", cell=label)
    event = _strike(state, seat, skill, target, label)
    state.last = Arrow(kind="skill", seat=seat, sources=[], target=label, total=event.params["total"],
                       defence=event.params["defence"], destroyed=event.key.endswith("hit"))
    return [event]


def barrage_cells(state: DeathFrontState, centre: str, skill: CardDef) -> list[str]:
    """The skill's ``targets`` squares of one row around ``centre`` (3: the
    centre and one each side), shifted to stay on the board."""
    x, row = board.at(centre)
    cols = R.columns(state)
    width = min(skill.targets or 1, cols)
    start = min(max(x - (width - 1) // 2, 0), cols - width)
    return [board.name((c, row)) for c in range(start, start + width)]


def barrage(state: DeathFrontState, seat: int, skill: CardDef,
            text: str | None) -> list[Event]:
    parsed = parse_target(text or "", R.columns(state))
    if parsed is None:
        raise illegal("skill_needs_target")
    side = R.side_of_seat(state, seat)
    events = []
    for label in barrage_cells(state, parsed[0], skill):
        for uid in (state.pieces.get(label), state.facilities.get(label)):
            if uid and R.side_of(state, uid) != side:
                events.append(_strike(state, seat, skill, uid, label))
    state.last = Arrow(kind="skill", seat=seat, sources=[], target=parsed[0])
    return events


def supply_drop(state: DeathFrontState, seat: int, skill: CardDef,
                text: str | None) -> list[Event]:
    state.supply_drop.append(seat)
    return [ev("supply_drop", seat=seat, level=skill.level)]


def last_stand(state: DeathFrontState, seat: int, skill: CardDef,
               text: str | None) -> list[Event]:
    state.last_stand.append(seat)
    return [ev("last_stand", seat=seat, bonus=skill.bonus)]


def smoke(state: DeathFrontState, seat: int, skill: CardDef,
          text: str | None) -> list[Event]:
    cells = parse_cells(text or "", R.columns(state))
    most = skill.targets or 1
    if not cells or len(cells) > most or len(set(cells)) != len(cells):
        raise illegal("skill_targets", most=most)
    side = R.side_of_seat(state, seat)
    for label in cells:
        uid = state.pieces.get(label)
        if uid is None or not R.is_unit(uid) or R.side_of(state, uid) == side:
            raise illegal("not_enemy_unit", cell=label)
    state.smoked += [state.pieces[c] for c in cells]
    return [ev("smoke", seat=seat, cells=", ".join(cells))]


def blitz(state: DeathFrontState, seat: int, skill: CardDef,
          text: str | None) -> list[Event]:
    moves = parse_moves(text or "", R.columns(state))
    most = skill.targets or 1
    if not moves or len(moves) > most:
        raise illegal("skill_targets", most=most)
    events: list[Event] = []
    movers: set[str] = set()
    for src, dst in moves:
        uid = state.pieces.get(src)
        if uid is None or not R.is_unit(uid) or R.seat_of(state, uid) != seat or uid in movers:
            raise illegal("not_your_unit", cell=src)
        if not board.adjacent(board.at(src), board.at(dst)) or not R.may_enter(state, uid, dst):
            raise illegal("cannot_enter", cell=dst)
        movers.add(uid)
        del state.pieces[src]
        events.append(ev("blitz_move", seat=seat, card=R.card(uid).name.en, card_id=R.card(uid).id, from_cell=src, to_cell=dst))
        enter(state, uid, dst, events)
        state.last = Arrow(kind="move", seat=seat, sources=[src], target=dst)
    return events


# effect -> (state, seat, the skill card, the target text) -> events
SKILLS: dict[str, Callable[[DeathFrontState, int, CardDef, str | None], list[Event]]] = {
    "air_strike": air_strike,
    "barrage": barrage,
    "supply_drop": supply_drop,
    "last_stand": last_stand,
    "smoke": smoke,
    "blitz": blitz,
}


# ---- options --------------------------------------------------------------------------
def _enemy_cells(state: DeathFrontState, seat: int, units_only: bool = False) -> list[str]:
    side = R.side_of_seat(state, seat)
    cells = {c for c, u in state.pieces.items()
             if R.side_of(state, u) != side and (R.is_unit(u) or not units_only)}
    if not units_only:
        cells |= {c for c, u in state.facilities.items() if R.side_of(state, u) != side}
    return sorted(cells)


def skill_targets(state: DeathFrontState, seat: int, uid: str) -> list[str]:
    """Cells worth offering as a skill's target (autocomplete)."""
    effect = R.card(uid).effect
    if effect in ("air_strike", "barrage"):
        return _enemy_cells(state, seat)
    if effect == "smoke":
        return _enemy_cells(state, seat, units_only=True)
    if effect == "blitz":
        return [f"{c}>{d}" for c, u in sorted(state.pieces.items())
                if R.is_unit(u) and R.seat_of(state, u) == seat
                for d in (board.name(n) for n in board.neighbours(board.at(c), R.columns(state)))
                if R.may_enter(state, u, d)]
    return []


def skill_options(state: DeathFrontState, seat: int, uid: str) -> list[PlaySkill]:
    """Legal uses of a skill card: every target for strikes and Barrage, every
    group of up to its ``targets`` enemy units for Smoke, every single move
    for Blitz."""
    effect = R.card(uid).effect
    if effect in ("supply_drop", "last_stand"):
        return [PlaySkill(card=uid)]
    if effect == "air_strike":
        out = []
        for label in _enemy_cells(state, seat):
            out.append(PlaySkill(card=uid, target=label))
            piece, facility = state.pieces.get(label), state.facilities.get(label)
            side = R.side_of_seat(state, seat)
            if piece and facility and R.side_of(state, piece) != side and R.side_of(state, facility) != side:
                out.append(PlaySkill(card=uid, target=label + "F"))
        return out
    if effect == "barrage":
        enemy = set(_enemy_cells(state, seat))
        skill = R.card(uid)
        width = min(skill.targets or 1, R.columns(state))
        centres = set()
        for row in range(1, board.ROWS + 1):
            for start in range(R.columns(state) - width + 1):  # each stretch of the row once
                centre = board.name((start + (width - 1) // 2, row))
                if enemy & set(barrage_cells(state, centre, skill)):
                    centres.add(centre)
        return [PlaySkill(card=uid, target=c) for c in sorted(centres)]
    if effect == "smoke":
        units = _enemy_cells(state, seat, units_only=True)
        most = R.card(uid).targets or 1
        groups = [list(g) for n in range(1, most + 1) for g in combinations(units, n)]
        return [PlaySkill(card=uid, target=",".join(g)) for g in groups]
    if effect == "blitz":
        return [PlaySkill(card=uid, target=t) for t in skill_targets(state, seat, uid)]
    return []
