"""The rulings of issues 25 and 32 (docs/rules/deathfront.md, decisions 12, 19
and 20): an empty hand ends the game at resolution (the deck does not count;
ruleset 1, games stored before: only with the deck empty too); lost
resources and removed facilities wait for the end of the deployment phase
(after the facility step); the skills' numbers come from the card data."""
from __future__ import annotations

import random

import pytest
from test_deathfront_support import ENGINE, act, empty_position, fill_hands, give, put

from engines.deathfront import Deploy, Pass, PlaceFacility, PlaySkill
from engines.deathfront import ai as greedy
from engines.deathfront import rules as R
from engines.deathfront.cards import CARDS_FILE, CardSet, load_cards
from engines.deathfront.notation import card_label
from engines.deathfront.views import card_view
from render.deathfront.hand import card_stats

US, SS = 0, 1


def pass_while(state, predicate, limit=200):
    """Every seat to act passes while ``predicate`` holds; all events."""
    events = []
    for _ in range(limit):
        if not predicate(state) or ENGINE.is_over(state):
            return state, events
        state, evs = act(state, ENGINE.to_act(state)[0], Pass())
        events += evs
    raise AssertionError("the condition never changed")


def keys(events):
    return [e.key.removeprefix("deathfront.ev.") for e in events]


def empty_the_deck(state, seat):
    state.discards[seat] += state.decks[seat]  # cards stay counted
    state.decks[seat] = []


# ---- 1. no cards in hand: the game ends at resolution (issue 32; ruleset 1: with the deck empty too) ----
def test_an_empty_hand_ends_the_game_at_resolution_with_cards_left_to_draw():
    """"有一名玩家已經沒有手牌": the hand is what counts, not the deck."""
    state = empty_position(step="attack")
    fill_hands(state)
    put(state, "A5", "us_rifle_squad")  # one enemy square held: the Allies win on territory
    state.decks[US] += state.hands[US]
    state.hands[US] = []  # the US player has played every card, the deck is full
    state, events = pass_while(state, lambda s: True)
    assert state.result.reason == "deathfront.end.no_cards" and state.round == 1
    assert state.result.ranks == [1, 2]
    assert keys(events)[-1] == "allies_win"


def test_the_last_card_played_ends_the_game_at_that_rounds_resolution_not_at_once():
    state = empty_position(step="deploy")
    fill_hands(state)
    rifle = give(state, "us_rifle_squad")
    state.decks[US] += [u for u in state.hands[US] if u != rifle]
    state.hands[US] = [rifle]
    state, _ = act(state, US, Deploy(card=rifle, cell="B2"))
    assert state.result is None and state.step == "deploy"  # the round goes on
    state, events = pass_while(state, lambda s: True)
    assert state.result.reason == "deathfront.end.no_cards" and state.round == 1
    assert keys(events).index("step_facility") < keys(events).index("draw")  # the steps ran, then resolution
    assert state.result.ranks == [1, 1]  # no enemy square held on either side: a draw


def test_ruleset_1_an_empty_hand_with_cards_left_to_draw_plays_on_and_draws():
    """Games stored before issue 32 replay as played (decision 12, withdrawn ruling)."""
    state = empty_position(step="attack")
    state.config.ruleset = 1
    fill_hands(state)
    state.decks[US] += state.hands[US]
    state.hands[US] = []
    state, _ = pass_while(state, lambda s: s.round == 1)
    assert state.result is None and state.round == 2
    assert len(state.hands[US]) == 1  # the draw step gave them a card


def test_ruleset_1_an_empty_hand_and_an_empty_deck_end_the_game_at_resolution():
    state = empty_position(step="attack")
    state.config.ruleset = 1
    fill_hands(state)
    put(state, "A5", "us_rifle_squad")
    state.decks[US] += state.hands[US]
    state.hands[US] = []
    empty_the_deck(state, US)
    state, events = pass_while(state, lambda s: True)
    assert state.result.reason == "deathfront.end.no_cards" and state.round == 1
    assert state.result.ranks == [1, 2]


def test_the_ai_keeps_a_card_while_an_empty_hand_would_end_the_game_against_it():
    state = empty_position(step="deploy")
    give(state, "us_supply_dump")
    give(state, "us_rifle_squad")
    give(state, "ss_panzergrenadiers")
    rng = random.Random(0)
    assert greedy.choose_action(ENGINE, state, US, rng) == Pass()  # deck full, yet its last cards stay in hand
    state.config.ruleset = 1
    assert isinstance(greedy.choose_action(ENGINE, state, US, rng), Deploy)  # the old rule drew again


def test_the_ai_plays_its_last_cards_on_purpose_when_ending_now_wins_on_territory():
    state = empty_position(step="deploy")
    give(state, "us_supply_dump")
    give(state, "us_rifle_squad")
    give(state, "ss_panzergrenadiers")
    put(state, "A5", "us_rifle_squad")  # the Allies hold an enemy square, the Axis none
    assert isinstance(greedy.choose_action(ENGINE, state, US, random.Random(0)), Deploy)
    state.hands[US] = state.hands[US][:1]
    state.step = "skill"
    drop = give(state, "us_supply_drop")
    state.hands[US] = [drop]
    assert greedy.choose_action(ENGINE, state, US, random.Random(0)) in (Pass(), PlaySkill(card=drop))


