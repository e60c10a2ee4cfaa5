"""Each rule on a small hand-built position (2 players: US seat 0, SS seat 1)."""
from __future__ import annotations

import pytest
from test_deathfront_support import ENGINE, act, empty_position, fill_hands, give, put

from engines.base import IllegalAction
from engines.deathfront import Attack, Deploy, Move, Pass, PlaceFacility, PlaySkill
from engines.deathfront import rules as R

US, SS = 0, 1


def attack_position(**kw):
    state = empty_position(step="attack", **kw)
    fill_hands(state)
    return state


def keys(events):
    return [e.key.removeprefix("deathfront.ev.") for e in events]


# ---- ranges ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card_id", "cell", "expected"),
    [
        ("us_sherman", "B2", {"A3", "B3", "C3", "B4"}),
        ("ss_panzer_iv", "B6", {"A5", "B5", "C5", "B4"}),
        ("us_howitzer_105", "B1", {"B3", "A4", "B4", "C4"}),
        ("ss_lefh18", "B7", {"B5", "A4", "B4", "C4"}),
        ("us_sniper", "A3", {"A5", "A6"}),
        ("ss_sniper", "A5", {"A3", "A2"}),
        ("us_mortar_60", "A2", {"A4", "B4"}),
        ("ss_mortar_8cm", "D6", {"C4", "D4"}),
        ("us_rifle_squad", "A1", {"A2", "B1"}),
        ("ss_mg42", "C6", {"B5", "C5", "D5"}),
    ],
)
def test_range_patterns_face_the_enemy_for_both_sides(card_id, cell, expected):
    state = empty_position()
    uid = put(state, cell, card_id)
    assert set(R.range_cells(state, cell, uid)) == expected


# ---- supply ------------------------------------------------------------------------------
def test_supply_levels_do_not_add_up():
    state = attack_position()
    put(state, "B4", "ss_panzergrenadiers")
    put(state, "B2", "us_at_57mm")  # level 2, L2 range reaches B4
    put(state, "A2", "us_supply_dump")
    put(state, "C2", "us_supply_dump")
    assert R.supply_level(state, "B2", 0) == 1
    with pytest.raises(IllegalAction) as err:
        act(state, US, Attack(target="B4", attackers=["B2"]))
    assert err.value.key == "deathfront.err.not_supplied"
    put(state, "B1", "us_ammo_depot")  # level 2: X + two forward covers B2
    state2, events = act(state, US, Attack(target="B4", attackers=["B2"]))
    assert keys(events)[0] == "attack_hit"


def test_resource_does_not_supply_its_own_square_and_axis_pattern_is_mirrored():
    state = empty_position()
    put(state, "B7", "ss_ammo_depot")  # X + (0,2) forward: toward row 5
    assert R.supply_level(state, "B5", 1) == 2
    assert R.supply_level(state, "B7", 1) == 0
    assert R.supply_level(state, "B5", 0) == 0  # never supplies the enemy


# ---- attacks -----------------------------------------------------------------------------
def combined_position():
    state = attack_position()
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_rifle_squad")
    put(state, "C4", "us_rifle_squad")
    put(state, "B4", "ss_panzergrenadiers")  # defence 2
    # (issue 31) The SS can win an attack too, so after the US player's
    # failed one the attack step (and the round) goes on.
    put(state, "B6", "ss_supply_dump")
    put(state, "A5", "ss_mg42")
    return state


def test_attack_equal_to_defence_fails_and_exhausts():
    state = combined_position()
    after, events = act(state, US, Attack(target="B4", attackers=["A4"]))
    event = events[0]
    assert event.key == "deathfront.ev.attack_miss"
    assert (event.params["total"], event.params["defence"]) == (2, 2)
    assert "B4" in after.pieces
    assert after.pieces["A4"] in after.exhausted


