"""Shared helpers for the Death Front tests: build small positions by hand.

Cards are taken from their owner's deck, so card counts stay conserved."""
from __future__ import annotations

from collections import Counter

from engines.base import SeatInfo
from engines.deathfront import DeathFrontConfig, DeathFrontEngine, DeathFrontState
from engines.deathfront import rules as R
from engines.deathfront.engine import action_order

ENGINE = DeathFrontEngine()


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}") for i in range(n)]


def new_game(players: int = 2, factions: list[str] | None = None, seed: int = 1,
             round_limit: int = 30) -> DeathFrontState:
    config = DeathFrontConfig(players=players, factions=factions, round_limit=round_limit)
    return ENGINE.new_game(config, seats(players), seed)


def empty_position(players: int = 2, factions: list[str] | None = None, step: str = "deploy",
                   seed: int = 1) -> DeathFrontState:
    """Round 1 at ``step``, every card back in its deck, nobody's turn skipped."""
    state = new_game(players, factions, seed)
    for seat in range(players):
        state.decks[seat] += state.hands[seat]
        state.hands[seat] = []
    state.waiting = []
    state.round = 1
    state.step = step  # type: ignore[assignment]
    state.order = action_order(state.factions, 1)
    state.actor, state.passes = 0, 0
    return state


def _take(state: DeathFrontState, card_id: str) -> tuple[str, int]:
    seat = state.factions.index(R.CARDS.defs[card_id].faction)
    for pile in (state.decks[seat], state.hands[seat]):
        for uid in pile:
            if R.card(uid).id == card_id:
                pile.remove(uid)
                return uid, seat
    raise AssertionError(f"no {card_id} left in the deck or hand")


def put(state: DeathFrontState, cell: str, card_id: str) -> str:
    """Place a copy of ``card_id`` on the board (unit/resource or facility)."""
    uid, seat = _take(state, card_id)
    if R.card(uid).type == "facility":
        state.facilities[cell] = uid
    else:
        state.pieces[cell] = uid
        if R.is_unit(uid):
            state.had_units[R.side_of(state, uid)] = True
    return uid


def give(state: DeathFrontState, card_id: str) -> str:
    uid, seat = _take(state, card_id)
    state.hands[seat].append(uid)
    return uid


def fill_hands(state: DeathFrontState, count: int = 3) -> None:
    """Give each player ``count`` cards from the deck so no hand is empty."""
    for seat in range(state.players):
        for _ in range(count):
            state.hands[seat].append(state.decks[seat].pop())


def all_cards(state: DeathFrontState) -> Counter:
    counter: Counter = Counter()
    for seat in range(state.players):
        counter.update(state.decks[seat])
        counter.update(state.hands[seat])
        counter.update(state.discards[seat])
    counter.update(state.pieces.values())
    counter.update(state.facilities.values())
    counter.update(state.frontline)
    return counter


def expected_cards(state: DeathFrontState) -> Counter:
    counter: Counter = Counter()
    for faction in state.factions:
        counter.update(R.CARDS.decks[faction])
    counter.update(R.CARDS.frontline[: R.columns(state)])
    return counter


def act(state: DeathFrontState, seat: int, action):
    return ENGINE.apply(state, seat, action)


def play_out(state: DeathFrontState, seed: int = 0, limit: int = 5000) -> DeathFrontState:
    import random

    rng = random.Random(seed)
    for _ in range(limit):
        if ENGINE.is_over(state):
            return state
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    raise AssertionError("game did not end")
