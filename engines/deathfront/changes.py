"""The small changes every step makes: drawing, a card entering a square
(minefields), destroying and discarding cards, the next actor, and the
checks the action handlers share. Skills use them as the steps do."""
from __future__ import annotations

from engines.base import Event

from . import board
from . import rules as R
from .messages import ev, illegal
from .models import HAND_LIMIT, DeathFrontState
from .parsing import resolve_card


def draw(state: DeathFrontState, seat: int) -> None:
    if state.decks[seat] and len(state.hands[seat]) < HAND_LIMIT:
        state.hands[seat].append(state.decks[seat].pop())


def enter(state: DeathFrontState, uid: str, label: str, events: list[Event]) -> bool:
    """Put ``uid`` on ``label``; an enemy minefield there destroys a unit
    (not an Engineer) and is spent. False if the card was destroyed."""
    if R.mine_hits(state, uid, label):
        mine = state.facilities[label]
        events.append(ev("mine", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id, cell=label,
                         mine_seat=R.seat_of(state, mine)))
        to_discard(state, uid)
        destroy(state, mine, label)
        return False
    state.pieces[label] = uid
    return True


def destroy(state: DeathFrontState, uid: str, label: str) -> None:
    if state.pieces.get(label) == uid:
        del state.pieces[label]
    elif state.facilities.get(label) == uid:
        del state.facilities[label]
    for lst in (state.exhausted, state.smoked):
        if uid in lst:
            lst.remove(uid)
    to_discard(state, uid)


def to_discard(state: DeathFrontState, uid: str) -> None:
    state.discards[R.seat_of(state, uid)].append(uid)


def hold(state: DeathFrontState, seat: int, event: Event) -> list[Event]:
    """A simultaneous choice stays hidden (no event, no trace in the
    public view) until every seat has chosen; see ``flow.reveal``."""
    state.waiting.remove(seat)
    state.held_events.append(event)
    return []


def next_actor(state: DeathFrontState, passed: bool) -> None:
    state.passes = state.passes + 1 if passed else 0
    state.actor = (state.actor + 1) % state.players


# ---- checks ----------------------------------------------------------------------------
def need_step(state: DeathFrontState, step: str) -> None:
    if state.step != step or (state.pending_advance is not None and step != "attack"):
        raise illegal("wrong_step")


def check_cell(state: DeathFrontState, label: str) -> board.Cell:
    cell = R.cell_of(label, state)
    if cell is None:
        raise illegal("bad_cell", cell=label)
    return cell


def hand_card(state: DeathFrontState, seat: int, ref: str) -> str:
    """A card in ``seat``'s hand by uid, card id (any copy) or name."""
    uid = resolve_card(state.hands[seat], ref)
    if uid is None:
        raise illegal("not_in_hand", card=ref)
    return uid