def test_combined_attack_sums_and_must_be_greater():
    state = combined_position()
    after, events = act(state, US, Attack(target="B4", attackers=["A4", "C4"]))
    assert events[0].key == "deathfront.ev.attack_hit"
    assert events[0].params["total"] == 4
    assert "B4" not in after.pieces
    assert any(R.card(u).id == "ss_panzergrenadiers" for u in after.discards[SS])


def test_exhausted_unit_cannot_attack_again():
    state = combined_position()
    state, _ = act(state, US, Attack(target="B4", attackers=["A4"]))
    state.actor = 0  # back to the US player for the test
    with pytest.raises(IllegalAction) as err:
        act(state, US, Attack(target="B4", attackers=["A4", "C4"]))
    assert err.value.key == "deathfront.err.exhausted"


def test_out_of_range_attack_is_refused():
    state = combined_position()
    put(state, "A6", "ss_sniper")
    with pytest.raises(IllegalAction) as err:
        act(state, US, Attack(target="A6", attackers=["A4"]))
    assert err.value.key == "deathfront.err.out_of_range"


def test_anti_armour_only_against_armoured_targets():
    state = attack_position()
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_bazooka")  # 2, anti-armour +2, range F: reaches A5, B5
    put(state, "B5", "ss_puma")  # armoured, defence 3
    put(state, "A5", "ss_panzergrenadiers")  # defence 2
    after, events = act(state, US, Attack(target="B5", attackers=["A4"]))
    assert events[0].key == "deathfront.ev.attack_hit" and events[0].params["total"] == 4
    state.exhausted = []
    after, events = act(state, US, Attack(target="A5", attackers=["A4"]))
    assert events[0].key == "deathfront.ev.attack_miss" and events[0].params["total"] == 2


def test_concealed_only_against_attackers_that_are_not_adjacent():
    state = attack_position()
    put(state, "B2", "us_supply_dump")
    put(state, "B3", "us_rifle_squad")
    put(state, "A3", "us_sniper")  # S: A5, A6
    sniper = put(state, "B4", "ss_sniper")  # defence 1, concealed
    assert R.defence(state, sniper, "B4", ["B3"]) == 1
    state2 = state.model_copy(deep=True)
    put(state2, "A2", "us_mortar_60")  # I2 from A2: A4, B4
    assert R.defence(state2, sniper, "B4", ["A2"]) == 2
    _, events = act(state, US, Attack(target="B4", attackers=["B3"]))
    assert events[0].key == "deathfront.ev.attack_hit"


def test_bunker_adds_one_defence_to_its_owner_side_only():
    state = attack_position()
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_rifle_squad")
    put(state, "C4", "us_m1919")  # 3 attack, F reaches B5, C5, D5
    grenadiers = put(state, "B4", "ss_panzergrenadiers")
    put(state, "B4", "ss_bunker")
    assert R.defence(state, grenadiers, "B4", ["A4"]) == 3
    _, events = act(state, US, Attack(target="B4", attackers=["A4"]))
    assert events[0].params["defence"] == 3 and events[0].key.endswith("miss")
    # an enemy unit standing on the bunker gets nothing from it
    state = empty_position()
    rifle = put(state, "B5", "us_rifle_squad")
    put(state, "B5", "ss_bunker")
    assert R.defence(state, rifle, "B5", ["B6"]) == 2


def test_attacking_a_facility_and_a_resource():
    state = attack_position()
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_m1919")  # F: A5, B5
    put(state, "B5", "ss_minefield")  # defence 1
    put(state, "A5", "ss_supply_dump")
    after, events = act(state, US, Attack(target="B5", attackers=["A4"]))
    assert events[0].key == "deathfront.ev.attack_hit" and "B5" not in after.facilities
    after, events = act(state, US, Attack(target="A5", attackers=["A4"]))
    assert events[0].key == "deathfront.ev.attack_hit" and "A5" not in after.pieces


