"""Turns, hands, the bag, scoring events and the end of the game."""
import pytest

from engines.base import IllegalAction, SeatInfo
from engines.setup import rules
from engines.setup.engine import ffa_ranks, team_ranks
from engines.setup.models import PlayAction, SetupConfig, SwapAction


def seats(n):
    return [SeatInfo(name=f"p{i}") for i in range(n)]


def play(*pairs):
    return PlayAction(placements=list(pairs))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_deals_board_hands_common(engine, all_tiles, players):
    state = engine.new_game(SetupConfig(), seats(players), seed=3)
    assert all(len(state.stacks[sq]) == 1 for sq in rules.PUBLIC_SQUARES)
    assert sum(len(s) for s in state.stacks.values()) == 4
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.common) == 4
    assert len(state.bag) == 50 - 8 - 4 * players
    assert sorted(all_tiles(state)) == sorted(rules.ALL_TILES)
    assert state.scores == [0] * players


def test_seat_counts(engine):
    assert engine.allowed_seat_counts(SetupConfig()) == [2, 3, 4]
    assert engine.allowed_seat_counts(SetupConfig(mode="teams")) == [4]
    with pytest.raises(IllegalAction) as err:
        engine.new_game(SetupConfig(mode="teams"), seats(3), seed=1)
    assert err.value.key == "setup.err.seat_count"


def test_first_player_is_random_but_seeded(engine):
    firsts = {engine.to_act(engine.new_game(SetupConfig(), seats(4), seed=s))[0] for s in range(30)}
    assert firsts == {0, 1, 2, 3}
    a = engine.new_game(SetupConfig(), seats(3), seed=11)
    b = engine.new_game(SetupConfig(), seats(3), seed=11)
    assert a == b


def test_play_scores_moves_tiles_and_passes_the_turn(engine, build_state, all_tiles):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"])
    new, events = engine.apply(state, 0, play(("★7", "C2"), ("♦7", "C4")))
    assert new.scores == [3, 0]
    assert new.stacks["C2"] == ["★7"] and new.stacks["C4"] == ["♦7"]
    assert "★7" not in new.hands[0] and "♦7" not in new.common
    assert len(new.hands[0]) == 4 and len(new.common) == 4
    assert engine.to_act(new) == [1]
    assert events[0].key == "setup.ev.play"
    assert events[0].params == {"seat": 0, "move": rules.plain("★7 C2, ♦7 C4"), "points": 3, "total": 3}
    assert sorted(all_tiles(new)) == sorted(rules.ALL_TILES)
    assert state.stacks["C2"] == []  # apply never mutates its input


def test_bonus_points_go_to_the_owner_with_an_event(engine, build_state):
    # Four players: seat 1 owns W1/W2. Seat 0 makes a run through both.
    state = build_state(players=4, stacks={"W1": "♦3", "W2": "♦4"},
                        hands=[["♦5", "♣1", "♣2", "♣3"], ["♠1", "♠2", "♠3", "♠4"], ["♠5", "♠6", "♠7", "♠8"],
                               ["♥1", "♥2", "♥3", "♥4"]], common=["★1", "★2", "★3", "★4"])
    new, events = engine.apply(state, 0, play(("♦5", "C3")))
    assert new.scores == [3, 2, 0, 0]
    bonus = [e for e in events if e.key == "setup.ev.bonus"]
    assert len(bonus) == 1
    assert bonus[0].params == {"seat": 1, "by_seat": 0, "tiles": rules.plain("♦3 W1, ♦4 W2"), "points": 2, "total": 2}
    assert new.last_move.bonuses == {1: 2}


