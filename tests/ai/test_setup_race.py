"""SETUP's two-player leaf value: the chance of winning the race to the line."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.setup.ai_search import BONUS_TILE_WORTH, SetupKnowledge, bonus_tiles
from engines.setup.race import mover_wins, mover_wins_between, race_values
from tests.ai.helpers import ENGINES, mid_game

needed = st.integers(min_value=1, max_value=45)


@given(needed, needed)
def test_a_chance_and_monotone(mine, theirs):
    chance = mover_wins(mine, theirs)
    assert 0.0 <= chance <= 1.0
    # Needing fewer points, or the other needing more, never hurts.
    assert mover_wins(max(mine - 1, 1), theirs) >= chance - 1e-12
    assert mover_wins(mine, theirs + 1) >= chance - 1e-12


@given(needed)
def test_moving_first_is_worth_something_and_two_points_always_finish(gap):
    assert mover_wins(gap, gap) > 0.5
    assert mover_wins(2, gap) == 1.0  # every turn scores at least 2


def test_a_lead_counts_for_more_near_the_line():
    # The other player's 3-point lead: 36-33 against 6-3, the trailing player to move.
    near = mover_wins(7, 7) - mover_wins(7, 4)
    far = mover_wins(37, 37) - mover_wins(37, 34)
    assert near > 2 * far


@given(st.integers(0, 50), st.integers(0, 50), st.sampled_from([0, 1]))
def test_race_values_share_one_win(mine, theirs, to_move):
    values = race_values([mine, theirs], to_move, 40)
    assert abs(sum(values) - 1.0) < 1e-9
    assert values[to_move] == mover_wins(max(40 - [mine, theirs][to_move], 1), max(40 - [mine, theirs][1 - to_move], 1))


@given(needed, needed)
def test_whole_points_needed_give_the_race_itself(mine, theirs):
    assert mover_wins_between(float(mine), float(theirs)) == mover_wins(mine, theirs)


@given(st.floats(1, 45), st.floats(1, 45))
def test_points_between_whole_ones_lie_between_their_chances(mine, theirs):
    chance = mover_wins_between(mine, theirs)
    low, high = int(mine), int(mine) + 1
    around = [mover_wins(m, t) for m in (low, high) for t in (int(theirs), int(theirs) + 1)]
    assert min(around) - 1e-12 <= chance <= max(around) + 1e-12


def test_two_player_setup_is_valued_by_the_race_with_its_bonus_tiles():
    engine = ENGINES["setup"]
    state, _ = mid_game("setup", 6)
    assert state.num_players == 2
    values = SetupKnowledge(engine).evaluate(state)
    ahead = [score + BONUS_TILE_WORTH * tiles for score, tiles in zip(state.scores, bonus_tiles(state))]
    assert values == race_values(ahead, state.current_seat, state.config.finish_line(2))


def test_a_tile_on_a_seats_own_bonus_square_counts_for_that_seat():
    """Issue 32, tenth pass: only its owner may cover a bonus square, and
    every combo the other scores through it pays the owner; the leaf counts
    it, the score alone did not."""
    engine = ENGINES["setup"]
    state, _ = mid_game("setup", 6)
    bare = state.model_copy(deep=True)
    for square in ("S1", "S2", "N1", "N2"):
        bare.stacks[square] = []
    assert bonus_tiles(bare) == [0, 0]
    seat0 = bare.model_copy(deep=True)
    seat0.stacks["S1"] = ["★3"]  # seat 0 owns S with two players
    seat1 = bare.model_copy(deep=True)
    seat1.stacks["N2"] = ["★3"]  # seat 1 owns N
    knowledge = SetupKnowledge(engine)
    base = knowledge.evaluate(bare)
    assert bonus_tiles(seat0) == [1, 0] and bonus_tiles(seat1) == [0, 1]
    assert knowledge.evaluate(seat0)[0] > base[0]
    assert knowledge.evaluate(seat1)[1] > base[1]
    assert BONUS_TILE_WORTH > 0
