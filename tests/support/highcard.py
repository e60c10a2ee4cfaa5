"""A tiny test-only game with hidden hands, to drive the platform.

Each seat holds ``hand_size`` cards from a 1..20 deck and plays one per turn
(drawing a replacement while the deck lasts); the highest sum of played cards
wins. With ``teams`` (4 seats) seats 0+2 and 1+3 add up their sums."""
from __future__ import annotations

import random
from typing import Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, TypeAdapter

from engines.base import Event, GameEngine, IllegalAction, Renderer, Result, Rng, SeatInfo
from render.common import font, to_png


class HighcardConfig(BaseModel):
    hand_size: int = 3
    deck_size: int = 12
    teams: bool = False


class Play(BaseModel):
    kind: Literal["play"] = "play"
    card: int


class HighcardState(BaseModel):
    config: HighcardConfig
    deck: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    turn: int
    rng: Rng


class PublicView(BaseModel):
    played: list[list[int]]
    hand_counts: list[int]
    deck_count: int
    turn: int | None


class PrivateView(BaseModel):
    seat: int
    hand: list[int]
    your_turn: bool = False


class HighcardEngine(GameEngine[HighcardConfig, HighcardState]):
    game_type = "highcard"
    config_model = HighcardConfig
    state_model = HighcardState
    action_adapter = TypeAdapter(Play)

    def seat_range(self, config: HighcardConfig) -> tuple[int, int]:
        return (4, 4) if config.teams else (2, 4)

    def new_game(self, config: HighcardConfig, seats: list[SeatInfo], seed: int) -> HighcardState:
        rng = Rng(seed=seed)
        deck = list(range(1, config.deck_size + 1))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(config.hand_size)] for _ in seats]
        return HighcardState(config=config, deck=deck, hands=hands, played=[[] for _ in seats], turn=0, rng=rng)

    def to_act(self, state: HighcardState) -> list[int]:
        return [] if self.result(state) else [state.turn]

    def legal_actions(self, state: HighcardState, seat: int) -> list[BaseModel]:
        return [Play(card=c) for c in state.hands[seat]] if seat in self.to_act(state) else []

    def _apply(self, state: HighcardState, seat: int, action: BaseModel) -> list[Event]:
        assert isinstance(action, Play)
        if seat != state.turn:
            raise IllegalAction("highcard.err.not_turn")
        if action.card not in state.hands[seat]:
            raise IllegalAction("highcard.err.not_in_hand", card=action.card)
        state.hands[seat].remove(action.card)
        state.played[seat].append(action.card)
        if state.deck:
            state.hands[seat].append(state.deck.pop())
        n = len(state.hands)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if state.hands[nxt]:
                state.turn = nxt
                break
        return [Event(key="highcard.log.played", params={"seat": seat, "card": action.card})]

    def _totals(self, state: HighcardState) -> list[int]:
        sums = [sum(p) for p in state.played]
        if state.config.teams:
            team = [sums[0] + sums[2], sums[1] + sums[3]]
            return [team[s % 2] for s in range(4)]
        return sums

    def result(self, state: HighcardState) -> Result | None:
        if any(state.hands):
            return None
        totals = self._totals(state)
        ranks = [1 + sum(1 for other in totals if other > mine) for mine in totals]
        return Result(ranks=ranks, teams=self.teams(state), scores=[float(x) for x in totals],
                      reason="highcard.end.done")

    def teams(self, state: HighcardState) -> list[int] | None:
        return [s % 2 for s in range(4)] if state.config.teams else None

    def public_view(self, state: HighcardState) -> PublicView:
        return PublicView(played=state.played, hand_counts=[len(h) for h in state.hands],
                          deck_count=len(state.deck), turn=None if self.result(state) else state.turn)

    def private_view(self, state: HighcardState, seat: int) -> PrivateView:
        return PrivateView(seat=seat, hand=sorted(state.hands[seat]), your_turn=seat in self.to_act(state))

    def hidden_hand(self, state: HighcardState, seat: int) -> list[int]:
        return sorted(state.hands[seat])

    def ai_action(self, state: HighcardState, seat: int, rng: random.Random) -> BaseModel:
        return Play(card=max(state.hands[seat]))


class HighcardRenderer(Renderer):
    def board_png(self, view: PublicView, locale: str = "en") -> bytes:
        image = Image.new("RGB", (400, 60 + 30 * len(view.played)), "white")
        draw = ImageDraw.Draw(image)
        draw.text((10, 10), f"deck {view.deck_count}", fill="black", font=font(16))
        for i, cards in enumerate(view.played):
            draw.text((10, 40 + 30 * i), f"P{i + 1}: {' '.join(map(str, cards))}", fill="black", font=font(16))
        return to_png(image)

    def hand_png(self, view: PrivateView, locale: str = "en") -> bytes:
        image = Image.new("RGB", (300, 60), "white")
        ImageDraw.Draw(image).text((10, 20), " ".join(map(str, view.hand)), fill="black", font=font(18))
        return to_png(image)

    def hand_text(self, view: PrivateView, locale: str = "en") -> str:
        return "Cards: " + " ".join(map(str, view.hand))

    def board_alt(self, view: PublicView, locale: str = "en") -> str:
        rows = [f"P{i + 1}: {' '.join(map(str, cards)) or '-'} (sum {sum(cards)})" for i, cards in enumerate(view.played)]
        return "\n".join([f"deck {view.deck_count}", *rows])

    def hand_alt(self, view: PrivateView, locale: str = "en") -> str:
        return self.hand_text(view, locale)
