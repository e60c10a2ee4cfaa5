"""The runner's scripted table part (``Step.then``) and simultaneous steps:
a step may start where the learner and the AI choose at once (Death Front's
mulligan), the AI's choice is its reply, and the table's moves are checked
like the reply (a seat not to act is named by ``problems``)."""
from __future__ import annotations

from engines.base import SeatInfo
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.models import DeathFrontConfig, Keep, Mulligan, Pass, SkipDraw
from engines.tutorial import LEARNER, TUTOR, Step, Tutorial, TutorialRunner

ENGINE = DeathFrontEngine()
SEATS = [SeatInfo(name="learner"), SeatInfo(name="AI", is_ai=True)]


def fresh(seats: list[SeatInfo]):
    return ENGINE.new_game(DeathFrontConfig(factions=["us", "ss"]), seats, 23)


def test_a_simultaneous_step_is_taught_with_the_ai_choosing_as_its_reply():
    runner = TutorialRunner(ENGINE, Tutorial("deathfront", fresh, (Step("keep", Keep(), reply=Mulligan()),)))
    start = runner.start(SEATS)
    assert ENGINE.to_act(start) == [LEARNER, TUTOR]
    refused = runner.attempt(start, 0, Mulligan())
    assert not refused.accepted and refused.state is start
    tried = runner.attempt(start, 0, Keep())
    assert tried.accepted and tried.state.round == 1 and tried.state.mulliganed == [False, True]
    # only the end is missing: no step was played out of turn
    assert runner.problems() == ["the last step does not end the game"]


def test_the_tables_moves_play_a_simultaneous_draw_and_are_checked():
    """Both keep 8 cards, so round 1's draw is a choice for both at once: the
    table skips it for each, and the learner deploys first."""
    both_skip = ((LEARNER, SkipDraw()), (TUTOR, SkipDraw()))
    runner = TutorialRunner(ENGINE, Tutorial("deathfront", fresh, (Step("keep", Keep(), reply=Keep(), then=both_skip),)))
    tried = runner.attempt(runner.start(SEATS), 0, Keep())
    assert tried.accepted and tried.state.step == "deploy" and ENGINE.to_act(tried.state) == [LEARNER]
    assert "deathfront.ev.skip_draw" in [e.key for e in tried.table_events]
    out_of_turn = Step("keep", Keep(), reply=Keep(), then=(*both_skip, (TUTOR, Pass())))  # the US deploys first
    problems = TutorialRunner(ENGINE, Tutorial("deathfront", fresh, (out_of_turn,))).problems()
    assert len(problems) == 1 and "the AI is not to act" in problems[0]
