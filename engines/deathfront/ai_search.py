"""Death Front knowledge for the search AI.

Candidates: the greedy AI's choice first, then the best-valued deploys,
moves and winning attacks, then passing. The evaluation weighs, per side,
material on the board, supplied units, enemy territory held and
breakthrough threats (units deep in enemy territory that nothing threatens),
plus cards in hand (the choices left for later turns). A player with no card
in hand ends the game at this round's resolution, so there the territory
count, which then decides, weighs most.

End-of-game votes: a side proposes an end when the territory count would
win it the game now and the board does not promise more (it is not winning
on material, or the round limit is near); it agrees to a proposal when
ending now wins, or draws while its position is worse.
"""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine
from engines.search.knowledge import Knowledge, squash

from . import ai as greedy
from . import board, flow
from . import rules as R
from .models import AgreeEnd, DeathFrontState, DeclineEnd, Pass, ProposeEnd

OPTIONS = 5
SCORE_SCALE = 12.0
TERRITORY_WEIGHT = 3.0
ENDING_TERRITORY_WEIGHT = 3 * SCORE_SCALE  # the game ends at resolution: one square decides it
SUPPLIED_WEIGHT = 1.0
DEPTH_WEIGHT = (0.0, 1.0, 3.0, 12.0)  # by enemy depth 0..3 of an unthreatened unit
HAND_WEIGHT = 1.5
PROPOSE_MARGIN = 4.0  # material lead that makes waiting better than ending
LATE_ROUNDS = 3


def ending_at_resolution(state: DeathFrontState) -> bool:
    """Someone holds no card: the game ends at this round's resolution (flow.out_of_cards)."""
    return any(flow.out_of_cards(state, seat) for seat in range(state.players))


def side_scores(state: DeathFrontState) -> list[float]:
    scores = [0.0, 0.0]
    threat = [greedy.picture(state, side).threat for side in (0, 1)]
    for label, uid in state.pieces.items():
        side = R.side_of(state, uid)
        card = R.card(uid)
        if card.type == "resource":
            scores[side] += 3.0 + (card.level or 0)
            continue
        if card.type != "unit":
            continue
        scores[side] += (card.attack or 0) + (card.defence or 0)
        if R.is_supplied(state, label, uid):
            scores[side] += SUPPLIED_WEIGHT
        depth = board.enemy_depth(side, board.at(label)[1])
        if depth > 0 and threat[side].get(label, 0) <= (card.defence or 0) and not card.has("indirect"):
            scores[side] += DEPTH_WEIGHT[min(depth, 3)]
    held = R.territory(state)
    weight = ENDING_TERRITORY_WEIGHT if ending_at_resolution(state) else TERRITORY_WEIGHT
    for side in (0, 1):
        scores[side] += weight * held[side]
    for seat, hand in enumerate(state.hands):
        scores[R.side_of_seat(state, seat)] += HAND_WEIGHT * min(len(hand), 3)
    return scores


def material(state: DeathFrontState) -> list[float]:
    out = [0.0, 0.0]
    for uid in state.pieces.values():
        card = R.card(uid)
        if card.type == "unit":
            out[R.side_of(state, uid)] += (card.attack or 0) + (card.defence or 0)
    return out


def wants_end(state: DeathFrontState, seat: int) -> bool:
    """Whether ending by territory now suits ``seat``'s side."""
    side = R.side_of_seat(state, seat)
    held = R.territory(state)
    if held[side] <= held[1 - side]:
        return False
    lead = material(state)
    late = state.round >= state.config.round_limit - LATE_ROUNDS
    return late or lead[side] - lead[1 - side] < PROPOSE_MARGIN


def vote(state: DeathFrontState, seat: int) -> BaseModel:
    side = R.side_of_seat(state, seat)
    held = R.territory(state)
    if held[side] > held[1 - side]:
        return AgreeEnd()
    if held[side] == held[1 - side]:
        scores = side_scores(state)
        return AgreeEnd() if scores[side] < scores[1 - side] else DeclineEnd()
    return DeclineEnd()


class DeathFrontKnowledge(Knowledge):
    max_candidates = OPTIONS + 2
    rollout_depth = 2
    exploration = 0.6

    def forced(self, state: DeathFrontState, seat: int, rng: random.Random) -> BaseModel | None:
        if state.end_vote is not None:
            return vote(state, seat)
        if state.step in ("mulligan", "draw"):
            return greedy.choose_action(self.engine, state, seat, rng)
        if state.pending_advance is None and state.proposed_round[seat] != state.round \
                and state.step in ("deploy", "facility", "skill", "attack") and wants_end(state, seat):
            return ProposeEnd()
        return None

    def candidates(self, state: DeathFrontState, seat: int) -> list[BaseModel]:
        if state.end_vote is not None:
            return [vote(state, seat)]
        side = R.side_of_seat(state, seat)
        scored: list[tuple[float, BaseModel]] = []
        if state.pending_advance is None and state.step == "deploy":
            scored = greedy.deploy_options(state, seat, greedy.picture(state, side))
            scored.sort(key=lambda sa: -sa[0])
            # The greedy choice, without working the options out twice.
            first: BaseModel = scored[0][1] if scored and scored[0][0] > 0 else Pass()
        else:
            first = greedy.choose_action(self.engine, state, seat, random.Random(0))
        if state.step in ("mulligan", "draw") or state.pending_advance is not None:
            options = [a for a in self.engine.legal_actions(state, seat) if a != first]
            return [first] + options[:OPTIONS]
        if state.step == "attack":
            scored = sorted(greedy.attack_options(state, seat), key=lambda sa: -sa[0])
        out = [first]
        for _, action in scored:
            if len(out) > OPTIONS:
                break
            if action not in out:
                out.append(action)
        if state.step in ("facility", "skill"):
            out += [a for a in self.engine.legal_actions(state, seat)
                    if a not in out and not isinstance(a, (Pass, ProposeEnd))][:2]
        if Pass() not in out:
            out.append(Pass())
        return out

    def rollout_action(self, state: DeathFrontState, seat: int, rng: random.Random) -> BaseModel:
        if state.end_vote is not None:
            return vote(state, seat)
        return greedy.choose_action(self.engine, state, seat, rng)

    def evaluate(self, state: DeathFrontState) -> list[float]:
        scores = side_scores(state)
        sides = [R.side_of_seat(state, s) for s in range(state.players)]
        return [squash((scores[side] - scores[1 - side]) / SCORE_SCALE) for side in sides]

    def review_measures(self, state: DeathFrontState, seat: int) -> dict[str, float]:
        """Territory held and units on the board, each against the other side's."""
        side = R.side_of_seat(state, seat)
        held = R.territory(state)
        units = [0, 0]
        for uid in state.pieces.values():
            if R.card(uid).type == "unit":
                units[R.side_of(state, uid)] += 1
        return {"territory": float(held[side] - held[1 - side]), "units": float(units[side] - units[1 - side])}


def make_knowledge(engine: GameEngine[Any, Any], level: str = "hard") -> DeathFrontKnowledge:
    return DeathFrontKnowledge(engine)
