"""Round structure, turn order, hand limit, mulligan, victory and end conditions."""
from __future__ import annotations

import pytest
from pydantic import ValidationError
from test_deathfront_support import (
    ENGINE,
    act,
    all_cards,
    empty_position,
    expected_cards,
    fill_hands,
    give,
    new_game,
    put,
)

from engines.base import IllegalAction
from engines.deathfront import (
    AgreeEnd,
    Attack,
    DeathFrontConfig,
    DeclineEnd,
    Discard,
    Keep,
    Mulligan,
    Pass,
    ProposeEnd,
    SkipDraw,
    flow,
)
from engines.deathfront import rules as R


def keep_all(state):
    for seat in list(ENGINE.to_act(state)):
        state, _ = act(state, seat, Keep())
    return state


def pass_until(state, predicate, limit=500):
    events = []
    for _ in range(limit):
        if predicate(state) or ENGINE.is_over(state):
            return state, events
        seat = ENGINE.to_act(state)[0]
        options = ENGINE.legal_actions(state, seat)
        action = next((a for a in options if a.kind in ("pass", "skip_draw", "keep")), options[0])
        state, evs = act(state, seat, action)
        events += evs
    raise AssertionError("condition never reached")


# ---- configuration -------------------------------------------------------------------------
def test_default_configs_are_valid_and_bad_faction_choices_are_refused():
    assert DeathFrontConfig().seat_factions() == ["us", "ss"]
    assert DeathFrontConfig(players=4).seat_factions() == ["us", "ss", "uk", "wehrmacht"]
    assert ENGINE.seat_range(DeathFrontConfig()) == (2, 4)
    assert ENGINE.allowed_seat_counts(DeathFrontConfig()) == [2, 4]
    chosen = DeathFrontConfig(players=2, factions=["uk", "ss"])
    assert ENGINE.seat_range(chosen) == (2, 2) and ENGINE.allowed_seat_counts(chosen) == [2]
    for bad in (["us", "uk"], ["us"], ["ss", "ss", "us", "uk"]):
        with pytest.raises(ValidationError):
            DeathFrontConfig(players=len(bad) if len(bad) in (2, 4) else 2, factions=bad)


def test_default_config_takes_its_player_count_from_the_seats():
    from test_deathfront_support import seats

    state = ENGINE.new_game(DeathFrontConfig(), seats(4), 1)
    assert state.config.players == 4 and state.factions == ["us", "ss", "uk", "wehrmacht"]
    with pytest.raises(IllegalAction):
        ENGINE.new_game(DeathFrontConfig(), seats(3), 1)
    with pytest.raises(IllegalAction):
        ENGINE.new_game(DeathFrontConfig(players=2, factions=["us", "ss"]), seats(4), 1)


def test_new_game_deals_eight_and_uses_the_right_board():
    state = new_game(players=4, seed=3)
    assert [len(h) for h in state.hands] == [8] * 4
    assert len(state.frontline) == 5 and R.columns(state) == 5
    assert all_cards(state) == expected_cards(state)
    assert ENGINE.teams(state) == [0, 1, 0, 1]
    two = new_game(players=2)
    assert len(two.frontline) == 4 and R.columns(two) == 4 and ENGINE.teams(two) is None


# ---- mulligan ---------------------------------------------------------------------------------
def test_mulligan_once_before_the_first_round():
    state = new_game(seed=5)
    assert ENGINE.to_act(state) == [0, 1]
    assert {a.kind for a in ENGINE.legal_actions(state, 0)} == {"keep", "mulligan"}
    before = list(state.hands[0])
    state, events = act(state, 0, Mulligan())
    assert state.mulliganed[0] and len(state.hands[0]) == 8 and state.hands[0] != before
    assert events == []  # hidden until every seat has chosen (docs/rules decision 2)
    with pytest.raises(IllegalAction):
        act(state, 0, Mulligan())
    state, events = act(state, 1, Keep())
    assert [e.key for e in events][:2] == ["deathfront.ev.mulligan", "deathfront.ev.keep"]
    assert state.round == 1 and state.step != "mulligan"
    assert all(a.kind != "mulligan" for s in range(2) for a in ENGINE.legal_actions(state, s))
    assert all_cards(state) == expected_cards(state)


