"""The AI reads every skill number from the card data (issue 32 item 3):
Smoke Screen's and Blitz's ``targets``, Last Stand's ``bonus``, Supply
Drop's ``level``, and the Bunker's ``bonus`` through the engine's defence.
Each test plays the same position with the card file as shipped and with an
edited one (as ``test_deathfront_rulings.edited_cards`` makes it)."""
from __future__ import annotations

import random

import pytest
from test_deathfront_rulings import edited_cards
from test_deathfront_support import ENGINE, empty_position, give, put

from engines.deathfront import PlaySkill
from engines.deathfront import ai as greedy
from engines.deathfront import rules as R
from engines.deathfront.cards import CARDS_FILE, load_cards


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """Call it to play on with Smoke Screen 3 targets, Blitz 1, Last Stand +2, Supply Drop level 2."""
    def use() -> None:
        cards = edited_cards(
            tmp_path,
            ('effect = "smoke"\ntargets = 2', 'effect = "smoke"\ntargets = 3'),
            ('effect = "blitz"\ntargets = 2', 'effect = "blitz"\ntargets = 1'),
            ('effect = "last_stand"\nbonus = 1', 'effect = "last_stand"\nbonus = 2'),
            ('effect = "supply_drop"\nlevel = 3', 'effect = "supply_drop"\nlevel = 2'),
        )
        monkeypatch.setattr(R, "CARDS", cards)
    return use


def skill_turn(factions, seat, skill_id):
    """The skill step, ``seat`` to act with ``skill_id`` and two other cards in hand."""
    state = empty_position(step="skill", factions=factions)
    state.actor = state.order.index(seat)
    skill = give(state, skill_id)
    for card_id in ("rifle_squad", "supply_dump") if factions[seat] == "us" else ():
        give(state, f"us_{card_id}")
    while len(state.hands[seat]) < 3:
        uid = next(u for u in state.decks[seat] if R.card(u).type == "resource")
        state.decks[seat].remove(uid)
        state.hands[seat].append(uid)
    return state, skill


def choice(state, seat):
    return greedy.choose_action(ENGINE, state, seat, random.Random(0))


def smoke_position():
    state, smoke = skill_turn(["uk", "ss"], 0, "uk_smoke")
    for cell in ("B3", "C3", "D3"):
        put(state, cell, "uk_rifle_section")
    put(state, "B4", "ss_mg42")  # attack 4, reaches B3
    put(state, "C5", "ss_panzer_iv")  # attack 4, reaches C3
    put(state, "D5", "ss_panther")  # attack 5, reaches D3
    return state, smoke


def test_smoke_screen_names_as_many_units_as_its_card_says(edited):
    state, smoke = smoke_position()
    assert choice(state, 0) == PlaySkill(card=smoke, target="C5,D5")
    edited()
    assert choice(state, 0) == PlaySkill(card=smoke, target="B4,C5,D5")


def last_stand_position():
    state, stand = skill_turn(["us", "ss"], 1, "ss_last_stand")
    put(state, "B5", "ss_panzergrenadiers")  # defence 2
    put(state, "C5", "ss_panzergrenadiers")
    for cell in ("B4", "A5", "C4", "D5"):  # attack 4 reaches each of B5 and C5: 2 more than the defence
        put(state, cell, "us_rifle_squad")
    return state, stand


def test_last_stand_is_played_for_what_its_bonus_can_save(edited):
    state, stand = last_stand_position()
    assert choice(state, 1) != PlaySkill(card=stand)  # +1 would not save them
    edited()
    assert choice(state, 1) == PlaySkill(card=stand)  # +2 does


def supply_drop_position():
    state, drop = skill_turn(["us", "ss"], 0, "us_supply_drop")
    put(state, "B1", "us_howitzer_105")  # supply level 3, reaches B4
    put(state, "C3", "us_pershing")  # supply level 3, reaches B4
    put(state, "B4", "ss_panzergrenadiers")
    return state, drop


def test_supply_drop_counts_only_the_units_its_level_supplies(edited):
    state, drop = supply_drop_position()
    assert choice(state, 0) == PlaySkill(card=drop)  # level 3: both attack
    edited()
    assert choice(state, 0) != PlaySkill(card=drop)  # level 2 supplies neither


def blitz_position():
    state, blitz = skill_turn(["us", "ss"], 1, "ss_blitz")
    for column in "BD":
        put(state, f"{column}5", "ss_ammo_depot")  # supplies the square two rows ahead
        put(state, f"{column}4", "ss_panzergrenadiers")  # one step from enemy territory, supplied there
    put(state, "A3", "us_supply_dump")  # a target next to B3
    put(state, "D2", "us_supply_dump")  # and next to D3
    return state, blitz


def test_blitz_moves_as_many_units_as_its_card_allows(edited):
    state, blitz = blitz_position()
    first = choice(state, 1)
    assert isinstance(first, PlaySkill) and first.card == blitz and len(first.target.split(",")) == 2
    edited()
    second = choice(state, 1)
    assert isinstance(second, PlaySkill) and len(second.target.split(",")) == 1


def test_the_bunker_gives_the_bonus_of_its_card(tmp_path, monkeypatch):
    state = empty_position(step="attack")
    unit = put(state, "B5", "ss_panzergrenadiers")  # defence 2
    put(state, "B5", "ss_bunker")
    assert R.defence(state, unit, "B5", ["B4"]) == 2 + 1
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert text.count('effect = "bunker"\ndefence = 2\nbonus = 1') == 4  # one Bunker a deck
    path = tmp_path / "cards.toml"
    path.write_text(text.replace('effect = "bunker"\ndefence = 2\nbonus = 1', 'effect = "bunker"\ndefence = 2\nbonus = 3'),
                    encoding="utf-8")
    monkeypatch.setattr(R, "CARDS", load_cards(path))
    assert R.defence(state, unit, "B5", ["B4"]) == 2 + 3
