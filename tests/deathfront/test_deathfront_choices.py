"""engines/deathfront/choices.py: every choice the builder offers is accepted
by the engine, and the attack sum shown before Confirm is the one applied."""
from __future__ import annotations

import random

from engines.base import SeatInfo
from engines.deathfront import DeathFrontEngine, choices
from engines.deathfront import rules as R
from engines.deathfront.models import Attack, DeathFrontConfig, Deploy, Move, PlaceFacility, PlaySkill

ENGINE = DeathFrontEngine()


def states(seed: int, limit: int = 400):
    state = ENGINE.new_game(DeathFrontConfig(), [SeatInfo(name="a"), SeatInfo(name="b")], seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.result is not None:
            return
        seat = ENGINE.to_act(state)[0]
        yield state, seat
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))


def test_every_offered_choice_is_accepted():
    kinds: set[str] = set()
    for seed in (3, 6):
        for state, seat in states(seed):
            if state.end_vote is not None or state.pending_advance is not None:
                continue
            offered = []
            if state.step == "deploy":
                offered += [Deploy(card=u, cell=c) for u in choices.deployable(state, seat)
                            for c in R.deploy_cells(state, seat, u)[:2]]
                offered += [Move(from_cell=c, to_cell=d) for c in choices.movable(state, seat)
                            for d in choices.move_targets(state, seat, c)[:2]]
            elif state.step == "facility":
                offered += [PlaceFacility(card=u, cell=c) for u in choices.facilities(state, seat)
                            for c in R.facility_cells(state, seat)[:2]]
            elif state.step == "skill":
                offered += [PlaySkill(card=u, target=t) for u in choices.skills(state, seat)
                            for t in choices.skill_targets(state, seat, u)[:2]]
            elif state.step == "attack":
                for target in choices.attack_targets(state, seat):
                    attackers = choices.attackers_for(state, seat, target)
                    label, at_facility = choices.split_target(target)
                    total, defence = choices.attack_odds(state, seat, target, attackers)
                    _, events = ENGINE.apply(state, seat, Attack(target=label, attackers=attackers,
                                                                  at_facility=at_facility))
                    shown = next(e for e in events if e.key.startswith("deathfront.ev.attack_"))
                    assert (shown.params["total"], shown.params["defence"]) == (total, defence)
                    kinds.add("attack")
            for action in offered:
                ENGINE.apply(state, seat, action)  # raises if the offer was illegal
                kinds.add(action.kind)
    assert {"deploy", "move", "attack"} <= kinds, kinds


def test_one_card_per_kind_and_facility_targets_split():
    state, seat = next(states(3))
    hand = choices.discardable(state, seat)
    assert len({R.card(u).id for u in hand}) == len(hand)
    assert choices.split_target("B5F") == ("B5", True) and choices.split_target("B5") == ("B5", False)