def test_covering_keeps_the_stack_and_hides_the_covered_tile(engine, build_state):
    state = build_state(stacks={"C1": "♥7", "C2": "★7", "C3": "♦2"},
                        hands=[["♦3", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♥1", "♥2", "♥3", "♥4"])
    new, _ = engine.apply(state, 0, play(("♦3", "C2")))
    assert new.stacks["C2"] == ["★7", "♦3"]
    assert new.scores[0] == 2
    view = engine.public_view(new)
    c2 = next(s for s in view.squares if s.square == "C2")
    assert c2.top == "♦3" and c2.under == 1


def test_refill_takes_the_common_hand_first(engine, build_state):
    # The bag pops from its end: "♠10" then "♠9" go to the common hand, "♠8" to the player.
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♣7", "♥2", "♥3"], bag=["♠8", "♠9", "♠10"], rest_under="C1")
    new, _ = engine.apply(state, 0, play(("★7", "C2"), ("♦7", "C4"), ("♣7", "C3")))
    assert sorted(new.common) == sorted(["♥2", "♥3", "♠10", "♠9"])
    assert "♠8" in new.hands[0] and len(new.hands[0]) == 4
    assert new.bag == []


def test_empty_bag_sends_covered_tiles_back(engine, build_state, all_tiles):
    state = build_state(stacks={"C1": "♥7", "S1": "♠3"},
                        hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"], bag=[], rest_under="S1")
    covered = len(state.stacks["S1"]) - 1
    new, events = engine.apply(state, 0, play(("★7", "C2")))
    recycle = [e for e in events if e.key == "setup.ev.recycle"]
    assert recycle and recycle[0].params == {"count": covered}
    assert all(len(stack) <= 1 for stack in new.stacks.values())
    assert new.stacks["S1"] == ["♠3"] and new.stacks["C2"] == ["★7"]
    assert len(new.hands[0]) == 4 and len(new.bag) == covered - 1
    assert sorted(all_tiles(new)) == sorted(rules.ALL_TILES)


def test_swap_keeps_hand_size_and_reveals_only_the_count(engine, build_state, all_tiles):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"])
    new, events = engine.apply(state, 0, SwapAction(tiles=["♣2", "♣3"]))
    assert len(new.hands[0]) == 4 and "★7" in new.hands[0] and "♣4" in new.hands[0]
    assert len(new.bag) == len(state.bag)
    assert [e.key for e in events] == ["setup.ev.swap"]
    assert events[0].params == {"seat": 0, "count": 2}
    assert engine.to_act(new) == [1]
    assert sorted(all_tiles(new)) == sorted(rules.ALL_TILES)


@pytest.mark.parametrize("tiles, key", [
    ([], "setup.err.swap_empty"),
    (["♦7"], "setup.err.swap_not_in_hand"),  # a common tile
    (["♣2", "♣2"], "setup.err.duplicate_tile"),
])
def test_bad_swaps(engine, build_state, tiles, key):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"])
    with pytest.raises(IllegalAction) as err:
        engine.apply(state, 0, SwapAction(tiles=tiles))
    assert err.value.key == key


@pytest.mark.parametrize("placements, key", [
    ([("★7", "N1")], "setup.err.square_not_allowed"),  # seat 1's bonus square with 2 players
    ([("♦9", "C2")], "setup.err.tile_not_available"),  # the opponent's tile
    ([("★7", "C2"), ("♦7", "C2")], "setup.err.duplicate_square"),
    ([("★7", "C2"), ("★7", "C3")], "setup.err.duplicate_tile"),
    ([("★11", "C2")], "setup.err.unknown_tile"),
    ([("★7", "X9")], "setup.err.unknown_square"),
    ([("♣2", "C2")], "setup.err.no_combo"),
    ([], "setup.err.play_count"),
    ([(t, sq) for t, sq in zip(["★7", "♣2", "♣3", "♣4", "♦7", "♥1", "♥2", "♥3", "♠5"], rules.SQUARES)],
     "setup.err.play_count"),
])
def test_bad_plays_change_nothing(engine, build_state, placements, key):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"])
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction) as err:
        engine.apply(state, 0, PlayAction(placements=placements))
    assert err.value.key == key
    assert state == before


def test_only_the_seat_to_act_may_act(engine, build_state):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦7", "♦8", "♠1", "♠2"]],
                        common=["♥1", "♥2", "♥3", "♥4"])
    with pytest.raises(IllegalAction) as err:
        engine.apply(state, 1, play(("♦7", "C2")))
    assert err.value.key == "setup.err.not_your_turn"
    assert engine.legal_actions(state, 1) == []


def test_team_partner_tile_may_not_be_played(engine, build_state):
    state = build_state(players=4, mode="teams", stacks={"C1": "♥7"},
                        hands=[["♣1", "♣2", "♣3", "♣4"], ["★7", "♦8", "♠1", "♠2"], ["♦1", "♦2", "♦3", "♦4"],
                               ["♠5", "♠6", "♠7", "♠8"]], common=["♥1", "♥2", "♥3", "♥4"])
    with pytest.raises(IllegalAction) as err:
        engine.apply(state, 0, play(("★7", "C2")))
    assert err.value.key == "setup.err.partner_tile"


def test_team_turn_order_is_a_figure_eight(engine):
    state = engine.new_game(SetupConfig(mode="teams"), seats(4), seed=5)
    order = []
    for _ in range(8):
        seat = engine.to_act(state)[0]
        order.append(seat)
        state, _ = engine.apply(state, seat, SwapAction(tiles=state.hands[seat][:1]))
    start = order.index(0)
    assert (order[start:] + order[:start])[:4] == [0, 2, 1, 3]
    assert engine.teams(state) == [0, 0, 1, 1]


def test_private_views(engine):
    state = engine.new_game(SetupConfig(mode="teams"), seats(4), seed=5)
    view = engine.private_view(state, 2)
    assert view.hand == state.hands[2] and view.partner_seat == 3 and view.partner_hand == state.hands[3]
    assert view.seat_label == "B1" and view.partner_label == "B2"
    assert view.common == state.common
    ffa = engine.new_game(SetupConfig(), seats(3), seed=5)
    solo = engine.private_view(ffa, 1)
    assert solo.partner_hand is None and solo.hand == ffa.hands[1]
    assert set(solo.allowed_squares) == {"C1", "C2", "C3", "C4", "W1", "W2", "E1", "E2"}


def test_reaching_the_finish_line_ends_the_game(engine, build_state):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"], scores=[38, 39])
    new, events = engine.apply(state, 0, play(("★7", "C2")))
    assert new.finished and engine.to_act(new) == [] and engine.legal_actions(new, 1) == []
    result = engine.result(new)
    assert result.ranks == [1, 2] and result.reason == "setup.end.finish_line" and result.scores == [40, 39]
    assert events[-1].key == "setup.ev.winner" and events[-1].params == {"seat": 0, "points": 40}
    with pytest.raises(IllegalAction) as err:
        engine.apply(new, 1, SwapAction(tiles=new.hands[1][:1]))
    assert err.value.key == "setup.err.game_over"


def test_finish_line_is_configurable(engine, build_state):
    state = build_state(stacks={"C1": "♥7"}, hands=[["★7", "♣2", "♣3", "♣4"], ["♦9", "♦8", "♠1", "♠2"]],
                        common=["♦7", "♥1", "♥2", "♥3"], finish=2)
    new, _ = engine.apply(state, 0, play(("★7", "C2")))
    assert new.finished and engine.public_view(new).finish == 2


def test_bonus_can_push_another_pawn_to_a_tie_and_the_placer_wins(engine, build_state):
    # Seat 0 scores 3 (27 -> 30); seat 1 gets 2 bonus (28 -> 30). Seat 0 placed last.
    state = build_state(players=4, stacks={"W1": "♦3", "W2": "♦4"},
                        hands=[["♦5", "♣1", "♣2", "♣3"], ["♠1", "♠2", "♠3", "♠4"], ["♠5", "♠6", "♠7", "♠8"],
                               ["♥1", "♥2", "♥3", "♥4"]], common=["★1", "★2", "★3", "★4"],
                        scores=[27, 28, 5, 5])
    state.last_placed = [3, 6, 4, 5]
    state.move_number = 7
    new, events = engine.apply(state, 0, play(("♦5", "C3")))
    assert new.scores == [30, 30, 5, 5]
    assert engine.result(new).ranks == [1, 2, 4, 3]  # seat 3 placed after seat 2
    assert events[-1].params["seat"] == 0


def test_ffa_ranking_tie_breaks():
    assert ffa_ranks([30, 30, 10], [3, 5, -1]) == [2, 1, 3]
    assert ffa_ranks([12, 30, 12, 12], [4, 5, 6, 2]) == [3, 1, 2, 4]
    assert ffa_ranks([0, 0], [-1, -1]) == [1, 1]


def test_team_with_the_last_pawn_loses():
    # Seats 0, 1 are team A; 2, 3 team B. B2 is alone in last place.
    assert team_ranks([30, 12, 25, 10], [1, 2, 3, 4]) == [1, 1, 2, 2]
    assert team_ranks([10, 31, 25, 20], [1, 2, 3, 4]) == [2, 2, 1, 1]


def test_team_shared_last_place_goes_to_the_first_place_team():
    assert team_ranks([10, 20, 10, 32], [9, 2, 3, 4]) == [2, 2, 1, 1]
    assert team_ranks([33, 10, 10, 25], [1, 2, 3, 9]) == [1, 1, 2, 2]


def test_team_shared_first_and_last_go_to_the_team_that_placed_last():
    assert team_ranks([30, 10, 10, 30], [1, 7, 3, 4]) == [1, 1, 2, 2]
    assert team_ranks([30, 10, 10, 30], [1, 2, 3, 8]) == [2, 2, 1, 1]


def test_team_game_result_and_event(engine, build_state):
    state = build_state(players=4, mode="teams", stacks={"C1": "♥7"},
                        hands=[["★7", "♣2", "♣3", "♣4"], ["♦1", "♦8", "♠1", "♠2"], ["♦2", "♦3", "♦4", "♦5"],
                               ["♠5", "♠6", "♠7", "♠8"]], common=["♥1", "♥2", "♥3", "♥4"],
                        scores=[28, 20, 25, 12])
    new, events = engine.apply(state, 0, play(("★7", "C2")))
    result = engine.result(new)
    assert result.ranks == [1, 1, 2, 2] and result.teams == [0, 0, 1, 1]
    assert events[-1].key == "setup.ev.team_winner"
    assert events[-1].params == {"team": "A", "first_seat": 0, "second_seat": 1}


def test_a_game_of_only_swaps_stalls_out(engine):
    state = engine.new_game(SetupConfig(stall_rounds=2), seats(3), seed=9)
    events = []
    for _ in range(6):
        seat = engine.to_act(state)[0]
        state, events = engine.apply(state, seat, SwapAction(tiles=state.hands[seat][:1]))
    assert state.finished and engine.result(state).reason == "setup.end.stalled"
    assert engine.result(state).ranks == [1, 1, 1]
    assert [e.key for e in events][-2:] == ["setup.ev.stalled", "setup.ev.draw"]


def test_legal_actions_are_legal_and_never_empty(engine):
    state = engine.new_game(SetupConfig(), seats(2), seed=4)
    seat = engine.to_act(state)[0]
    actions = engine.legal_actions(state, seat)
    assert any(isinstance(a, SwapAction) for a in actions)
    for action in actions:
        engine.apply(state, seat, action)  # raises if illegal


@pytest.mark.parametrize("mode, players", [("ffa", 3), ("teams", 4)])
def test_a_chosen_first_seat_starts_with_the_same_deal(engine, mode, players):
    drawn = engine.new_game(SetupConfig(mode=mode), seats(players), seed=5)
    for first in range(players):
        state = engine.new_game(SetupConfig(mode=mode, first_seat=first), seats(players), seed=5)
        assert state.current_seat == first
        assert state.hands == drawn.hands and state.bag == drawn.bag and state.turn_order == drawn.turn_order
    with pytest.raises(ValueError):
        engine.new_game(SetupConfig(mode=mode, first_seat=players), seats(players), seed=5)