# ---- draw and hand limit ----------------------------------------------------------------------
def test_full_hand_chooses_to_skip_or_discard_and_never_exceeds_eight():
    state = keep_all(new_game(seed=2))
    assert state.step == "draw" and ENGINE.to_act(state) == [0, 1]
    assert len(state.hands[0]) == 8
    kinds = {a.kind for a in ENGINE.legal_actions(state, 0)}
    assert kinds == {"skip_draw", "discard"}
    deck = len(state.decks[0])
    gone = state.hands[0][0]
    state, _ = act(state, 0, Discard(card=gone))
    assert len(state.hands[0]) == 8 and gone not in state.hands[0] and gone in state.discards[0]
    assert len(state.decks[0]) == deck - 1
    state, _ = act(state, 1, SkipDraw())
    assert len(state.hands[1]) == 8 and state.step == "deploy"


def test_short_hand_draws_automatically():
    state = empty_position(step="attack")
    fill_hands(state, 3)
    put(state, "B2", "us_rifle_squad")
    put(state, "B6", "ss_panzergrenadiers")
    state, events = act(state, 0, Pass())
    state, _ = pass_until(state, lambda s: s.round == 2)
    assert state.step == "deploy" and [len(h) for h in state.hands] == [4, 4]


# ---- action order -----------------------------------------------------------------------------
def test_four_player_order_rotates_and_sides_alternate():
    factions = ["wehrmacht", "uk", "ss", "us"]  # seats in lobby order
    state = keep_all(new_game(players=4, factions=factions))
    order_by_round = []
    for _ in range(4):
        order_by_round.append([state.factions[s] for s in state.order])
        state.round += 0
        flow.start_round(state, [])
    assert order_by_round == [
        ["us", "ss", "uk", "wehrmacht"],
        ["ss", "uk", "wehrmacht", "us"],
        ["uk", "wehrmacht", "us", "ss"],
        ["wehrmacht", "us", "ss", "uk"],
    ]
    for order in order_by_round:
        sides = [R.side_of_seat(state, state.factions.index(f)) for f in order]
        assert all(a != b for a, b in zip(sides, sides[1:]))


def test_two_player_allied_player_first_then_alternating():
    state = keep_all(new_game(factions=["ss", "uk"]))
    assert [state.factions[s] for s in state.order] == ["uk", "ss"]
    flow.start_round(state, [])
    assert [state.factions[s] for s in state.order] == ["ss", "uk"]


def test_players_alternate_one_action_at_a_time_until_all_pass():
    state = empty_position(step="deploy")
    fill_hands(state, 5)
    rifle_a, rifle_b = give(state, "us_rifle_squad"), give(state, "us_rifle_squad")
    give(state, "ss_panzergrenadiers")
    from engines.deathfront import Deploy

    assert ENGINE.to_act(state) == [0]
    state, _ = act(state, 0, Deploy(card=rifle_a, cell="A1"))
    assert ENGINE.to_act(state) == [1]
    with pytest.raises(IllegalAction):
        act(state, 0, Deploy(card=rifle_b, cell="B1"))
    state, _ = act(state, 1, Pass())  # done for this step (decision 3): never asked again in it
    state, _ = act(state, 0, Deploy(card=rifle_b, cell="B1"))
    assert state.step == "deploy" and ENGINE.to_act(state) == [0]
    state, _ = act(state, 0, Pass())
    assert state.step == "facility"


def test_ruleset_1_a_pass_is_a_pass_in_a_row():
    """Games stored before issue 31 replay as played: whoever passed is asked
    again once another player acts; the step ends when all pass in a row."""
    state = empty_position(step="deploy")
    state.config.ruleset = 1
    fill_hands(state, 5)
    rifle_a, rifle_b = give(state, "us_rifle_squad"), give(state, "us_rifle_squad")
    give(state, "ss_panzergrenadiers")
    from engines.deathfront import Deploy

    state, _ = act(state, 0, Deploy(card=rifle_a, cell="A1", done=True))  # ignored under ruleset 1
    state, _ = act(state, 1, Pass())
    state, _ = act(state, 0, Deploy(card=rifle_b, cell="B1"))
    assert state.step == "deploy" and ENGINE.to_act(state) == [1] and state.done == []


