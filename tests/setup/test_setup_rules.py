"""The pure contract functions: combos, scoring_squares, IllegalPlay."""
import pytest

from engines.base import IllegalAction
from engines.setup import rules
from engines.setup.rules import IllegalPlay, combos, scoring_squares


def combo_set(board):
    return set(combos(board))


def test_board_has_thirty_lines_and_the_centre_diagonals_cross():
    assert len(rules.LINES) == 30
    assert ("C1", "C4") in rules.LINES and ("C2", "C3") in rules.LINES
    assert rules.NEIGHBOURS["C1"] == {"N1", "N2", "W1", "C2", "W2", "C3", "C4"}
    assert "E1" not in rules.NEIGHBOURS["C1"]


def test_set_along_a_line():
    assert combo_set({"C1": "★7", "C2": "♥7"}) == {frozenset({"C1", "C2"})}


def test_set_of_three_joined_in_a_chain():
    board = {"W1": "★7", "C1": "♥7", "C2": "♦7", "E1": "♣7"}
    assert combo_set(board) == {frozenset(board)}


def test_same_number_on_squares_that_do_not_touch_is_no_combo():
    assert combos({"N1": "★7", "S1": "♥7"}) == []
    assert combos({"C1": "★7", "E2": "♥7"}) == []


def test_run_may_turn():
    board = {"W1": "♥3", "C1": "♥4", "N2": "♥5", "C2": "♥6"}
    assert combo_set(board) == {frozenset(board)}


def test_run_needs_consecutive_numbers_of_one_suit():
    assert combos({"C1": "♥3", "C2": "♥5"}) == []
    assert combos({"C1": "♥3", "C2": "★4"}) == []


def test_paths_may_cross():
    board = {"C1": "♦1", "C4": "♦2", "C2": "♣5", "C3": "♣6"}
    assert combo_set(board) == {frozenset({"C1", "C4"}), frozenset({"C2", "C3"})}


def test_ten_is_not_followed_by_one():
    assert combos({"C1": "★10", "C2": "★1"}) == []
    assert combo_set({"C1": "★10", "C2": "★9"}) == {frozenset({"C1", "C2"})}


def test_one_tile_can_be_in_a_set_and_a_run():
    board = {"C1": "♥5", "C2": "♥6", "C3": "★6"}
    assert combo_set(board) == {frozenset({"C1", "C2"}), frozenset({"C2", "C3"})}


def test_covered_tiles_are_out_of_play():
    board = {"C1": "♥7", "C2": "★7", "C3": "♦2"}
    # ♦3 covers ★7: the ♥7-★7 set is gone, the ♦2-♦3 run is made.
    assert scoring_squares(board, {"C2": "♦3"}) == {"C2", "C3"}


def test_placed_tiles_may_join_only_through_a_board_tile():
    board = {"C2": "♥5"}
    assert scoring_squares(board, {"C1": "♥4", "E1": "♥6"}) == {"C1", "C2", "E1"}


def test_two_separate_combos_are_rejected():
    board = {"C2": "♦7", "S2": "♣7"}
    with pytest.raises(IllegalPlay) as err:
        scoring_squares(board, {"C1": "♥7", "S1": "★7"})
    assert err.value.key == "setup.err.not_one_combo"


def test_a_set_and_a_separate_run_are_rejected():
    board = {"W1": "♦7", "E2": "★4"}
    with pytest.raises(IllegalPlay) as err:
        scoring_squares(board, {"N1": "★7", "S2": "★3"})
    assert err.value.key == "setup.err.not_one_combo"


def test_placed_tile_outside_the_combo_is_rejected():
    board = {"C2": "♦7"}
    with pytest.raises(IllegalPlay) as err:
        scoring_squares(board, {"C1": "♥7", "S1": "♠2"})
    assert err.value.key == "setup.err.not_one_combo"


def test_single_tile_forming_nothing_is_rejected():
    with pytest.raises(IllegalPlay) as err:
        scoring_squares({"C1": "♥3"}, {"C2": "♠9"})
    assert err.value.key == "setup.err.no_combo"


def test_placed_tiles_in_one_combo_need_no_board_tile():
    assert scoring_squares({}, {"C1": "♥3", "C4": "★3"}) == {"C1", "C4"}


def test_empty_placement_is_rejected():
    with pytest.raises(IllegalPlay):
        scoring_squares({"C1": "♥3"}, {})


def test_illegal_play_is_a_value_error_and_an_illegal_action():
    assert issubclass(IllegalPlay, ValueError) and issubclass(IllegalPlay, IllegalAction)


def test_score_counts_each_tile_once_across_combos():
    # ♥6 on C2 makes the run ♥5-♥6 and the set ♥6-★6: three tiles, three points.
    board = {"C1": "♥5", "C3": "★6"}
    squares = scoring_squares(board, {"C2": "♥6"})
    assert squares == {"C1", "C2", "C3"}
    assert len(squares) == 3


def test_other_combos_formed_by_the_play_also_score():
    # ★6 on C2 makes a set with ♥6 on C4 and a run with ★5 on E1.
    board = {"C4": "♥6", "E1": "★5", "S1": "♠9"}
    assert scoring_squares(board, {"C2": "★6"}) == {"C2", "C4", "E1"}


def test_combos_not_touching_the_placed_tiles_do_not_score():
    board = {"S1": "♠9", "S2": "♣9", "N1": "♥2"}
    assert scoring_squares(board, {"N2": "♥3"}) == {"N1", "N2"}


def test_bonus_goes_to_owners_of_bonus_squares():
    scoring = frozenset({"W1", "W2", "C3", "N1", "S1"})
    # four players: seat 0 = S, 1 = W, 2 = N, 3 = E; seat 0 is active.
    assert rules.bonus_points(scoring, 0, 4) == {1: 2, 2: 1}
    assert rules.bonus_points(scoring, 1, 4) == {0: 1, 2: 1}


def test_unused_seats_squares_are_public():
    owners = rules.square_owners(2)
    assert owners["S1"] == 0 and owners["N2"] == 1
    assert owners["W1"] is None and owners["E2"] is None
    assert set(rules.allowed_squares(0, 2)) == {"C1", "C2", "C3", "C4", "S1", "S2", "W1", "W2", "E1", "E2"}
    assert rules.square_owners(3)["E1"] is None and rules.square_owners(3)["N1"] == 2
    assert set(rules.allowed_squares(1, 4)) == {"C1", "C2", "C3", "C4", "W1", "W2"}
    assert rules.bonus_points(frozenset({"W1", "E2"}), 0, 2) == {}


def test_default_finish_lines():
    assert [rules.default_finish_line(n) for n in (2, 3, 4)] == [40, 35, 30]
