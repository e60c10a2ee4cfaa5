"""Forgiving input parsing and the autocomplete helpers."""
from __future__ import annotations

from test_deathfront_support import ENGINE, empty_position, fill_hands, give, new_game, play_out, put

from engines.deathfront import notation as N


def test_cells_any_case_full_width_and_bounds():
    assert N.parse_cell(" b5 ") == "B5"
    assert N.parse_cell("ｃ７") == "C7"
    assert N.parse_cell("E1", columns=4) is None
    assert N.parse_cell("A8") is None and N.parse_cell("5B") is None and N.parse_cell("") is None


def test_cell_lists_with_chinese_commas_and_spaces():
    assert N.parse_cells("b3，C3、d3") == ["B3", "C3", "D3"]
    assert N.parse_cells("A1, b2 ;C3") == ["A1", "B2", "C3"]
    assert N.parse_cells("A1, Z9") is None
    assert N.parse_target("b5 f") == ("B5", True)
    assert N.parse_target("Ｂ５") == ("B5", False)
    assert N.parse_moves("B3>B4， c3-c4") == [("B3", "B4"), ("C3", "C4")]
    assert N.parse_moves("B3") is None


def test_card_references_from_the_hand():
    state = empty_position()
    sherman = give(state, "us_sherman")
    hand = state.hands[0]
    assert N.resolve_card(hand, sherman.upper()) == sherman
    assert N.resolve_card(hand, "us_sherman") == sherman
    assert N.resolve_card(hand, "M4 sherman") == sherman
    assert N.resolve_card(hand, "謝爾曼") == sherman and N.resolve_card(hand, "谢尔曼") == sherman
    assert N.resolve_card(hand, "us_pershing") is None


def test_hand_choices_lists_each_kind_once_and_filters():
    state = empty_position()
    give(state, "us_rifle_squad")
    give(state, "us_rifle_squad")
    give(state, "us_bunker")
    view = ENGINE.private_view(state, 0)
    choices = N.hand_choices(view)
    assert len(choices) == 2
    label, uid = choices[0]
    assert label == "Rifle Squad 2/2 · range X · supply level 1 ×2" and uid.startswith("us_rifle_squad-")
    assert [u for _, u in N.hand_choices(view, kinds=["facility"])] == [state.hands[0][2]]
    assert N.hand_choices(view, locale="zh-TW")[0][0] == "步兵班 2/2 · 攻擊範圍 X · 補給等級 1 ×2"


def test_legal_cells_and_ready_attackers():
    state = empty_position(step="attack")
    fill_hands(state)
    put(state, "B3", "us_supply_dump")
    put(state, "A4", "us_rifle_squad")
    put(state, "C4", "us_rifle_squad")
    put(state, "A1", "us_rifle_squad")  # unsupplied
    put(state, "B4", "ss_panzergrenadiers")
    assert N.legal_cells(state, 0, "attack") == ["B4"]
    assert N.ready_attackers(state, 0, "b4") == ["A4", "C4"]
    deploy = empty_position()
    rifle = give(deploy, "us_rifle_squad")
    put(deploy, "A1", "us_supply_dump")
    cells = N.legal_cells(deploy, 0, "deploy", rifle)
    assert "A1" not in cells and "B3" in cells and "B4" not in cells and len(cells) == 11
    put(deploy, "B2", "us_m8")
    assert "B4" in N.legal_cells(deploy, 0, "move", "b2")
    assert "B2" in N.legal_cells(deploy, 0, "move")
    mine = give(deploy, "us_minefield")
    assert len(N.legal_cells(deploy, 0, "facility", mine)) == 12


def test_autocomplete_answers_on_a_busy_board():
    """Every helper behind autocomplete answers with legal data on a busy
    board (its speed is measured in bench/, not asserted here)."""
    state = play_out(new_game(players=4, seed=4), seed=4)
    state = state.model_copy(deep=True)
    state.result = None
    state.step = "attack"
    for seat in range(4):
        view = ENGINE.private_view(state, seat)
        assert N.hand_choices(view) is not None
        for cell in list(state.pieces)[:5]:
            N.legal_cells(state, seat, "move", cell)
            N.ready_attackers(state, seat, cell)
        assert all(isinstance(cell, str) for cell in N.legal_cells(state, seat, "attack"))
