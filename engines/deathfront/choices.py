"""What a player may pick next when building a Death Front action by
clicking: cards with somewhere to go, the cells they may go to, targets and
the attackers that reach them, and the sum of an attack against the defence.
Pure queries over a state (engines/deathfront/rules.py does the rules)."""
from __future__ import annotations

from . import rules as R
from .models import DeathFrontState
from .parsing import resolve_card
from .skills import skill_options

CARD_SPENDING = ("deploy", "facility", "skill")  # the actions that take a card from the hand


def one_per_kind(state: DeathFrontState, seat: int, types: tuple[str, ...] | None = None) -> list[str]:
    """The first copy of each card kind in the hand (optionally of some types)."""
    seen: dict[str, str] = {}
    for uid in state.hands[seat]:
        card = R.card(uid)
        if (types is None or card.type in types) and card.id not in seen:
            seen[card.id] = uid
    return list(seen.values())


def deployable(state: DeathFrontState, seat: int) -> list[str]:
    """Units and resources of the hand that have a free cell to go to."""
    return [u for u in one_per_kind(state, seat, ("unit", "resource")) if R.deploy_cells(state, seat, u)]


def movable(state: DeathFrontState, seat: int) -> list[str]:
    """Cells of the seat's cards that may still move this round."""
    return sorted(c for c, u in state.pieces.items()
                  if R.seat_of(state, u) == seat and u not in state.moved and R.move_paths(state, seat, c))


def move_targets(state: DeathFrontState, seat: int, from_cell: str) -> list[str]:
    uid = state.pieces.get(from_cell)
    if uid is None or R.seat_of(state, uid) != seat or uid in state.moved:
        return []
    return sorted(R.move_paths(state, seat, from_cell))


def facilities(state: DeathFrontState, seat: int) -> list[str]:
    return one_per_kind(state, seat, ("facility",)) if R.facility_cells(state, seat) else []


def skills(state: DeathFrontState, seat: int) -> list[str]:
    """Skill cards that have at least one legal use now."""
    return [u for u in one_per_kind(state, seat, ("skill",)) if skill_options(state, seat, u)]


def skill_targets(state: DeathFrontState, seat: int, uid: str) -> list[str | None]:
    """Targets of one use of the skill (None: the skill needs no target).
    Smoke Screen's pairs are left out: the builder picks one or two cells."""
    options = skill_options(state, seat, uid)
    targets = [o.target for o in options]
    if R.card(uid).effect == "smoke":
        return [t for t in targets if t and "," not in t]
    return targets


def attack_targets(state: DeathFrontState, seat: int) -> list[str]:
    """Cells to attack; ``B5F`` is the enemy facility under an enemy card."""
    side = R.side_of_seat(state, seat)
    out = []
    for cell in R.attackable_targets(state, seat):
        out.append(cell)
        piece, facility = state.pieces.get(cell), state.facilities.get(cell)
        if piece and facility and R.side_of(state, piece) != side and R.side_of(state, facility) != side:
            out.append(cell + "F")
    return out


def split_target(target: str) -> tuple[str, bool]:
    """``B5F`` → (``B5``, True): the cell and whether the facility is meant."""
    return (target[:-1], True) if target.endswith("F") else (target, False)


def attackers_for(state: DeathFrontState, seat: int, target: str) -> list[str]:
    return R.ready_attackers(state, seat, split_target(target)[0])


def attack_odds(state: DeathFrontState, seat: int, target: str, attackers: list[str]) -> tuple[int, int] | None:
    """(summed attack, defence) of ``attackers`` against ``target``; the
    attack destroys the target when the sum is greater."""
    label, at_facility = split_target(target)
    uid = R.target_uid(state, seat, label, at_facility)
    if uid is None or not attackers or any(a not in state.pieces for a in attackers):
        return None
    return R.attack_total(state, attackers, uid), R.defence(state, uid, label, attackers)


def discardable(state: DeathFrontState, seat: int) -> list[str]:
    return one_per_kind(state, seat)


def plays_last_card(state: DeathFrontState, seat: int, action: object) -> bool:
    """Would ``action`` leave ``seat`` no card in hand, so that the game ends
    at this round's resolution (decision 12; ruleset 1: only with the deck
    empty too)? The front ends ask the player to confirm such a move."""
    hand = state.hands[seat] if 0 <= seat < len(state.hands) else []
    if len(hand) != 1 or getattr(action, "kind", None) not in CARD_SPENDING:
        return False
    if state.config.ruleset == 1 and state.decks[seat]:
        return False
    return resolve_card(hand, str(getattr(action, "card", ""))) is not None
