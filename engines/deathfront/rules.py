"""Pure rule queries over a state: ownership, supply, ranges, where cards may go.

Nothing here mutates the state; the engine and the autocomplete helpers share
these functions so the two never disagree.
"""
from __future__ import annotations

from collections.abc import Iterator

from . import board
from .board import Cell
from .cards import CardDef, default_cards, side_of_faction
from .models import DeathFrontState

CARDS = default_cards()
# Concealed (a keyword, not one card's number): defence against attackers that are not adjacent.
CONCEALED_BONUS = 1


def card(uid: str) -> CardDef:
    return CARDS.by_uid[uid]


def columns(state: DeathFrontState) -> int:
    return board.column_count(state.players)


def seat_of(state: DeathFrontState, uid: str) -> int:
    return state.factions.index(CARDS.by_uid[uid].faction)


def side_of_seat(state: DeathFrontState, seat: int) -> int:
    return side_of_faction(state.factions[seat])


def side_of(state: DeathFrontState, uid: str) -> int:
    return CARDS.side_by_uid[uid]


def is_unit(uid: str) -> bool:
    return CARDS.unit_by_uid[uid]


def cell_of(label: str, state: DeathFrontState) -> Cell | None:
    """A board cell from its label, or None when off this board."""
    cell = board.parse(label)
    return cell if cell is not None and board.on_board(cell, columns(state)) else None


def units_of_side(state: DeathFrontState, side: int) -> list[tuple[str, str]]:
    return [(c, u) for c, u in state.pieces.items() if is_unit(u) and side_of(state, u) == side]


def facility_effect(state: DeathFrontState, label: str) -> tuple[str, int] | None:
    """(effect, side) of the facility on a cell."""
    uid = state.facilities.get(label)
    return (card(uid).effect or "", side_of(state, uid)) if uid else None


# ---- supply --------------------------------------------------------------------
def supply_level(state: DeathFrontState, label: str, side: int) -> int:
    """Best level of a friendly resource supplying ``label``; levels never add up."""
    target = board.at(label)
    best = 0
    for rcell, uid in state.pieces.items():
        res = card(uid)
        if res.type != "resource" or side_of(state, uid) != side or (res.level or 0) <= best:
            continue
        origin = board.at(rcell)
        assert res.supply is not None
        if target in board.cells_in_pattern(origin, CARDS.pattern(res.supply), side, columns(state)):
            best = res.level or 0
    return best


def skill_card(state: DeathFrontState, seat: int, effect: str) -> CardDef | None:
    """The seat's deck's skill card with ``effect``: its numbers (a Supply
    Drop's level, a Last Stand's bonus) are the card data's."""
    faction = state.factions[seat]
    return next((d for d in CARDS.defs.values() if d.faction == faction and d.effect == effect), None)


def skill_number(state: DeathFrontState, seat: int, effect: str, field: str) -> int:
    skill = skill_card(state, seat, effect)
    return int(getattr(skill, field) or 0) if skill else 0


def is_supplied(state: DeathFrontState, label: str, uid: str) -> bool:
    level = supply_level(state, label, side_of(state, uid))
    if seat_of(state, uid) in state.supply_drop:  # levels never add up: the better one counts
        level = max(level, skill_number(state, seat_of(state, uid), "supply_drop", "level"))
    return level >= (card(uid).level or 1)


# ---- attacks -----------------------------------------------------------------
def range_cells(state: DeathFrontState, label: str, uid: str) -> list[str]:
    unit = card(uid)
    origin = board.at(label)
    assert unit.range is not None
    cells = board.cells_in_pattern(origin, CARDS.pattern(unit.range), side_of(state, uid), columns(state))
    return [board.name(c) for c in cells]


def is_ready(state: DeathFrontState, uid: str) -> bool:
    return uid not in state.exhausted and uid not in state.smoked