def test_advance_into_the_destroyed_units_square_but_not_indirect_into_enemy_territory():
    state = attack_position()
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_rifle_squad")
    put(state, "C4", "us_m1919")
    put(state, "B5", "ss_panzergrenadiers")
    put(state, "A3", "us_mortar_60")  # I2 from A3: A5, B5
    put(state, "A2", "us_supply_dump")
    state, events = act(state, US, Attack(target="B5", attackers=["C4", "A3"]))
    assert events[0].key.endswith("hit")
    assert ENGINE.to_act(state) == [US]
    assert state.pending_advance.candidates == ["C4"]  # not the mortar
    with pytest.raises(IllegalAction):
        act(state, US, Move(from_cell="A3", to_cell="B5"))
    state, events = act(state, US, Move(from_cell="C4", to_cell="B5"))
    assert keys(events) == ["advance"] + keys(events)[1:]
    assert R.card(state.pieces["B5"]).id == "us_m1919"
    assert state.pending_advance is None


# ---- deploy step ----------------------------------------------------------------------------
def deploy_position():
    state = empty_position(step="deploy")
    fill_hands(state)
    return state


def test_deploy_only_in_own_territory_and_airborne_on_the_front_line():
    state = deploy_position()
    rifle = give(state, "us_rifle_squad")
    for cell, key in (("B5", "not_own_territory"), ("B4", "front_line_needs_airborne")):
        with pytest.raises(IllegalAction) as err:
            act(state, US, Deploy(card=rifle, cell=cell))
        assert err.value.key == f"deathfront.err.{key}"
    assert "B4" not in R.deploy_cells(state, US, rifle)
    airborne = give(state, "us_airborne_101")
    assert "B4" in R.deploy_cells(state, US, airborne)
    after, events = act(state, US, Deploy(card=airborne, cell="B4"))
    assert after.pieces["B4"] == airborne and events[0].params["cell"] == "B4"


def test_commandos_infiltrate_on_the_front_line():
    state = empty_position(factions=["uk", "wehrmacht"])
    uid = give(state, "uk_commandos")
    assert {"A4", "B4", "C4", "D4"} <= set(R.deploy_cells(state, 0, uid))


def test_no_card_enters_a_square_with_a_unit_or_resource():
    state = deploy_position()
    put(state, "B2", "us_supply_dump")
    rifle = give(state, "us_rifle_squad")
    with pytest.raises(IllegalAction) as err:
        act(state, US, Deploy(card=rifle, cell="B2"))
    assert err.value.key == "deathfront.err.occupied"


def test_orthogonal_moves_once_per_round_fast_moves_two():
    state = deploy_position()
    put(state, "B2", "us_rifle_squad")
    put(state, "C4", "ss_panzergrenadiers")
    assert set(R.move_paths(state, US, "B2")) == {"A2", "C2", "B1", "B3"}
    with pytest.raises(IllegalAction) as err:
        act(state, US, Move(from_cell="B2", to_cell="C3"))
    assert err.value.key == "deathfront.err.too_far"
    after, _ = act(state, US, Move(from_cell="B2", to_cell="B3"))
    after.actor = 0
    with pytest.raises(IllegalAction) as err:
        act(after, US, Move(from_cell="B3", to_cell="B4"))
    assert err.value.key == "deathfront.err.already_moved"
    fast = empty_position()
    put(fast, "B2", "us_m8")
    assert {"B4", "C3", "A3", "D2"} <= set(R.move_paths(fast, US, "B2"))
    assert "C4" not in R.move_paths(fast, US, "B2")


def test_indirect_units_may_not_enter_enemy_territory():
    state = deploy_position()
    put(state, "B4", "us_priest")
    assert "B5" not in R.move_paths(state, US, "B4")
    assert "A4" in R.move_paths(state, US, "B4")


