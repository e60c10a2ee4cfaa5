"""A greedy AI: scores each candidate by a quick static look at the board
(supply, targets in range, enemy threat, depth into enemy territory) and
picks the best. A player with no card in hand at resolution ends the game
(territory decides), so it keeps two cards in hand through the deploy step
and one through the round, unless its side would win on territory now: then
it may play its last card on purpose. It places no facility an enemy
Engineer would remove, and never attacks without a win.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine

from . import board
from . import rules as R
from .cards import CardDef
from .flow import own_step
from .models import (
    AgreeEnd,
    Attack,
    DeathFrontState,
    DeclineEnd,
    Deploy,
    Discard,
    Keep,
    Move,
    Mulligan,
    Pass,
    PlaceFacility,
    PlaySkill,
    SkipDraw,
)
from .skills import barrage_cells, skill_options

HAND_RESERVE = 2


def kept_back(state: DeathFrontState, seat: int, cards: int) -> int:
    """Cards to keep in hand: an empty hand at resolution ends the game
    (``flow.out_of_cards``), so ``cards`` — none when ending now would win
    on territory (or, under ruleset 1, while the deck can refill the hand)."""
    if state.config.ruleset == 1:
        return 0 if state.decks[seat] else cards
    return 0 if territory_wins(state, seat) else cards


def territory_wins(state: DeathFrontState, seat: int) -> bool:
    """Would ``seat``'s side win if the game ended on territory now?"""
    held = R.territory(state)
    side = R.side_of_seat(state, seat)
    return held[side] > held[1 - side]


@dataclass
class Picture:
    """What the AI knows about the board for one decision."""

    side: int
    supply: dict[str, int]  # cell -> best friendly supply level
    threat: dict[str, int]  # cell -> summed attack of enemy units reaching it


def choose_action(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, rng: random.Random) -> BaseModel:
    side = R.side_of_seat(state, seat)
    if state.end_vote is not None:
        held = R.territory(state)
        return AgreeEnd() if held[side] >= held[1 - side] else DeclineEnd()
    step = own_step(state, seat)  # round 1's draw choice may come before the others' mulligan
    if step == "mulligan":
        return _mulligan_choice(state, seat)
    if step == "draw":
        return _draw_choice(state, seat)
    pic = picture(state, side)
    if state.pending_advance is not None:
        return _advance_choice(state, seat, pic)
    choice: BaseModel | None = None
    if state.step == "deploy":
        choice = _deploy_choice(state, seat, pic, rng)
    elif state.step == "facility" and len(state.hands[seat]) > kept_back(state, seat, 1):
        choice = _facility_choice(state, seat, pic)
    elif state.step == "skill" and len(state.hands[seat]) > kept_back(state, seat, 1):
        choice = _skill_choice(state, seat, pic)
    elif state.step == "attack":
        choice = _attack_choice(state, seat)
    return choice or Pass()


# ---- the picture ------------------------------------------------------------------------
def picture(state: DeathFrontState, side: int) -> Picture:
    cols = R.columns(state)
    supply: dict[str, int] = {}
    threat: dict[str, int] = {}
    for label, uid in state.pieces.items():
        card = R.card(uid)
        origin = board.at(label)
        owner_side = R.side_of(state, uid)
        if card.type == "resource" and owner_side == side:
            for c in board.cells_in_pattern(origin, R.CARDS.pattern(card.supply or ""), side, cols):
                name = board.name(c)
                supply[name] = max(supply.get(name, 0), card.level or 0)
        elif card.type == "unit" and owner_side != side:
            for name in R.range_cells(state, label, uid):
                threat[name] = threat.get(name, 0) + (card.attack or 0)
    return Picture(side=side, supply=supply, threat=threat)


def _card_value(uid: str) -> float:
    card = R.card(uid)
    if card.type == "unit":
        return (card.attack or 0) + (card.defence or 0)
    if card.type == "resource":
        return 4.0 + (card.level or 0)
    return 2.0


