"""The tutorials' scripts, engine side: each one walks to its end through the
runner, every taught move and scripted reply is legal where it is played,
any other move (legal or not) changes nothing, and every text exists in every
language."""
from __future__ import annotations

import pytest

from engines.base import SeatInfo
from engines.setup.models import PlayAction, SwapAction
from engines.tutorial import LEARNER, TutorialRunner, same_action
from i18n import LOCALES, catalogue
from tables.registry import default_registry

TUTORIALS = [d for d in default_registry() if d.tutorial is not None]
SEATS = [SeatInfo(name="learner"), SeatInfo(name="AI", is_ai=True)]
# A move the SETUP tutorial refuses at each step: legal in the game, not the one taught.
SETUP_WRONG = [
    PlayAction(placements=[("♦8", "W2")]),
    PlayAction(placements=[("♦8", "W2")]),
    PlayAction(placements=[("♠9", "S2")]),
    SwapAction(tiles=["★1"]),
    PlayAction(placements=[("♥9", "S2")]),
]


def test_setup_has_a_tutorial():
    assert "setup" in {d.game_type for d in TUTORIALS}


@pytest.mark.parametrize("definition", TUTORIALS, ids=lambda d: d.game_type)
def test_every_tutorial_walks_to_its_end(definition):
    runner = TutorialRunner(definition.engine, definition.tutorial)
    assert runner.problems() == []
    state, step = runner.start(SEATS), 0
    while not runner.finished(step):
        taught = runner.steps[step].expect
        assert any(same_action(taught, a) for a in definition.engine.legal_actions(state, LEARNER)) \
            or definition.engine.apply(state, LEARNER, taught)
        tried = runner.attempt(state, step, taught)
        assert tried.accepted and tried.step == step + 1
        state, step = tried.state, tried.step
    assert definition.engine.result(state).ranks[LEARNER] == 1  # the learner wins the tutorial game
    assert runner.replay(SEATS, step).model_dump() == state.model_dump()


@pytest.mark.parametrize("definition", TUTORIALS, ids=lambda d: d.game_type)
def test_every_text_exists_in_every_language(definition):
    tutorial = definition.tutorial
    keys = [tutorial.key(step, part) for step in tutorial.steps for part in ("name", "do", "wrong", "learnt")]
    keys.append(f"tutorial.{definition.game_type}.next")
    for locale in LOCALES:
        texts = catalogue(locale)
        assert [key for key in keys if key not in texts] == [], locale


def test_a_wrong_setup_move_changes_nothing_and_names_the_step():
    definition = next(d for d in TUTORIALS if d.game_type == "setup")
    runner = TutorialRunner(definition.engine, definition.tutorial)
    state = runner.start(SEATS)
    for step, wrong in enumerate(SETUP_WRONG):
        definition.engine.apply(state, LEARNER, wrong)  # a legal move of the game...
        before = state.model_dump()
        tried = runner.attempt(state, step, wrong)  # ...that the step does not teach
        assert not tried.accepted and tried.step == step and state.model_dump() == before
        assert tried.wrong == f"tutorial.setup.{runner.steps[step].name}.wrong"
        illegal = runner.attempt(state, step, PlayAction(placements=[("♥7", "N1")]))  # not even legal
        assert not illegal.accepted and illegal.wrong == tried.wrong
        state = runner.attempt(state, step, runner.steps[step].expect).state


def test_the_order_of_picks_does_not_make_another_move():
    definition = next(d for d in TUTORIALS if d.game_type == "setup")
    runner = TutorialRunner(definition.engine, definition.tutorial)
    state = runner.attempt(runner.start(SEATS), 0, runner.steps[0].expect).state
    reversed_run = PlayAction(placements=list(reversed(runner.steps[1].expect.placements)))
    assert runner.attempt(state, 1, reversed_run).accepted


@pytest.mark.parametrize("definition", TUTORIALS, ids=lambda d: d.game_type)
def test_every_other_legal_move_is_refused_at_every_step(definition):
    runner = TutorialRunner(definition.engine, definition.tutorial)
    state = runner.start(SEATS)
    for step, taught in enumerate(runner.steps):
        others = [a for a in definition.engine.legal_actions(state, LEARNER) if not same_action(taught.expect, a)]
        assert others, f"step {step} ({taught.name}) has no other move to refuse"
        for action in others:
            tried = runner.attempt(state, step, action)
            assert not tried.accepted and tried.state is state and tried.wrong.endswith(f".{taught.name}.wrong")
        state = runner.attempt(state, step, taught.expect).state