def test_mine_destroys_an_entering_enemy_but_not_an_engineer_or_its_owner():
    state = deploy_position()
    put(state, "B5", "ss_minefield")
    put(state, "B4", "us_rifle_squad")
    put(state, "C4", "us_engineers")
    after, events = act(state, US, Move(from_cell="B4", to_cell="B5"))
    assert "deathfront.ev.mine" in [e.key for e in events]
    assert "B5" not in after.pieces and "B5" not in after.facilities
    assert any(R.card(u).id == "us_rifle_squad" for u in after.discards[US])
    assert any(R.card(u).id == "ss_minefield" for u in after.discards[SS])
    # the engineer walks over it
    state.pieces.pop("B4")
    state.pieces["C5"] = state.pieces.pop("C4")
    after, events = act(state, US, Move(from_cell="C5", to_cell="B5"))
    assert "deathfront.ev.mine" not in [e.key for e in events]
    assert "B5" in after.pieces and "B5" in after.facilities
    # the owner's side is unaffected
    state = deploy_position()
    put(state, "B5", "ss_minefield")
    put(state, "B6", "ss_panzergrenadiers")
    state.actor = 1
    after, events = act(state, SS, Move(from_cell="B6", to_cell="B5"))
    assert "B5" in after.pieces and "B5" in after.facilities


def test_mine_spares_the_owners_teammate_in_four_players():
    state = empty_position(players=4)
    fill_hands(state)
    wehrmacht = state.factions.index("wehrmacht")
    put(state, "B5", "ss_minefield")
    put(state, "B6", "wehrmacht_grenadiers")
    state.actor = state.order.index(wehrmacht)
    after, events = act(state, wehrmacht, Move(from_cell="B6", to_cell="B5"))
    assert "B5" in after.pieces


def test_anti_tank_obstacle_stops_armour_of_both_sides():
    state = deploy_position()
    put(state, "B5", "ss_anti_tank")
    put(state, "B4", "us_sherman")
    put(state, "B6", "ss_panzer_iv")
    put(state, "A5", "us_rifle_squad")
    assert "B5" not in R.move_paths(state, US, "B4")
    assert "B5" not in R.move_paths(state, SS, "B6")
    assert "B5" in R.move_paths(state, US, "A5")
    with pytest.raises(IllegalAction) as err:
        act(state, US, Move(from_cell="B4", to_cell="B5"))
    assert err.value.key == "deathfront.err.cannot_enter"


def end_deploy_step(state):
    """Both players pass the deploy step; returns the state and all events."""
    events = []
    while state.step == "deploy" and not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state, evs = act(state, seat, Pass())
        events += evs
    return state, events


def test_resource_next_to_an_enemy_unit_is_discarded_after_the_deploy_step():
    state = deploy_position()
    put(state, "B3", "us_supply_dump")
    put(state, "D3", "us_supply_dump")
    put(state, "B4", "ss_panzergrenadiers")
    put(state, "D1", "us_rifle_squad")
    assert "B3" in state.pieces
    state, events = end_deploy_step(state)
    assert "B3" not in state.pieces and "D3" in state.pieces
    assert "deathfront.ev.resource_lost" in [e.key for e in events]


def test_engineer_removes_an_enemy_facility_next_to_it():
    state = deploy_position()
    put(state, "B5", "ss_minefield")
    put(state, "C6", "ss_bunker")
    put(state, "B4", "us_engineers")
    put(state, "A7", "ss_panzergrenadiers")
    state, events = end_deploy_step(state)
    assert "B5" not in state.facilities and "C6" in state.facilities
    assert "deathfront.ev.facility_removed" in [e.key for e in events]


# ---- facilities -------------------------------------------------------------------------------
def test_facilities_go_on_own_squares_without_a_facility():
    state = empty_position(step="facility")
    fill_hands(state)
    mine = give(state, "us_minefield")
    bunker = give(state, "us_bunker")
    put(state, "B3", "us_anti_tank")
    for cell, key in (("B5", "not_own_territory"), ("B3", "has_facility")):
        with pytest.raises(IllegalAction) as err:
            act(state, US, PlaceFacility(card=mine, cell=cell))
        assert err.value.key == f"deathfront.err.{key}"
    after, events = act(state, US, PlaceFacility(card=mine, cell="C3"))
    assert after.facilities["C3"] == mine and bunker in after.hands[US]


