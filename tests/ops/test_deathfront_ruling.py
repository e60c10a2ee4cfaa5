"""Death Front: the Elimination ruling (shared/rules/deathfront.md: a side
that has had units and now has none loses; if both sides have none, play on)
and hidden simultaneous choices (docs/rules/deathfront.md decision 2)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deathfront"))

from test_deathfront_support import ENGINE, act, empty_position, fill_hands, give, new_game, put  # noqa: E402

from engines.deathfront import Discard, Keep, Mulligan, PlaySkill, SkipDraw  # noqa: E402


def pass_until_next_round_or_end(state):
    start = state.round
    events = []
    for _ in range(500):
        if ENGINE.is_over(state) or state.round > start:
            return state, events
        seat = ENGINE.to_act(state)[0]
        options = ENGINE.legal_actions(state, seat)
        state, new = act(state, seat, next((a for a in options if a.kind in ("pass", "skip_draw", "keep")),
                                          options[0]))
        events += new
    raise AssertionError("the round never ended")


def air_strike_on_the_last_axis_unit(*, allies_had_units: bool):
    state = empty_position(step="skill")
    fill_hands(state, 3)
    strike = give(state, "us_p47")
    put(state, "B4", "ss_panzergrenadiers")
    if allies_had_units:
        state.had_units[0] = True  # an Allied unit was on the board earlier and is gone
    us = state.factions.index("us")
    state.actor = state.order.index(us)
    state, _ = act(state, us, PlaySkill(card=strike, target="B4"))
    assert "B4" not in state.pieces
    return pass_until_next_round_or_end(state)[0]


def test_a_side_that_never_had_units_does_not_win_when_the_last_enemy_unit_dies():
    state = air_strike_on_the_last_axis_unit(allies_had_units=False)
    assert state.result is None and state.round >= 2  # neither side has a unit: play on


def test_both_sides_without_units_play_on_even_if_both_had_some():
    state = air_strike_on_the_last_axis_unit(allies_had_units=True)
    assert state.result is None and state.round >= 2


def test_the_side_with_units_left_wins_by_elimination():
    state = empty_position(step="skill")
    fill_hands(state, 3)
    strike = give(state, "us_p47")
    put(state, "B4", "ss_panzergrenadiers")
    put(state, "A2", "us_rifle_squad")
    us = state.factions.index("us")
    state.actor = state.order.index(us)
    state, _ = act(state, us, PlaySkill(card=strike, target="B4"))
    state, _ = pass_until_next_round_or_end(state)
    assert state.result is not None and state.result.reason == "deathfront.end.elimination"
    assert state.result.ranks[us] == 1


def public(state):
    view = ENGINE.public_view(state).model_dump()
    view.pop("to_act")  # who still has to answer is public; what they chose is not
    return view


def test_a_mulligan_is_hidden_until_every_seat_has_chosen():
    state = new_game(seed=5)
    before = public(state)
    state, events = act(state, 0, Mulligan())
    assert events == [] and public(state) == before
    state, events = act(state, 1, Keep())
    keys = [e.key for e in events]
    assert keys[:2] == ["deathfront.ev.mulligan", "deathfront.ev.keep"]
    assert [p["mulliganed"] for p in ENGINE.public_view(state).model_dump()["seats"]] == [True, False]


def test_the_full_hand_draw_choice_is_hidden_until_every_seat_has_chosen():
    state = new_game(seed=2)
    for seat in (0, 1):
        state, _ = act(state, seat, Keep())
    assert state.step == "draw" and ENGINE.to_act(state) == [0, 1]
    before = public(state)
    state, events = act(state, 1, Discard(card=state.hands[1][0]))
    assert events == [] and public(state) == before
    state, events = act(state, 0, SkipDraw())
    assert [e.key for e in events][:2] == ["deathfront.ev.skip_draw", "deathfront.ev.discard_draw"]
    assert [p["discard_count"] for p in ENGINE.public_view(state).model_dump()["seats"]] == [0, 1]