def target_uid(state: DeathFrontState, seat: int, label: str, at_facility: bool = False) -> str | None:
    """The enemy card an attack on ``label`` hits: the unit or resource there,
    or (``at_facility``, or when there is none) the enemy facility."""
    side = side_of_seat(state, seat)
    piece = state.pieces.get(label)
    if not at_facility and piece and side_of(state, piece) != side:
        return piece
    facility = state.facilities.get(label)
    if facility and side_of(state, facility) != side:
        if at_facility or not piece or side_of(state, piece) == side:
            return facility
    return None


def attack_bonus(attacker: CardDef, target: CardDef) -> int:
    return attacker.anti_armour if target.armoured else 0


def defence(state: DeathFrontState, target: str, label: str, attacker_cells: list[str] | None) -> int:
    """Defence of ``target`` on ``label``; ``attacker_cells`` None for a skill."""
    target_card = card(target)
    value = target_card.defence or 0
    if target_card.type != "unit":
        return value
    target_side = side_of(state, target)
    bunker = state.facilities.get(label)
    if bunker and card(bunker).effect == "bunker" and side_of(state, bunker) == target_side:
        value += card(bunker).bonus or 0
    if seat_of(state, target) in state.last_stand:
        value += skill_number(state, seat_of(state, target), "last_stand", "bonus")
    if target_card.has("concealed") and attacker_cells:
        here = board.at(label)
        if any(not board.adjacent(here, board.at(a)) for a in attacker_cells):
            value += CONCEALED_BONUS
    return value


def ready_attackers(state: DeathFrontState, seat: int, label: str) -> list[str]:
    """Cells of ``seat``'s ready, supplied units with ``label`` in range."""
    out = []
    for cell, uid in state.pieces.items():
        if (
            is_unit(uid)
            and seat_of(state, uid) == seat
            and is_ready(state, uid)
            and label in range_cells(state, cell, uid)
            and is_supplied(state, cell, uid)
        ):
            out.append(cell)
    return sorted(out)


def attackable_targets(state: DeathFrontState, seat: int) -> list[str]:
    """Cells holding an enemy card that at least one of ``seat``'s units can attack."""
    reach: set[str] = set()
    for cell, uid in state.pieces.items():
        mine = is_unit(uid) and seat_of(state, uid) == seat
        if mine and is_ready(state, uid) and is_supplied(state, cell, uid):
            reach.update(range_cells(state, cell, uid))
    return sorted(c for c in reach if target_uid(state, seat, c) is not None)


def attack_total(state: DeathFrontState, attackers: list[str], target: str) -> int:
    target_card = card(target)
    return sum(
        (card(state.pieces[a]).attack or 0) + attack_bonus(card(state.pieces[a]), target_card)
        for a in attackers
    )


def fewest_winning(state: DeathFrontState, attackers: list[str], target: str, label: str) -> list[str] | None:
    """Strongest-first greedy: the fewest attackers whose sum beats the defence."""
    ranked = sorted(
        attackers,
        key=lambda a: -attack_total(state, [a], target),
    )
    chosen: list[str] = []
    for a in ranked:
        chosen.append(a)
        if attack_total(state, chosen, target) > defence(state, target, label, chosen):
            return sorted(chosen)
    return None


# ---- entering squares ---------------------------------------------------------
def may_enter(state: DeathFrontState, uid: str, label: str) -> bool:
    """May the card ``uid`` step onto ``label`` (ignoring distance)?"""
    if label in state.pieces:
        return False
    piece = card(uid)
    facility = facility_effect(state, label)
    if piece.armoured and facility and facility[0] == "anti_tank":
        return False
    cell = board.at(label)
    owner_side = side_of(state, uid)
    if piece.has("indirect") and board.territory_of(cell[1]) not in (None, owner_side):
        return False
    return True


def deploy_cells(state: DeathFrontState, seat: int, uid: str) -> list[str]:
    return list(iter_deploy_cells(state, seat, uid))


