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


def test_pairs_score_as_the_rules_say():
    """The beam scores a pair from what each of its tiles would score alone
    (its two squares when they link with nothing around): every pair the
    greedy beam lists scores (points and the bonus it gives away) as
    ``rules.scoring_squares`` says, and both shortcuts are taken here (one
    that joined the wrong squares, or took a pair next to a linking tile for
    a lone one, would give it the wrong points)."""
    lone = joined = 0
    for moves in (0, 3, 7, 11, 15):
        for seed in (3, 4, 5):
            state, seat = mid_game("setup", moves, seed=seed)
            board = state.visible_board()
            search = plays._Search(state, seat)
            for candidate in plays.search_plays(state, seat):
                if len(candidate.placements) != 2:
                    continue
                placed = {square: tile for tile, square in candidate.placements}
                scoring = rules.scoring_squares(board, placed)
                assert candidate.points == len(scoring)
                assert candidate.bonuses == rules.bonus_points(scoring, seat, state.num_players)
                (x, sq_x), (y, sq_y) = candidate.placements
                if sq_y not in rules.NEIGHBOURS[sq_x] or y not in plays._LINKS[x]:
                    continue  # not a pair of the pair phase (a single grown by a tile)
                shortcut = search._pair_scoring(x, sq_x, y, sq_y)
                assert shortcut in (None, scoring)
                lone += shortcut is not None and len(shortcut) == 2
                joined += shortcut is not None and len(shortcut) > 2
    assert lone > 0 and joined > 0
