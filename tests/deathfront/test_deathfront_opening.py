"""Round 1's draw right after your own mulligan (docs/rules decision 22,
issue 31): a player who has answered the mulligan answers round 1's draw
choice at once, while the others still choose; the first to finish is not
handed the turn again. Hidden as before, and the game is the one the old
order (every mulligan, then every draw) gives for the same answers, which
stays legal: stored action logs replay."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_deathfront_support import ENGINE, act, all_cards, expected_cards, new_game

from engines.base import IllegalAction
from engines.deathfront import Discard, Keep, Mulligan, SkipDraw
from engines.deathfront.models import DeathFrontState


def test_the_first_to_keep_answers_round_1s_draw_at_once():
    state = new_game(seed=5)
    state, events = act(state, 0, Keep())
    assert events == [] and state.step == "mulligan" and state.round == 0
    assert ENGINE.to_act(state) == [0, 1]  # seat 0 stays "to act": no hand-over
    assert {a.kind for a in ENGINE.legal_actions(state, 0)} == {"skip_draw", "discard"}
    assert {a.kind for a in ENGINE.legal_actions(state, 1)} == {"keep", "mulligan"}
    assert ENGINE.private_view(state, 0).step == "draw" and ENGINE.private_view(state, 1).step == "mulligan"
    assert ENGINE.public_view(state).step == "mulligan"
    with pytest.raises(IllegalAction):
        act(state, 0, Keep())  # the mulligan is answered
    with pytest.raises(IllegalAction):
        act(state, 1, SkipDraw())  # not before their own mulligan
    state, events = act(state, 0, SkipDraw())
    assert events == [] and ENGINE.to_act(state) == [1] and state.early_draw == [0]
    with pytest.raises(IllegalAction):
        act(state, 0, SkipDraw())  # answered once
    state, events = act(state, 1, Keep())
    assert [e.key for e in events] == ["deathfront.ev.keep", "deathfront.ev.keep", "deathfront.ev.round_start"]
    assert state.step == "draw" and ENGINE.to_act(state) == [1] and state.early_draw == []
    state, events = act(state, 1, SkipDraw())
    keys = [e.key for e in events]
    assert keys[:3] == ["deathfront.ev.skip_draw", "deathfront.ev.skip_draw", "deathfront.ev.step_deploy"]
    assert [e.params["seat"] for e in events[:2]] == [0, 1]
    assert state.step == "deploy" and state.round == 1


def test_an_early_discard_stays_hidden_until_the_draw_step_ends():
    state, _ = act(new_game(seed=8), 1, Mulligan())
    seats = ENGINE.public_view(state).seats
    gone = state.hands[1][0]
    state, events = act(state, 1, Discard(card=gone))
    assert events == [] and ENGINE.public_view(state).seats == seats  # hand, deck and discard counts as before
    assert ENGINE.public_view(state).to_act == [0]  # who still chooses, and nothing of what
    assert gone in state.discards[1] and gone not in state.hands[1] and len(state.hands[1]) == 8
    state, events = act(state, 0, Keep())
    assert [(e.key, e.params["seat"]) for e in events[:2]] == [("deathfront.ev.keep", 0), ("deathfront.ev.mulligan", 1)]
    assert "deathfront.ev.discard_draw" not in {e.key for e in events}
    assert ENGINE.public_view(state).seats[1].discard_count == 0  # still hidden in the draw step
    assert all_cards(state) == expected_cards(state)


def turns(state: DeathFrontState, plan: list[tuple[int, object]]) -> tuple[DeathFrontState, list[str], list[int]]:
    """Play ``plan``; the events' keys in order and the seats handed the turn
    (the set of seats to act gained them), until the deploy step."""
    keys, handed, acting = [], [], set(ENGINE.to_act(state))
    for seat, action in plan:
        state, events = act(state, seat, action)
        keys += [f"{e.key}:{e.params.get('seat')}" for e in events]
        now = set(ENGINE.to_act(state))
        handed += sorted(now - acting)
        acting = now
    return state, keys, handed


def opening_plans(players: int, answers: list[tuple[bool, bool]], state: DeathFrontState):
    """The same answers in the old order (every mulligan, then every draw)
    and each seat's draw right after its own mulligan; a discard names the
    first card of the hand the seat will hold then, found by playing."""
    def mulligan(seat):
        return Mulligan() if answers[seat][0] else Keep()

    def draw_answer(now, seat):
        return Discard(card=now.hands[seat][0]) if answers[seat][1] else SkipDraw()

    old, new = state, state
    old_plan, new_plan = [], []
    for seat in range(players):
        old, _ = act(old, seat, mulligan(seat))
        old_plan.append((seat, mulligan(seat)))
        new, _ = act(new, seat, mulligan(seat))
        new_plan.append((seat, mulligan(seat)))
        new_plan.append((seat, draw_answer(new, seat)))
        new, _ = act(new, seat, new_plan[-1][1])
    for seat in range(players):
        old_plan.append((seat, draw_answer(old, seat)))
        old, _ = act(old, seat, old_plan[-1][1])
    return old_plan, new_plan


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]), data=st.data())
def test_either_order_of_the_opening_gives_the_same_game(seed, players, data):
    answers = [(data.draw(st.booleans()), data.draw(st.booleans())) for _ in range(players)]
    start = new_game(players=players, seed=seed)
    old_plan, new_plan = opening_plans(players, answers, start)
    old, old_keys, old_handed = turns(start, old_plan)  # still legal: stored logs replay
    new, new_keys, new_handed = turns(start, new_plan)
    assert old.step == new.step == "deploy" and old.round == new.round == 1
    assert ENGINE.state_to_json(old) == ENGINE.state_to_json(new)
    assert old_keys == new_keys  # the same log lines, in the same order
    # A seat that answered its mulligan stays to act until its draw is answered, in either
    # order: the turn comes again at most to the deploy step's first actor (before: to
    # every seat but the last to answer the mulligan, for the draw).
    first = ENGINE.to_act(new)[0]
    assert set(old_handed) <= {first} and set(new_handed) <= {first}


def test_the_ai_and_random_play_answer_the_early_draw():
    state = new_game(seed=3)
    rng = random.Random(3)
    state, _ = act(state, 0, ENGINE.ai_action(state, 0, rng))
    answer = ENGINE.ai_action(state, 0, rng)
    assert answer.kind in ("skip_draw", "discard")
    state, _ = act(state, 0, answer)
    assert ENGINE.to_act(state) == [1]


def test_a_game_stored_mid_opening_by_the_old_build_plays_on():
    state, _ = act(new_game(seed=4), 0, Keep())
    stored = ENGINE.state_to_json(state)
    stored.pop("early_draw")  # the old build never wrote it
    state = ENGINE.state_from_json(stored)
    assert ENGINE.to_act(state) == [0, 1] and {a.kind for a in ENGINE.legal_actions(state, 0)} == {"skip_draw", "discard"}


def test_turn_texts_name_the_step_as_the_seat_plays_it():
    """The panel's "Your turn: …" and a wrong-step refusal say "Draw step"
    to the seat answering round 1's draw early, "Mulligan step" to the other."""
    from tables.text import step_key, turn_hint

    state, _ = act(new_game(seed=5), 0, Keep())
    assert turn_hint("deathfront", ENGINE, state, 0, "en").startswith("Draw step — ")
    assert turn_hint("deathfront", ENGINE, state, 1, "en").startswith("Mulligan step — ")
    assert step_key("deathfront", state, ENGINE, 0) == "deathfront.step.draw"
    assert step_key("deathfront", state) == "deathfront.step.mulligan"  # the table's step, for the board