def may_deploy(state: DeathFrontState, seat: int, uid: str, label: str) -> bool:
    """Is ``label`` one of ``deploy_cells`` (without listing them all)?"""
    cell = board.parse(label)
    if cell is None or board.name(cell) != label:
        return False
    x, row = cell
    return 0 <= x < columns(state) and row in _deploy_rows(state, seat, uid) and may_enter(state, uid, label)


def _deploy_rows(state: DeathFrontState, seat: int, uid: str) -> list[int]:
    piece = card(uid)
    rows = list(board.territory_rows(side_of_seat(state, seat)))
    if piece.has("airborne") or piece.has("infiltrate"):
        rows.append(board.FRONT_ROW)
    return rows


def iter_deploy_cells(state: DeathFrontState, seat: int, uid: str) -> Iterator[str]:
    """The squares ``uid`` may be deployed on, one by one (``any`` stops at the first)."""
    for row in _deploy_rows(state, seat, uid):
        for x in range(columns(state)):
            label = board.name((x, row))
            if may_enter(state, uid, label):
                yield label


def move_paths(state: DeathFrontState, seat: int, from_label: str) -> dict[str, list[str]]:
    """Destinations of the card on ``from_label`` -> the squares entered on the
    way (Fast units go two squares; a path round an enemy mine is preferred)."""
    uid = state.pieces.get(from_label)
    if uid is None or seat_of(state, uid) != seat or uid in state.moved:
        return {}
    start = board.at(from_label)
    steps = 2 if card(uid).has("fast") else 1
    paths: dict[str, list[str]] = {}
    frontier: list[tuple[Cell, list[str]]] = [(start, [])]
    for _ in range(steps):
        nxt = []
        for cell, path in frontier:
            for n in board.neighbours(cell, columns(state)):
                label = board.name(n)
                if label == from_label or not may_enter(state, uid, label):
                    continue
                new_path = path + [label]
                known = paths.get(label)
                if known is None or _mine_count(state, uid, known) > _mine_count(state, uid, new_path):
                    paths[label] = new_path
                nxt.append((n, new_path))
        frontier = nxt
    return paths


def _mine_count(state: DeathFrontState, uid: str, path: list[str]) -> int:
    return sum(1 for label in path if mine_hits(state, uid, label))


def mine_hits(state: DeathFrontState, uid: str, label: str) -> bool:
    """Does an enemy minefield on ``label`` destroy ``uid`` entering it?"""
    facility = facility_effect(state, label)
    piece = card(uid)
    return bool(
        facility
        and facility[0] == "minefield"
        and facility[1] != side_of(state, uid)
        and piece.type == "unit"
        and not piece.has("engineer")
    )


def facility_cells(state: DeathFrontState, seat: int) -> list[str]:
    return list(iter_facility_cells(state, seat))


def iter_facility_cells(state: DeathFrontState, seat: int) -> Iterator[str]:
    side = side_of_seat(state, seat)
    for row in board.territory_rows(side):
        for x in range(columns(state)):
            label = board.name((x, row))
            piece = state.pieces.get(label)
            if label not in state.facilities and (piece is None or side_of(state, piece) == side):
                yield label


def engineer_near(state: DeathFrontState, label: str, side: int) -> bool:
    """An Engineer of the side other than ``side`` on ``label`` or orthogonally
    next to it: a facility of ``side`` there is removed when the deployment
    phase completes."""
    near = [label] + [board.name(n) for n in board.neighbours(board.at(label), columns(state))]
    return any((o := state.pieces.get(c)) is not None and card(o).has("engineer") and side_of(state, o) != side
               for c in near)


def territory(state: DeathFrontState) -> list[int]:
    """Squares of the enemy territory occupied by each side's units."""
    held = [0, 0]
    for label, uid in state.pieces.items():
        if not is_unit(uid):
            continue
        side = side_of(state, uid)
        row = board.at(label)[1]
        if board.territory_of(row) == 1 - side:
            held[side] += 1
    return held


def hand_cards(state: DeathFrontState, seat: int, card_type: str) -> list[str]:
    return [u for u in state.hands[seat] if card(u).type == card_type]

