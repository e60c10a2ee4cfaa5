"""SETUP's incremental scoring (grown from the placed squares) gives the
same answer as scoring from every combo of the board, on random positions."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.setup import rules
from engines.setup.rules import IllegalPlay, combos, scoring_squares


def full_scoring(board: dict[str, str], placed: dict[str, str]) -> frozenset[str]:
    """The previous implementation: build every combo, keep those touching
    the placed squares."""
    if not placed:
        raise IllegalPlay("setup.err.play_count", min=1, max=rules.MAX_TILES_PER_PLAY)
    after = {**board, **placed}
    touching = [c for c in combos(after) if c & frozenset(placed)]
    if not touching:
        raise IllegalPlay("setup.err.no_combo")
    if not any(frozenset(placed) <= c for c in touching):
        raise IllegalPlay("setup.err.not_one_combo")
    return frozenset().union(*touching)


@st.composite
def positions(draw):
    tiles = draw(st.permutations(rules.ALL_TILES))
    # Few suits and numbers make combos likely: draw from a small corner too.
    if draw(st.booleans()):
        tiles = [t for t in tiles if rules.tile_number(t) <= 4 and rules.tile_suit(t) in "★♥♦"]
    filled = draw(st.lists(st.sampled_from(rules.SQUARES), unique=True, max_size=12))
    board = {sq: tiles.pop() for sq in filled}
    placed_squares = draw(st.lists(st.sampled_from(rules.SQUARES), unique=True, max_size=min(8, len(tiles))))
    placed = {sq: tiles.pop() for sq in placed_squares}
    return board, placed


def outcome(scoring, board, placed):
    try:
        return scoring(board, placed)
    except IllegalPlay as err:
        return err.key


@settings(max_examples=600, deadline=None)
@given(positions())
def test_incremental_scoring_equals_full_scoring(position):
    board, placed = position
    assert outcome(scoring_squares, board, placed) == outcome(full_scoring, board, placed)


def test_scoring_reaches_combos_beyond_the_placed_tile():
    board = {"W1": "★7", "C1": "♥7", "C2": "♦7", "N1": "♠2"}
    assert scoring_squares(board, {"E1": "♣7"}) == {"W1", "C1", "C2", "E1"}
    assert scoring_squares(board, {"N2": "♠3"}) == {"N1", "N2"}
