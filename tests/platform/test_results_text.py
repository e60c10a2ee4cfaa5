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
    lines = text.splitlines()[2:]
    assert [line.split(" ")[0] for line in lines] == [draw, draw]
    assert "1." not in text and "score" not in text and "得分" not in text
    assert "—" not in text.split("\n", 1)[1]


def test_ranks_scores_and_rating_changes():
    text = results_text(table("setup"), summary([Standing(1, 1, 12.0, False, 20.0, 21.5),
                                                 Standing(0, 2, 8.0, True, None, -1.8)]), "en")
    first, second = text.splitlines()[2:]
    assert first == "**1.** <@2> · score 12 · rating 20.0 → 21.5 (+1.5)"
    assert second == "**2.** <@1> · score 8 · first rating -1.8 · resigned"
