""""Can this player do anything?" (``able.can_do_something``, issue 33 item 7)
answers as listing every option does, without the listing: over random
states of random games, for every seat and every action step. The attack
step asks for an attack that can win (issue 31: one that cannot changes
nothing), checked here against every group of the ready attackers."""
from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_deathfront_properties import random_game

from engines.deathfront import rules as R
from engines.deathfront.able import can_do_something
from engines.deathfront.options import step_actions

ACTION_STEPS = ("deploy", "facility", "skill", "attack")


def some_attack_wins(state, seat) -> bool:
    side = R.side_of_seat(state, seat)
    for label in R.attackable_targets(state, seat):
        ready = R.ready_attackers(state, seat, label)
        targets = [R.target_uid(state, seat, label)]
        facility = state.facilities.get(label)
        if facility and R.side_of(state, facility) != side and R.side_of(state, state.pieces.get(label, facility)) != side:
            targets.append(facility)
        for target in targets:
            for size in range(1, len(ready) + 1):
                for group in combinations(ready, size):
                    if R.attack_total(state, list(group), target) > R.defence(state, target, label, list(group)):
                        return True
    return False


def by_listing(state, seat) -> bool:
    """The answer the engine gave before: list the step's options (the attack
    step: every group of attackers, and keep the ones that win)."""
    if state.step == "attack":
        return some_attack_wins(state, seat)
    return bool(step_actions(state, seat))


def shaken(state, rng: random.Random):
    """The same board in another step, with some units exhausted, smoked or
    moved and the round's skills played, so every branch is reached."""
    other = state.model_copy(deep=True)
    other.step = rng.choice(ACTION_STEPS)
    other.pending_advance = None
    units = [u for u in other.pieces.values() if R.is_unit(u)]
    other.exhausted = [u for u in units if rng.random() < 0.3]
    other.smoked = [u for u in units if rng.random() < 0.1]
    other.moved = [u for u in other.pieces.values() if rng.random() < 0.5]
    other.supply_drop = [s for s in range(other.players) if rng.random() < 0.2]
    other.last_stand = [s for s in range(other.players) if rng.random() < 0.2]
    return other


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_can_do_something_answers_as_listing_every_option(seed, players):
    rng = random.Random(seed)
    checked = {step: [0, 0] for step in ACTION_STEPS}  # answers False / True seen per step
    for n, (state, _) in enumerate(random_game(seed, players)):
        if state.step not in ACTION_STEPS or (n % 3 and n > 30):  # every state early on, then every third
            continue
        for probe in (state, shaken(state, rng)):
            for seat in range(players):
                answer = can_do_something(probe, seat)
                assert answer == by_listing(probe, seat), (probe.step, seat)
                checked[probe.step][answer] += 1
    assert sum(sum(counts) for counts in checked.values()) > 0, "no action step reached"


def test_the_comparison_reaches_both_answers_in_every_step():
    seen = {(step, answer) for step in ACTION_STEPS for answer in (False, True)}
    rng = random.Random(5)
    for seed in range(6):
        for state, _ in random_game(seed, 2):
            if state.step in ACTION_STEPS:
                probe = shaken(state, rng)
                for seat in (0, 1):
                    seen.discard((probe.step, can_do_something(probe, seat)))
    assert not seen, f"never reached: {sorted(seen)}"
