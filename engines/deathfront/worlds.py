"""What one Death Front seat cannot see: the order of its own deck, and for
every other seat its hand, its deck and the cards it discarded face down.
Each seat's cards are pooled separately (decks are per faction)."""
from __future__ import annotations

import random

from engines.base import Rng
from engines.search.worlds import redeal

from .models import DeathFrontState


def _secret_discards(state: DeathFrontState, seat: int) -> list[str]:
    while len(state.secret_discards) < state.players:
        state.secret_discards.append([])
    return state.secret_discards[seat]


def _deal(state: DeathFrontState, seat: int, rng: random.Random | None) -> None:
    """Redeal ``seat``'s unseen cards; the face-down discards stay in its
    discard pile, whose other cards were seen."""
    secret = _secret_discards(state, seat)
    public_discards = list(state.discards[seat])
    for uid in secret:
        public_discards.remove(uid)
    redeal([state.hands[seat], state.decks[seat], secret], rng)
    state.discards[seat] = public_discards + list(secret)


def _redact(state: DeathFrontState, seat: int, rng: random.Random | None) -> None:
    own_deck = state.decks[seat]
    if rng is None:
        own_deck.sort()
    else:
        rng.shuffle(own_deck)
    for other in range(state.players):
        if other != seat:
            _deal(state, other, rng)


def information_state(state: DeathFrontState, seat: int) -> DeathFrontState:
    work = DeathFrontState.model_validate(state.model_dump())
    _redact(work, seat, None)
    work.rng = Rng(seed=0)
    return work


def sample_world(info: DeathFrontState, seat: int, rng: random.Random) -> DeathFrontState:
    work = DeathFrontState.model_validate(info.model_dump())
    _redact(work, seat, rng)
    work.rng = Rng(seed=rng.getrandbits(63))
    return work
