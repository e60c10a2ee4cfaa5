"""Death Front's own ``forced_action`` (issue 33 item 7: asked after every
action, so it no longer lists every option) answers as the general one
(``GameEngine.forced_action``: the one entry of ``legal_actions``, if one):
over random games, every seat of every state, and the same boards shaken
into other steps with some cards exhausted or moved, some votes and
advances open."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_deathfront_able import ACTION_STEPS, shaken
from test_deathfront_properties import random_game
from test_deathfront_support import ENGINE

from engines.base import GameEngine
from engines.deathfront.models import Pass, SkipDraw


def listed(state, seat):
    return GameEngine.forced_action(ENGINE, state, seat)


def probes(state, rng: random.Random):
    yield state
    if state.step not in ACTION_STEPS:
        return
    other = shaken(state, rng)
    if rng.random() < 0.5:
        other.proposed_round = [other.round if rng.random() < 0.7 else other.round - 1
                                for _ in range(other.players)]
    yield other


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_forced_action_answers_as_listing_every_action(seed, players):
    rng = random.Random(seed)
    for n, (state, _) in enumerate(random_game(seed, players)):
        if n % 2 and n > 30:
            continue
        for probe in probes(state, rng):
            for seat in range(players):
                assert ENGINE.forced_action(probe, seat) == listed(probe, seat), (probe.step, seat)


def test_the_comparison_reaches_a_forced_pass_and_a_forced_skip():
    """The shortcuts that answer without listing are not the only ones taken:
    some probes have a single action (a pass with nothing to do, a draw with
    an empty hand) and the check above saw them."""
    rng = random.Random(2)
    seen = set()
    for seed in range(6):
        for state, _ in random_game(seed, 2):
            for probe in probes(state, rng):
                if probe.step == "draw" and rng.random() < 0.3:
                    probe = probe.model_copy(deep=True)
                    probe.hands[probe.waiting[0] if probe.waiting else 0] = []
                for seat in (0, 1):
                    action = ENGINE.forced_action(probe, seat)
                    assert action == listed(probe, seat)
                    if action is not None:
                        seen.add(type(action))
    assert {Pass, SkipDraw} <= seen, seen