# ---- 2. at the end of the deployment phase: after the facility step ---------------------------
def test_lost_resources_and_removed_facilities_stay_through_the_facility_step():
    state = empty_position(step="deploy")
    put(state, "B4", "us_engineers")
    put(state, "B5", "ss_minefield")  # next to the engineer
    put(state, "C5", "ss_supply_dump")
    put(state, "C4", "us_rifle_squad")  # next to the supply dump
    give(state, "us_bunker")
    give(state, "ss_bunker")
    state, events = pass_while(state, lambda s: s.step == "deploy")
    assert state.step == "facility"
    assert "B5" in state.facilities and "C5" in state.pieces  # not yet: the deployment phase goes on
    assert not {"facility_removed", "resource_lost"} & set(keys(events))
    state, events = pass_while(state, lambda s: s.step == "facility")
    assert "B5" not in state.facilities and "C5" not in state.pieces
    assert {"facility_removed", "resource_lost"} <= set(keys(events))


def test_a_facility_placed_next_to_an_engineer_is_removed_when_the_facility_step_ends():
    state = empty_position(step="facility")
    fill_hands(state)  # (issue 32: an empty hand would end the game at resolution)
    put(state, "B4", "us_engineers")
    mine = give(state, "ss_minefield")
    give(state, "us_bunker")
    give(state, "ss_bunker")  # the SS player still has a choice: the step goes on (issue 31: the US passed for good)
    state, _ = act(state, US, Pass())
    state, events = act(state, SS, PlaceFacility(card=mine, cell="B5"))
    assert state.step == "facility" and state.facilities.get("B5") == mine
    state, events = pass_while(state, lambda s: s.step == "facility")
    assert "B5" not in state.facilities and mine in state.discards[SS]
    assert "facility_removed" in keys(events)


def test_the_ai_places_no_facility_an_engineer_would_remove():
    state = empty_position(step="facility", factions=["us", "ss"])
    mine = give(state, "ss_minefield")
    give(state, "ss_panzergrenadiers")
    for cell in ("A4", "B4", "C4"):
        put(state, cell, "us_engineers" if cell != "C4" else "us_rifle_squad")
    state.actor = 1
    choice = greedy.choose_action(ENGINE, state, SS, random.Random(0))
    assert isinstance(choice, PlaceFacility) and choice.card == mine
    assert not R.engineer_near(state, choice.cell, 1) and choice.cell in ("C5", "D5")


# ---- 3. the skills' numbers come from the card data -------------------------------------------
def edited_cards(tmp_path, *changes: tuple[str, str]) -> CardSet:
    text = CARDS_FILE.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return load_cards(path)


@pytest.fixture
def edited(tmp_path, monkeypatch):
    cards = edited_cards(
        tmp_path,
        ('effect = "last_stand"\nbonus = 1', 'effect = "last_stand"\nbonus = 2'),
        ('effect = "barrage"\nattack = 3\ntargets = 3', 'effect = "barrage"\nattack = 3\ntargets = 1'),
        ('effect = "supply_drop"\nlevel = 3', 'effect = "supply_drop"\nlevel = 2'),
    )
    monkeypatch.setattr(R, "CARDS", cards)
    return cards


def test_last_stand_gives_the_bonus_of_its_card(edited):
    state = empty_position(step="skill")
    fill_hands(state)
    state.actor = 1
    stand = give(state, "ss_last_stand")
    unit = put(state, "B5", "ss_panzergrenadiers")  # defence 2
    give(state, "us_p47")
    after, events = act(state, SS, PlaySkill(card=stand))
    assert R.defence(after, unit, "B5", ["B4"]) == 2 + 2
    assert next(e for e in events if e.key == "deathfront.ev.last_stand").params["bonus"] == 2


def test_barrage_hits_as_many_squares_as_its_card_says(edited):
    state = empty_position(step="skill", factions=["uk", "wehrmacht"])
    fill_hands(state)
    state.actor = 1
    barrage = give(state, "wehrmacht_barrage")
    for cell in ("A3", "B3", "C3", "D3"):
        put(state, cell, "uk_rifle_section")
    after, _ = act(state, 1, PlaySkill(card=barrage, target="B3"))
    assert [c for c in ("A3", "B3", "C3", "D3") if c in after.pieces] == ["A3", "C3", "D3"]


def test_supply_drop_supplies_at_the_level_of_its_card(edited):
    state = empty_position(step="skill")
    fill_hands(state)
    drop = give(state, "us_supply_drop")
    put(state, "B1", "us_pershing")  # supply level 3
    put(state, "C1", "us_at_57mm")  # supply level 2
    put(state, "B6", "ss_panzergrenadiers")
    give(state, "ss_last_stand")
    after, events = act(state, US, PlaySkill(card=drop))
    assert R.is_supplied(after, "C1", after.pieces["C1"])
    assert not R.is_supplied(after, "B1", after.pieces["B1"])
    assert next(e for e in events if e.key == "deathfront.ev.supply_drop").params["level"] == 2


def test_the_texts_show_the_numbers_the_engine_uses(edited):
    for uid, shown in (("ss_last_stand-1", "+2"), ("wehrmacht_barrage-1", "in 1 squares"),
                       ("us_supply_drop-1", "at level 2")):
        assert shown in card_label(R.card(uid)), uid
        assert shown in card_stats(card_view(uid), "en"), uid


def test_the_default_numbers_are_the_card_files():
    state = empty_position(factions=["us", "ss"])
    assert R.skill_number(state, US, "supply_drop", "level") == R.CARDS.defs["us_supply_drop"].level == 3
    assert R.skill_number(state, SS, "last_stand", "bonus") == R.CARDS.defs["ss_last_stand"].bonus == 1
    assert R.skill_number(state, US, "last_stand", "bonus") == 0  # not in the US deck
