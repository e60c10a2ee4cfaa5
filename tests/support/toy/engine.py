"""Take-away: the rules of the tests' fourth game.

A public pile of counters; each of two seats holds a small hidden hand of
number cards, all different (1..``cards``). On your turn play a card of
your hand to take that many counters (never more than remain), then draw a
replacement while the deck lasts. Who takes the last counter wins; a player
to act who holds no card small enough loses."""
from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, Field, TypeAdapter

from engines.base import Event, GameEngine, IllegalAction, Result, Rng, SeatInfo


class ToyConfig(BaseModel):
    pile: int = Field(15, ge=1, le=60)
    cards: int = Field(9, ge=6, le=20)  # the deck holds one card of each number 1..cards
    hand_size: int = Field(3, ge=1, le=3)


class Take(BaseModel):
    kind: Literal["take"] = "take"
    card: int


class ToyState(BaseModel):
    config: ToyConfig
    names: list[str]
    pile: int
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]  # the cards each seat played, in order (public)
    turn: int = 0
    winner: int | None = None
    reason: str = ""
    rng: Rng


class ToyPublicView(BaseModel):
    names: list[str]
    pile: int
    start: int
    played: list[list[int]]
    hand_counts: list[int]
    deck_count: int
    turn: int | None
    winner: int | None


class ToyPrivateView(BaseModel):
    seat: int
    hand: list[int]
    pile: int
    your_turn: bool


def can_move(state: ToyState, seat: int) -> bool:
    return any(card <= state.pile for card in state.hands[seat])


class ToyEngine(GameEngine[ToyConfig, ToyState]):
    game_type = "toy"
    config_model = ToyConfig
    state_model = ToyState
    action_adapter = TypeAdapter(Take)

    def seat_range(self, config: ToyConfig) -> tuple[int, int]:
        return 2, 2

    def new_game(self, config: ToyConfig, seats: list[SeatInfo], seed: int) -> ToyState:
        rng = Rng(seed=seed)
        deck = list(range(1, config.cards + 1))
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(config.hand_size)) for _ in seats]
        state = ToyState(config=config, names=[s.name for s in seats], pile=config.pile, deck=deck,
                         hands=hands, played=[[] for _ in seats], rng=rng)
        if not can_move(state, 0):
            state.winner, state.reason = 1, "toy.end.stuck"
        return state

    def to_act(self, state: ToyState) -> list[int]:
        return [] if state.winner is not None else [state.turn]

    def legal_actions(self, state: ToyState, seat: int) -> list[BaseModel]:
        if seat not in self.to_act(state):
            return []
        return [Take(card=card) for card in state.hands[seat] if card <= state.pile]

    def _apply(self, state: ToyState, seat: int, action: BaseModel) -> list[Event]:
        assert isinstance(action, Take)
        if seat not in self.to_act(state):
            raise IllegalAction("toy.err.not_turn")
        if action.card not in state.hands[seat]:
            raise IllegalAction("toy.err.not_in_hand", card=action.card)
        if action.card > state.pile:
            raise IllegalAction("toy.err.too_many", card=action.card, pile=state.pile)
        state.hands[seat].remove(action.card)
        state.played[seat].append(action.card)
        state.pile -= action.card
        events = [Event(key="toy.log.took", params={"seat": seat, "card": action.card, "left": state.pile})]
        if state.deck:
            state.hands[seat] = sorted(state.hands[seat] + [state.deck.pop()])
        other = 1 - seat
        if state.pile == 0:
            state.winner, state.reason = seat, "toy.end.last"
        elif not can_move(state, other):
            state.winner, state.reason = seat, "toy.end.stuck"
            events.append(Event(key="toy.log.stuck", params={"seat": other}))
        else:
            state.turn = other
        return events

    def result(self, state: ToyState) -> Result | None:
        if state.winner is None:
            return None
        return Result(ranks=[1 if s == state.winner else 2 for s in range(2)],
                      scores=[float(sum(p)) for p in state.played], reason=state.reason)

    def public_view(self, state: ToyState) -> ToyPublicView:
        return ToyPublicView(names=state.names, pile=state.pile, start=state.config.pile, played=state.played,
                             hand_counts=[len(h) for h in state.hands], deck_count=len(state.deck),
                             turn=self.to_act(state)[0] if self.to_act(state) else None, winner=state.winner)

    def private_view(self, state: ToyState, seat: int) -> ToyPrivateView:
        return ToyPrivateView(seat=seat, hand=sorted(state.hands[seat]), pile=state.pile,
                              your_turn=seat in self.to_act(state))

    def hidden_hand(self, state: ToyState, seat: int) -> list[int]:
        return sorted(state.hands[seat])

    def ai_action(self, state: ToyState, seat: int, rng: random.Random | None) -> BaseModel:
        """Take the last counter if it can; else leave a multiple of 4; else the smallest card."""
        cards = [card for card in state.hands[seat] if card <= state.pile]
        best = next((c for c in cards if c == state.pile), None) \
            or next((c for c in cards if (state.pile - c) % 4 == 0), None) or min(cards)
        return Take(card=best)