def _unit_score(state: DeathFrontState, pic: Picture, uid: str, label: str) -> float:
    """How good ``uid`` standing on ``label`` is for its side."""
    card = R.card(uid)
    row = board.at(label)[1]
    supplied = pic.supply.get(label, 0) >= (card.level or 1)
    score = 2.0 if supplied else -1.0
    origin = board.at(label)
    targets = 0.0
    for c in board.cells_in_pattern(origin, R.CARDS.pattern(card.range or ""), pic.side, R.columns(state)):
        other = state.pieces.get(board.name(c))
        if other and R.side_of(state, other) != pic.side:
            targets += _card_value(other)
    score += targets * (0.35 if supplied else 0.1)
    depth = board.enemy_depth(pic.side, row)
    if depth > 0:
        score += 2.0 * depth
    score += 0.3 * depth  # a little forward pressure everywhere
    danger = pic.threat.get(label, 0) - (card.defence or 0)
    if danger > 0:
        score -= 0.6 * _card_value(uid) + 0.3 * danger
    return score


def _resource_score(state: DeathFrontState, pic: Picture, uid: str, label: str, seat: int) -> float:
    card = R.card(uid)
    origin = board.at(label)
    cols = R.columns(state)
    covered = board.cells_in_pattern(origin, R.CARDS.pattern(card.supply or ""), pic.side, cols)
    score = 0.0
    own_rows = board.territory_rows(pic.side)
    for c in covered:
        name = board.name(c)
        gain: float = max(0, (card.level or 0) - pic.supply.get(name, 0))
        other = state.pieces.get(name)
        if other and R.is_unit(other) and R.side_of(state, other) == pic.side:
            gain *= 3
        elif c[1] in own_rows or c[1] == board.FRONT_ROW:
            gain *= 0.6
        score += gain
    for n in board.neighbours(origin, cols):
        other = state.pieces.get(board.name(n))
        if other and R.is_unit(other) and R.side_of(state, other) != pic.side:
            score -= 20
    if pic.threat.get(label, 0) > (card.defence or 0):
        score -= 4
    if board.enemy_depth(pic.side, origin[1]) > -1:
        score -= 3  # keep supplies out of the line of fire
    return score


# ---- choices by step -----------------------------------------------------------------------
def _mulligan_choice(state: DeathFrontState, seat: int) -> BaseModel:
    hand = state.hands[seat]
    units = sum(R.card(u).type == "unit" for u in hand)
    resources = sum(R.card(u).type == "resource" for u in hand)
    return Mulligan() if units < 3 or resources == 0 else Keep()


def _draw_choice(state: DeathFrontState, seat: int) -> BaseModel:
    hand = state.hands[seat]
    resources = sorted((u for u in hand if R.card(u).type == "resource"), key=lambda u: R.card(u).level or 0)
    if len(resources) > 3:
        return Discard(card=resources[0])
    return SkipDraw()


def _advance_choice(state: DeathFrontState, seat: int, pic: Picture) -> BaseModel:
    pa = state.pending_advance
    assert pa is not None
    best, best_gain = None, 0.5
    for label in pa.candidates:
        uid = state.pieces[label]
        gain = _unit_score(state, pic, uid, pa.cell) - _unit_score(state, pic, uid, label)
        if gain > best_gain:
            best, best_gain = label, gain
    return Move(from_cell=best, to_cell=pa.cell) if best else Pass()


def _deploy_choice(state: DeathFrontState, seat: int, pic: Picture, rng: random.Random) -> BaseModel | None:
    options = deploy_options(state, seat, pic)
    if not options:
        return None
    best = max(score for score, _ in options)
    if best <= 0:
        return None
    top = [action for score, action in options if score >= best - 1e-9]
    return rng.choice(top)


