"""Issue 32: the SETUP beams' per-board memo of scored plays (the search AI
values the same public board in many sampled worlds) changes no result."""
from __future__ import annotations

from engines.setup import plays, rules
from tests.ai.helpers import mid_game


def test_the_board_memo_changes_no_play():
    """Warm the memo on some boards, then every play found on other boards
    still scores exactly as the rules say (a memo keyed wrongly, e.g. by the
    play alone, would carry one board's scoring over to another)."""
    plays._SCORING_CACHE.clear()  # start from an empty memo
    for moves in (2, 6, 10, 14):
        for seed in (1, 2):
            state, seat = mid_game("setup", moves, seed=seed)
            board = state.visible_board()
            for _ in range(2):  # the second time from the memo
                found = plays.search_plays(state, seat, 24, 6000) + plays.quick_plays(state, seat)
                assert found
                for candidate in found:
                    placed = {square: tile for tile, square in candidate.placements}
                    assert candidate.points == len(rules.scoring_squares(board, placed))
    assert 0 < len(plays._SCORING_CACHE) <= plays._SCORING_CACHE_BOARDS


def test_pairs_that_link_with_nothing_around_score_as_the_rules_say():
    """The beam scores a pair whose tiles link with no neighbour as its two
    squares without growing the combos: every pair the greedy beam lists
    scores (points and the bonus it gives away) as ``rules.scoring_squares``
    says, and such pairs are there to check (a shortcut that took a pair next
    to a linking tile for a lone one would give it too few points)."""
    lone = 0
    for moves in (0, 3, 7, 11):
        for seed in (3, 4, 5):
            state, seat = mid_game("setup", moves, seed=seed)
            board = state.visible_board()
            attach = plays._memo_of(board).attach
            for candidate in plays.search_plays(state, seat):
                if len(candidate.placements) != 2:
                    continue
                placed = {square: tile for tile, square in candidate.placements}
                scoring = rules.scoring_squares(board, placed)
                assert candidate.points == len(scoring)
                assert candidate.bonuses == rules.bonus_points(scoring, seat, state.num_players)
                lone += all(tile not in attach[square] for tile, square in candidate.placements)
    assert lone > 0