# ---- skills ---------------------------------------------------------------------------------
def skill_position(factions=None):
    state = empty_position(step="skill", factions=factions)
    fill_hands(state)
    return state


def test_air_strike_destroys_any_enemy_card():
    state = skill_position()
    strike = give(state, "us_p47")
    put(state, "C7", "ss_panther")  # defence 4 < 6
    after, events = act(state, US, PlaySkill(card=strike, target="c7"))
    assert "deathfront.ev.skill_hit" in [e.key for e in events]
    assert "C7" not in after.pieces and strike in after.discards[US]


def test_typhoon_anti_armour_and_barrage_three_squares():
    state = skill_position(factions=["uk", "wehrmacht"])
    typhoon = give(state, "uk_typhoon")
    put(state, "B6", "wehrmacht_tiger")  # defence 5 < 4 + 2
    after, events = act(state, 0, PlaySkill(card=typhoon, target="B6"))
    assert "B6" not in after.pieces
    state = skill_position(factions=["uk", "wehrmacht"])
    state.actor = 1
    barrage = give(state, "wehrmacht_barrage")
    for cell in ("A3", "B3", "C3", "D3"):
        put(state, cell, "uk_rifle_section")
    after, events = act(state, 1, PlaySkill(card=barrage, target="A3"))
    assert [c for c in ("A3", "B3", "C3", "D3") if c in after.pieces] == ["D3"]


def test_smoke_screen_stops_enemy_attacks_this_round():
    state = skill_position(factions=["uk", "wehrmacht"])
    smoke = give(state, "uk_smoke")
    put(state, "B5", "wehrmacht_grenadiers")
    put(state, "B6", "wehrmacht_supply_dump")
    put(state, "B4", "uk_rifle_section")
    give(state, "wehrmacht_stuka")  # so the Wehrmacht player still has a choice to make
    after, _ = act(state, 0, PlaySkill(card=smoke, target="B5"))
    assert after.step == "skill" and after.smoked == [after.pieces["B5"]]
    after.step, after.actor = "attack", 1
    with pytest.raises(IllegalAction) as err:
        act(after, 1, Attack(target="B4", attackers=["B5"]))
    assert err.value.key == "deathfront.err.smoked"


def test_last_stand_blitz_and_supply_drop():
    state = skill_position()
    state.actor = 1
    stand = give(state, "ss_last_stand")
    unit = put(state, "B5", "ss_panzergrenadiers")
    give(state, "us_p47")  # the US player still has a choice: the round goes on
    after, _ = act(state, SS, PlaySkill(card=stand, target=None))
    assert R.defence(after, unit, "B5", ["B4"]) == 3
    state = skill_position()
    state.actor = 1
    blitz = give(state, "ss_blitz")
    put(state, "B5", "ss_panzergrenadiers")
    put(state, "C5", "ss_panzergrenadiers")
    after, _ = act(state, SS, PlaySkill(card=blitz, target="B5>B4, c5-C4"))
    assert {"B4", "C4"} <= set(after.pieces) and "B5" not in after.pieces
    state = skill_position()
    drop = give(state, "us_supply_drop")
    put(state, "B1", "us_pershing")
    put(state, "B6", "ss_panzergrenadiers")
    give(state, "ss_last_stand")
    assert not R.is_supplied(state, "B1", state.pieces["B1"])
    after, _ = act(state, US, PlaySkill(card=drop))
    assert after.step == "skill"
    assert R.is_supplied(after, "B1", after.pieces["B1"])


# ---- errors change nothing -------------------------------------------------------------------
def test_illegal_action_leaves_the_state_untouched_and_checks_the_turn():
    state = combined_position()
    before = state.model_dump()
    with pytest.raises(IllegalAction) as err:
        act(state, SS, Attack(target="A4", attackers=["B4"]))
    assert err.value.key == "deathfront.err.not_your_turn"
    with pytest.raises(IllegalAction):
        act(state, US, Attack(target="A4", attackers=["C4"]))
    assert state.model_dump() == before