def deploy_options(state: DeathFrontState, seat: int, pic: Picture) -> list[tuple[float, BaseModel]]:
    """Every deploy and move of the step with the greedy AI's gain."""
    options: list[tuple[float, BaseModel]] = []
    hand = state.hands[seat]
    own_resources = [u for u in state.pieces.values()
                     if R.card(u).type == "resource" and R.side_of(state, u) == pic.side]
    if len(hand) > kept_back(state, seat, HAND_RESERVE):
        seen: set[str] = set()
        for uid in hand:
            card = R.card(uid)
            if card.type not in ("unit", "resource") or card.id in seen:
                continue
            seen.add(card.id)
            for label in R.deploy_cells(state, seat, uid):
                if card.type == "unit":
                    score = _unit_score(state, pic, uid, label) + 1.0
                else:
                    score = _resource_score(state, pic, uid, label, seat)
                    score += 6.0 if len(own_resources) < 2 else 0.0
                options.append((score, Deploy(card=uid, cell=label)))
    for label, uid in state.pieces.items():
        if R.seat_of(state, uid) != seat or uid in state.moved:
            continue
        if R.is_unit(uid):
            here = _unit_score(state, pic, uid, label)
            for dest, path in R.move_paths(state, seat, label).items():
                if any(R.mine_hits(state, uid, p) for p in path):
                    continue
                gain = _unit_score(state, pic, uid, dest) - here
                if board.enemy_depth(pic.side, board.at(dest)[1]) == 3 and pic.threat.get(dest, 0) <= (
                        R.card(uid).defence or 0):
                    gain += 10  # a breakthrough next round
                options.append((gain - 0.4, Move(from_cell=label, to_cell=dest)))
        else:
            here = _resource_score(state, pic, uid, label, seat)
            for dest in R.move_paths(state, seat, label):
                options.append((_resource_score(state, pic, uid, dest, seat) - here - 1.0,
                                Move(from_cell=label, to_cell=dest)))
    return options


