"""SETUP knowledge for the search AI: the beam's best plays as candidates
for the searching seat, a narrower beam for the others and the rollouts, and
an evaluation of the pawns' race (in teams, a team is as strong as its
slower pawn, since the team with the last pawn loses)."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine
from engines.search.budget import WALL_CAP_SECONDS, Budget
from engines.search.knowledge import Knowledge, pairwise_values, squash
from engines.setup import rules
from engines.setup.models import PlayAction, SetupState, SwapAction
from engines.setup.plays import BEAM_WIDTH, MAX_EVALUATIONS, Candidate, quick_plays, search_plays
from engines.setup.race import race_values
from engines.setup.rules import TEAM_OF_SEAT

ROOT_PLAYS = 4  # normal's root plays (its 60 play-outs cannot try more), and hard's with 3-4 seats
# hard's with two seats (issue 32, tenth pass): the four best plays are one set
# of tiles on other squares in 69 % of positions; six reach a little further
# (measured with two seats only, where each play-out is one reply)
HARD_ROOT_PLAYS = 6
ROOT_BEAM_WIDTH = 24
ROOT_MAX_EVALUATIONS = 6000
# normal's 60 ms cannot pay for the wide beam under load (it alone took
# 125 ms p95 at load 8): its candidates come from the greedy AI's beam.
NORMAL_ROOT_BEAM_WIDTH = BEAM_WIDTH
NORMAL_ROOT_MAX_EVALUATIONS = MAX_EVALUATIONS
INNER_PLAYS = 3
SWAP_WORTH_TRYING_BELOW = 3.0  # best play's value under which swapping the hand is a root candidate
ROLLOUT_BEAM_WIDTH = 3  # the other seats' replies in a sampled world: a narrow greedy beam
ROLLOUT_MAX_EVALUATIONS = 200
EASY_MAX_TILES = 2
EASY_SLIP = 0.35
EASY_SLIP_WIDTH = 4
# hard keeps the greedy play unless another beats it by this many standard
# errors of the paired differences (issue 32, seventh pass): with one, noise
# alone let one of its 4-5 candidates pass far too often (it left greedy's
# play in 56 % of decisions, 35 % with two; the ground truth of the fourth
# pass scored two better). normal, with fewer play-outs, keeps one.
HARD_CHOICE_MARGIN = 2.0
POINT_SCALE = 5.0  # a lead of this many points is worth about 73 %
# Two players: a tile on a seat's own bonus square counts as this many points
# for that seat in the leaf's race (issue 32, tenth pass). Only its owner may
# cover it, and every combo the other player scores through it pays the owner
# a point, so the greedy reply avoids it: income or a hemmed-in opponent for
# the rest of the game, of which the play-out's one reply sees one turn.
BONUS_TILE_WORTH = 1.0
_OWNERS_OF_TWO = rules.square_owners(2)


class SetupKnowledge(Knowledge):
    max_candidates = HARD_ROOT_PLAYS + 1
    rollout_depth = 1
    exploration = 0.3
    ordering_bias = 0.1
    # A SETUP turn is one decision whose worth depends on the replies it
    # allows: compare the candidates in the same sampled hands and bag
    # (common random numbers), each followed by every other seat's reply
    # (our own next play too was tried: twice the cost, no gain measured),
    # instead of growing a tree the budget cannot fill.
    common_worlds = True
    # The flat search stops before a round it could not finish, so it can use
    # a little more of hard's target than the tree searches, which overshoot
    # their deadline by up to one rollout ply.
    budgets = {"hard": Budget(iterations=400, seconds=0.18, floor=64,
                                   wall_seconds=WALL_CAP_SECONDS["hard"])}

    def __init__(self, engine: GameEngine[Any, Any], root_beam_width: int = ROOT_BEAM_WIDTH,
                 root_max_evaluations: int = ROOT_MAX_EVALUATIONS, root_plays: int = HARD_ROOT_PLAYS) -> None:
        super().__init__(engine)
        self.root_beam_width = root_beam_width
        self.root_max_evaluations = root_max_evaluations
        self.root_plays = root_plays

    def rollout_length(self, state: SetupState) -> int:
        return state.num_players - 1  # every other seat replies once

    def root_candidates(self, state: SetupState, seat: int) -> list[BaseModel]:
        # hard: a wider beam than the greedy AI's, it misses fewer of the best plays.
        found = search_plays(state, seat, self.root_beam_width, self.root_max_evaluations)
        found = _shuffle_ties(found, random.Random(f"{state.move_number}:{sorted(state.hands[seat])}"))
        kept = self.root_plays if state.num_players == 2 else ROOT_PLAYS
        plays: list[BaseModel] = [PlayAction(placements=c.placements) for c in found[:kept]]
        if found and found[0].value >= SWAP_WORTH_TRYING_BELOW:
            return plays  # swapping a hand never beat a play this good: spend the budget on plays
        return plays + _swaps(state, seat)

    def candidates(self, state: SetupState, seat: int) -> list[BaseModel]:
        plays = [PlayAction(placements=c.placements) for c in quick_plays(state, seat)[:INNER_PLAYS]]
        return plays + _swaps(state, seat)[:1]

    def rollout_action(self, state: SetupState, seat: int, rng: random.Random) -> BaseModel:
        plays = quick_plays(state, seat, beam_width=ROLLOUT_BEAM_WIDTH, max_evaluations=ROLLOUT_MAX_EVALUATIONS)
        if plays and plays[0].value > 0:
            return PlayAction(placements=plays[0].placements)
        return SwapAction(tiles=list(state.hands[seat]))

    def easy_action(self, state: SetupState, seat: int, rng: random.Random) -> BaseModel:
        """A beginner sees plays of one or two tiles, not long combos, and
        now and then not the best of those either."""
        short = [c for c in search_plays(state, seat) if len(c.placements) <= EASY_MAX_TILES and c.value > 0]
        if not short:
            return SwapAction(tiles=list(state.hands[seat]))
        pick = rng.choice(short[:EASY_SLIP_WIDTH]) if rng.random() < EASY_SLIP else short[0]
        return PlayAction(placements=pick.placements)

    def evaluate(self, state: SetupState) -> list[float]:
        scores = state.scores
        n = len(scores)
        if n == 2 and state.config.mode != "teams":
            # Two players: the chance of winning the race to the line, not the
            # score difference (a lead counts for more near the line).
            ahead = [scores[seat] + BONUS_TILE_WORTH * tiles for seat, tiles in enumerate(bonus_tiles(state))]
            return race_values(ahead, state.current_seat, state.config.finish_line(n))
        if state.config.mode == "teams":
            strength = [min(scores[s] for s in range(n) if TEAM_OF_SEAT[s] == team) for team in (0, 1)]
            return [squash((strength[TEAM_OF_SEAT[s]] - strength[1 - TEAM_OF_SEAT[s]]) / POINT_SCALE)
                    for s in range(n)]
        return pairwise_values([float(x) for x in scores], POINT_SCALE)

    def review_measures(self, state: SetupState, seat: int) -> dict[str, float]:
        return {"points": float(state.scores[seat])}


def bonus_tiles(state: SetupState) -> list[int]:
    """Per seat of a two-player game, the tiles showing on its own bonus squares."""
    counts = [0, 0]
    for square, owner in _OWNERS_OF_TWO.items():
        if owner is not None and state.stacks.get(square):
            counts[owner] += 1
    return counts


def _shuffle_ties(found: list[Candidate], rng: random.Random) -> list[Candidate]:
    """Plays of equal value in a random order (as the greedy AI picks among
    them): sorted by their squares, ties would always favour the centre."""
    groups: dict[tuple[float, int], list[Candidate]] = {}
    for c in found:
        groups.setdefault((c.value, c.points), []).append(c)
    out: list[Candidate] = []
    for key in sorted(groups, key=lambda k: (-k[0], -k[1])):
        group = groups[key]
        rng.shuffle(group)
        out += group
    return out


def _swaps(state: SetupState, seat: int) -> list[BaseModel]:
    hand = state.hands[seat]
    return [SwapAction(tiles=list(hand))] if hand else []


def make_knowledge(engine: GameEngine[Any, Any], level: str = "hard") -> SetupKnowledge:
    if level == "normal":
        return SetupKnowledge(engine, NORMAL_ROOT_BEAM_WIDTH, NORMAL_ROOT_MAX_EVALUATIONS, ROOT_PLAYS)
    knowledge = SetupKnowledge(engine)
    knowledge.choice_margin = HARD_CHOICE_MARGIN
    return knowledge
