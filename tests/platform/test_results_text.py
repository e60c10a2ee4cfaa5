"""The results message's words: a draw reads as a draw, scores that say
nothing are left out, a first rating is not "— → x"."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from cogs.play.results_text import results_text
from db.models import Seat
from engines.base import Result
from tables.live import GameSummary, Standing


def table(game_type: str = "deathfront") -> SimpleNamespace:
    seats = [Seat(name="Ann", user_id=1), Seat(name="Bo", user_id=2)]
    return SimpleNamespace(id=7, seats=seats, record=SimpleNamespace(game_type=game_type))


def summary(standings: list[Standing], reason: str = "core.end.over") -> GameSummary:
    return GameSummary(result=Result(ranks=[s.rank for s in standings]), standings=standings, rated=True,
                       reason=reason, ai_marked=False)


@pytest.mark.parametrize("locale,draw", [("en", "**Draw**"), ("zh-CN", "**平局**"), ("zh-TW", "**平手**")])
def test_an_agreed_end_reads_as_a_draw_without_zero_scores(locale, draw):
    text = results_text(table(), summary([Standing(0, 1, 0.0, False, 10.0, 10.4),
                                          Standing(1, 1, 0.0, False, None, 2.1)]), locale)
    lines = text.splitlines()[2:4]  # then the note on what a first rating means
    assert [line.split(" ")[0] for line in lines] == [draw, draw]
    assert text.splitlines()[4].startswith("ℹ️")
    assert "1." not in text and "score" not in text and "得分" not in text
    assert "—" not in text.split("\n", 1)[1]


def test_ranks_scores_and_rating_changes():
    text = results_text(table("setup"), summary([Standing(1, 1, 12.0, False, 20.0, 21.5),
                                                 Standing(0, 2, 8.0, True, None, -1.8)]), "en")
    first, second, note = text.splitlines()[2:]
    assert first == "**1.** <@2> · score 12 · rating 20.0 → 21.5 (+1.5)"
    # Issue 31: a first rating says what it is, and a note says what ratings are.
    assert second == "**2.** <@1> · score 8 · first rated game: rating -1.8 · resigned"
    assert note.startswith("ℹ️ Ratings start near 0") and "/leaderboard" in note


@pytest.mark.parametrize("locale, first, note", [("zh-CN", "首次计分局：积分 -1.8", "积分从 0 左右起步"),
                                                 ("zh-TW", "首次計分局：積分 -1.8", "積分從 0 左右起步")])
def test_a_first_rating_in_chinese(locale, first, note):
    text = results_text(table("setup"), summary([Standing(1, 1, 12.0, False, 20.0, 21.5),
                                                 Standing(0, 2, 8.0, False, None, -1.8)]), locale)
    assert first in text and note in text


def test_ratings_after_earlier_games_need_no_note():
    text = results_text(table("setup"), summary([Standing(1, 1, 12.0, False, 20.0, 21.5),
                                                 Standing(0, 2, 8.0, False, 3.0, 1.8)]), "en")
    assert "ℹ️" not in text and len(text.splitlines()) == 4


@pytest.mark.parametrize("locale, how, held", [
    ("en", "🏆 Bo, by breakthrough: a unit crossed the enemy's lines.", "enemy squares held: 1"),
    ("zh-CN", "🏆 Bo 以突破获胜：有部队冲过了敌方防线。", "占领敌方阵地 1 格"),
    ("zh-TW", "🏆 Bo 以突破獲勝：有部隊衝過了敵方防線。", "佔領敵方陣地 1 格"),
])
def test_death_front_says_who_won_how_and_what_a_score_counts(locale, how, held):
    """Issue 31: not "Breakthrough · score 1 / score 3" but who won, how, and
    that the score is the enemy squares held (a breakthrough may win with fewer)."""
    text = results_text(table(), summary([Standing(1, 1, 1.0, False, 20.0, 21.5), Standing(0, 2, 3.0, False, 20.0, 18.5)],
                                         reason="deathfront.end.breakthrough"), locale)
    lines = text.splitlines()
    assert lines[1] == how
    assert lines[2].endswith(held + " · " + lines[2].split(" · ")[-1]) and "score" not in text


@pytest.mark.parametrize("reason, words", [("deathfront.end.round_limit", "on territory (more enemy squares held)"),
                                           ("deathfront.end.agreed", "after both sides agreed to end"),
                                           ("deathfront.end.elimination", "by elimination")])
def test_death_front_territory_and_elimination_wins(reason, words):
    text = results_text(table(), summary([Standing(0, 1, 3.0, False, 20.0, 21.5), Standing(1, 2, 1.0, False, 20.0, 18.5)],
                                         reason=reason), "en")
    assert text.splitlines()[1].startswith("🏆 Ann, ") and words in text.splitlines()[1]


def test_a_death_front_draw_on_territory():
    text = results_text(table(), summary([Standing(0, 1, 2.0, False, 20.0, 20.4), Standing(1, 1, 2.0, False, 20.0, 20.4)],
                                         reason="deathfront.end.round_limit"), "en")
    assert text.splitlines()[1] == "A draw on territory at the round limit: both sides hold as many enemy squares."