def _facility_choice(state: DeathFrontState, seat: int, pic: Picture) -> BaseModel | None:
    cells = [c for c in R.facility_cells(state, seat) if not R.engineer_near(state, c, pic.side)]
    front = max(board.territory_rows(pic.side), key=lambda r: -abs(r - board.FRONT_ROW))
    for uid in R.hand_cards(state, seat, "facility"):
        effect = R.card(uid).effect
        if effect == "bunker":
            own = [c for c in cells
                   if (u := state.pieces.get(c)) and R.is_unit(u) and R.side_of(state, u) == pic.side]
            if own:
                return PlaceFacility(card=uid, cell=max(own, key=lambda c: (pic.threat.get(c, 0), c)))
        elif effect == "minefield":
            empty = [c for c in cells if c not in state.pieces and board.at(c)[1] == front]
            if empty:
                return PlaceFacility(card=uid, cell=sorted(empty)[len(empty) // 2])
        elif effect == "anti_tank":
            enemy_armour = [c for c, u in state.pieces.items()
                            if R.is_unit(u) and R.card(u).armoured and R.side_of(state, u) != pic.side]
            empty = [c for c in cells if c not in state.pieces and board.at(c)[1] == front]
            if enemy_armour and empty:
                return PlaceFacility(card=uid, cell=min(empty, key=lambda c: _distance(c, enemy_armour)))
    return None


def _distance(label: str, others: list[str]) -> int:
    a = board.at(label)
    return min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in map(board.at, others))


def _skill_choice(state: DeathFrontState, seat: int, pic: Picture) -> BaseModel | None:
    for uid in R.hand_cards(state, seat, "skill"):
        card = R.card(uid)
        if card.effect in ("air_strike", "barrage"):
            best, best_value = None, 3.5
            for option in skill_options(state, seat, uid):
                value = _strike_value(state, seat, card, option.target or "")
                if value > best_value:
                    best, best_value = option, value
            if best:
                return best
        elif card.effect == "supply_drop":
            drop_level = card.level or 0  # the card's level: a unit needing more stays unsupplied
            hungry = [c for c, u in state.pieces.items() if R.is_unit(u) and R.seat_of(state, u) == seat
                      and not R.is_supplied(state, c, u) and (R.card(u).level or 1) <= drop_level
                      and _has_target(state, seat, c, u)]
            if len(hungry) >= 2:
                return PlaySkill(card=uid)
        elif card.effect == "last_stand":
            bonus = card.bonus or 0  # saves a unit whose threat beats its defence by no more than this
            endangered = [c for c, u in state.pieces.items() if R.is_unit(u) and R.seat_of(state, u) == seat
                          and 0 < pic.threat.get(c, 0) - (R.card(u).defence or 0) <= bonus]
            if len(endangered) >= 2:
                return PlaySkill(card=uid)
        elif card.effect == "smoke":
            choice = _smoke_choice(state, pic, uid, card)
            if choice:
                return choice
        elif card.effect == "blitz":
            choice = _blitz_choice(state, seat, pic, uid, card)
            if choice:
                return choice
    return None


def _smoke_choice(state: DeathFrontState, pic: Picture, uid: str, card: CardDef) -> PlaySkill | None:
    """The enemy's strongest units with a target, as many as the card names
    (its ``targets``), when at least two strong ones (attack 3+) are there."""
    dangerous = sorted(
        ((R.card(u).attack or 0, c) for c, u in state.pieces.items()
         if R.is_unit(u) and R.side_of(state, u) != pic.side and _has_target(state, R.seat_of(state, u), c, u)),
        reverse=True,
    )
    chosen = [cell for attack, cell in dangerous[:card.targets or 1] if attack >= 3]
    if len(chosen) >= min(2, card.targets or 1):
        return PlaySkill(card=uid, target=",".join(sorted(chosen)))
    return None


def _blitz_choice(state: DeathFrontState, seat: int, pic: Picture, uid: str, card: CardDef) -> PlaySkill | None:
    """The best move of a unit if it gains enough, then more good moves of
    other units into other squares, as many as the card allows (``targets``)."""
    gains = []
    for option in skill_options(state, seat, uid):
        src, dst = (option.target or "").split(">")
        piece = state.pieces[src]
        if not R.mine_hits(state, piece, dst):
            gains.append((_unit_score(state, pic, piece, dst) - _unit_score(state, pic, piece, src), src, dst))
    gains.sort(reverse=True)
    if not gains or gains[0][0] <= 2.5:
        return None
    moves: list[tuple[str, str]] = []
    for gain, src, dst in gains:
        used = {c for move in moves for c in move}
        if len(moves) < (card.targets or 1) and gain > 1.0 and src not in used and dst not in used:
            moves.append((src, dst))
    return PlaySkill(card=uid, target=",".join(f"{src}>{dst}" for src, dst in moves))


def _has_target(state: DeathFrontState, seat: int, label: str, uid: str) -> bool:
    side = R.side_of_seat(state, seat)
    return any((o := state.pieces.get(c)) and R.side_of(state, o) != side
               for c in R.range_cells(state, label, uid))


def _strike_value(state: DeathFrontState, seat: int, skill: CardDef, target: str) -> float:
    side = R.side_of_seat(state, seat)
    cells = barrage_cells(state, target, skill) if skill.effect == "barrage" else [target.rstrip("F")]
    value = 0.0
    for label in cells:
        if skill.effect == "barrage":
            candidates = [state.pieces.get(label), state.facilities.get(label)]
        else:
            candidates = [R.target_uid(state, seat, label, target.endswith("F"))]
        for uid in candidates:
            if not uid or R.side_of(state, uid) == side:
                continue
            total = (skill.attack or 0) + (skill.anti_armour if R.card(uid).armoured else 0)
            if total > R.defence(state, uid, label, None):
                value += _card_value(uid)
    return value


def _attack_choice(state: DeathFrontState, seat: int) -> Attack | None:
    options = attack_options(state, seat)
    best, best_value = None, 0.0
    for value, attack in options:
        if value > best_value:
            best, best_value = attack, value
    return best


def attack_options(state: DeathFrontState, seat: int) -> list[tuple[float, Attack]]:
    """Per target, the fewest attackers that win, with the greedy AI's value."""
    side = R.side_of_seat(state, seat)
    out: list[tuple[float, Attack]] = []
    for label in R.attackable_targets(state, seat):
        target = R.target_uid(state, seat, label)
        assert target is not None  # an attackable target holds an enemy card
        attackers = R.ready_attackers(state, seat, label)
        group = R.fewest_winning(state, attackers, target, label)
        if not group:
            continue
        value = _card_value(target) - 0.5 * len(group)
        row = board.at(label)[1]
        if R.is_unit(target):
            depth = board.enemy_depth(1 - side, row)
            value += 4 * max(depth, 0) + (15 if depth == 3 else 0)
        out.append((value, Attack(target=label, attackers=group)))
    return out
