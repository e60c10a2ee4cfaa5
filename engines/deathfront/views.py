"""Public and private views: hidden cards are left out by construction (the
public view has hand and deck sizes only; a private view one seat's hand)."""
from __future__ import annotations

from . import board
from . import rules as R
from .flow import own_step
from .models import (
    PHASE_OF_STEP,
    CardView,
    DeathFrontPrivateView,
    DeathFrontPublicView,
    DeathFrontState,
    PlayerView,
    TileView,
)


def card_view(uid: str) -> CardView:
    card = R.card(uid)
    pattern = R.CARDS.pattern(card.range) if card.range else ()
    return CardView(
        uid=uid, id=card.id, type=card.type, faction=card.faction, name=card.name.en, attack=card.attack,
        defence=card.defence, range=card.range, range_cells=list(pattern), level=card.level,
        keywords=list(card.keywords), anti_armour=card.anti_armour, supply=card.supply, effect=card.effect,
        targets=card.targets, bonus=card.bonus,
    )


def _tile(state: DeathFrontState, label: str, uid: str) -> TileView:
    return TileView(cell=label, card=card_view(uid), seat=R.seat_of(state, uid), side=R.side_of(state, uid),
                    exhausted=uid in state.exhausted, moved=uid in state.moved, smoked=uid in state.smoked)


def _player_view(state: DeathFrontState, s: int) -> PlayerView:
    """A seat as everyone sees it: a simultaneous choice not yet revealed
    shows as the seat was before choosing."""
    held = {e.key.rsplit(".", 1)[-1] for e in state.held_events if e.params.get("seat") == s}
    redrawn = 1 if "discard_draw" in held else 0
    return PlayerView(seat=s, name=state.names[s], faction=state.factions[s], side=R.side_of_seat(state, s),
                      hand_count=len(state.hands[s]), deck_count=len(state.decks[s]) + redrawn,
                      discard_count=len(state.discards[s]) - redrawn,
                      mulliganed=state.mulliganed[s] and "mulligan" not in held)


def public_view(state: DeathFrontState, to_act: list[int]) -> DeathFrontPublicView:
    return DeathFrontPublicView(
        players=state.players,
        columns=R.columns(state),
        rows=board.ROWS,
        round=state.round,
        round_limit=state.config.round_limit,
        phase=PHASE_OF_STEP[state.step],
        step=state.step,
        to_act=to_act,
        order=list(state.order),
        seats=[_player_view(state, s) for s in range(state.players)],
        tiles=[_tile(state, c, u) for c, u in sorted(state.pieces.items())],
        facilities=[_tile(state, c, u) for c, u in sorted(state.facilities.items())],
        territory=R.territory(state),
        pending_advance=state.pending_advance,
        end_vote=state.end_vote,
        last=state.last,
        result=state.result,
    )


def private_view(state: DeathFrontState, seat: int) -> DeathFrontPrivateView:
    return DeathFrontPrivateView(
        seat=seat,
        faction=state.factions[seat],
        side=R.side_of_seat(state, seat),
        hand=[card_view(u) for u in state.hands[seat]],
        deck_count=len(state.decks[seat]),
        can_mulligan=state.step == "mulligan" and seat in state.waiting and not state.mulliganed[seat],
        step=own_step(state, seat),
    )