# ---- victory ------------------------------------------------------------------------------------
def test_breakthrough_at_enemy_depth_three_wins_at_the_next_deploy_step():
    state = empty_position(step="attack")
    fill_hands(state, 3)
    put(state, "C7", "us_rifle_squad")  # depth 3
    put(state, "A6", "ss_panzergrenadiers")
    state, events = pass_until(state, lambda s: False)
    assert state.result.reason == "deathfront.end.breakthrough"
    assert state.result.ranks == [1, 2]
    assert "deathfront.ev.breakthrough" in [e.key for e in events]


def test_elimination_of_a_side_that_had_units():
    state = empty_position(step="attack")
    fill_hands(state, 3)
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_rifle_squad")
    put(state, "C4", "us_rifle_squad")
    put(state, "B4", "ss_panzergrenadiers")
    state, _ = act(state, 0, Attack(target="B4", attackers=["A4", "C4"]))
    state, _ = pass_until(state, lambda s: False)
    assert state.result.reason == "deathfront.end.elimination"
    assert state.result.ranks == [1, 2]


def test_no_elimination_when_neither_side_has_units():
    state = empty_position(step="attack")
    fill_hands(state, 3)
    state, _ = pass_until(state, lambda s: s.round == 2)
    assert state.result is None


def test_territory_counts_units_only_in_enemy_territory():
    state = empty_position()
    put(state, "A5", "us_rifle_squad")
    put(state, "B6", "us_sherman")
    put(state, "C4", "us_rifle_squad")  # the front line is nobody's territory
    put(state, "D5", "us_supply_dump")  # resources do not count
    put(state, "A3", "ss_panzergrenadiers")
    assert R.territory(state) == [2, 1]


def test_round_limit_ends_and_territory_decides():
    state = empty_position(step="attack")
    state.config.round_limit = 1
    fill_hands(state, 3)
    put(state, "A2", "ss_panzergrenadiers")
    put(state, "D2", "us_rifle_squad")
    state, _ = pass_until(state, lambda s: False)
    assert state.result.reason == "deathfront.end.round_limit"
    assert state.result.ranks == [2, 1] and state.result.scores == [0.0, 1.0]


def test_equal_territory_is_a_draw_when_a_hand_is_empty():
    state = empty_position(step="attack")
    state.hands[0] = [state.decks[0].pop()]
    put(state, "A2", "us_rifle_squad")
    put(state, "D6", "ss_panzergrenadiers")
    state.discards[1] += state.decks[1]
    state.decks[1] = []  # the Axis player has no cards left to draw
    state, _ = pass_until(state, lambda s: False)
    assert state.result.reason == "deathfront.end.no_cards"
    assert state.result.ranks == [1, 1]


def test_agreed_end_needs_every_player():
    state = empty_position(players=4, step="deploy")
    fill_hands(state, 3)
    put(state, "A5", "us_rifle_squad")
    first = ENGINE.to_act(state)[0]
    state, events = act(state, first, ProposeEnd())
    assert sorted(ENGINE.to_act(state)) == sorted(s for s in range(4) if s != first)
    others = ENGINE.to_act(state)
    declined, _ = act(state, others[0], DeclineEnd())
    assert declined.end_vote is None and ENGINE.to_act(declined) == [first]
    with pytest.raises(IllegalAction):
        act(declined, first, ProposeEnd())  # once per round
    for seat in others:
        state, events = act(state, seat, AgreeEnd())
    assert state.result.reason == "deathfront.end.agreed"
    us_side = R.side_of_seat(state, state.factions.index("us"))
    assert [r for s, r in enumerate(state.result.ranks) if R.side_of_seat(state, s) == us_side] == [1, 1]


def test_player_with_nothing_to_do_passes_automatically():
    state = empty_position(step="facility")
    fill_hands(state, 0)
    state.hands = [[give(state, "us_minefield"), give(state, "us_rifle_squad")], [give(state, "ss_blitz")]]
    assert ENGINE.to_act(state) == [0]
    state, _ = act(state, 0, Pass())
    # the SS player has no facility: the step is over; in the skill step the US
    # player has no skill and the SS Blitz has no unit to move: on to attacks and
    # the next round
    assert state.round == 2
