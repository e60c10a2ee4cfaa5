"""Hints (issue 23) below Discord: each game's hint is a legal move of the
seat to act with a reason in every language, worked out on the seat's
information state only: the opponent's hand and deck rearranged give the
same hint (seeded), and the thinking pool never receives the true hidden
cards."""
from __future__ import annotations

from typing import Any

import pytest

from db.models import GameRecord, Seat
from engines.base import IllegalAction
from i18n import LOCALES
from tables.errors import TableError
from tables.hints import Hints, hint_text, reason
from tables.live import LiveTable
from tables.registry import default_registry
from tables.thinking import ThinkingPool
from tests.ai.helpers import mid_game, swap_unseen

REGISTRY = default_registry()


class Spy(ThinkingPool):
    """A thread pool that keeps the states it was asked to think about."""

    def __init__(self) -> None:
        super().__init__(0)
        self.asked: list[Any] = []

    async def choose(self, engine, state, seat, level, seed, budget=None):  # type: ignore[override]
        self.asked.append(state)
        return await super().choose(engine, state, seat, level, seed, budget)


def live_table(game: str, state: Any, seat: int, hints: bool = True) -> LiveTable:
    seats = [Seat(user_id=100 + i, name=f"p{i}") for i in range(len(state.hands))]
    record = GameRecord(id=7, game_type=game, guild_id=1, channel_id=2, host_id=100, status="playing",
                        config={"hints": True} if hints else {}, seats=seats, seed=1, version=12,
                        created_at=0.0, updated_at=0.0)
    return LiveTable(record, REGISTRY.get(game), state)


@pytest.mark.parametrize("game, moves", [("setup", 4), ("cubed", 5), ("deathfront", 12)])
async def test_a_hint_is_a_legal_move_with_a_reason_in_every_language(game, moves):
    state, seat = mid_game(game, moves)
    table = live_table(game, state, seat)
    hint = await Hints(ThinkingPool(0)).suggest(table, 100 + seat)
    table.engine.apply(state, seat, hint.action)  # legal in the true state
    for locale in LOCALES:
        why = reason(table.definition, hint, locale)
        assert why and why in hint_text(table.definition, hint, locale)


async def test_a_death_front_hint_never_depends_on_the_opponents_hand():
    state, seat = mid_game("deathfront", 12)
    other = 1 - seat
    swapped = swap_unseen("deathfront", state, seat, seed=9)
    assert swapped.hands[other] != state.hands[other] or swapped.decks[other] != state.decks[other]
    spy = Spy()
    first = await Hints(spy).suggest(live_table("deathfront", state, seat), 100 + seat)
    again = await Hints(spy).suggest(live_table("deathfront", swapped, seat), 100 + seat)
    assert again.action == first.action
    assert hint_text(REGISTRY.get("deathfront"), again, "en") == hint_text(REGISTRY.get("deathfront"), first, "en")
    # What the pool was given: the same information state both times, never the true hidden hand.
    assert spy.asked[0].model_dump() == spy.asked[1].model_dump()
    assert spy.asked[0].hands[seat] == state.hands[seat]


async def test_hints_off_not_a_player_and_not_their_turn_are_refused():
    state, seat = mid_game("setup", 4)
    hints = Hints(ThinkingPool(0))
    for table, user, key in ((live_table("setup", state, seat, hints=False), 100 + seat, "hints.off_refusal"),
                             (live_table("setup", state, seat), 999, "hints.not_player"),
                             (live_table("setup", state, seat), 100 + (1 - seat), "hints.not_your_turn")):
        with pytest.raises(TableError) as refused:
            await hints.suggest(table, user)
        assert refused.value.key == key


def test_a_hint_move_is_never_illegal_in_a_sampled_world():
    """The seat's own options never depend on hidden cards: the action the
    search picks on the information state is legal in the true state."""
    state, seat = mid_game("cubed", 5)
    engine = REGISTRY.get("cubed").engine
    info = engine.information_state(state, seat)
    for action in engine.legal_actions(info, seat):
        try:
            engine.apply(state, seat, action)
        except IllegalAction as error:  # pragma: no cover - the assertion says which
            raise AssertionError(f"{action} legal in the information state only") from error
