"""The CUBED tutorial: one round for two players against a scripted AI, with
Draw 3, keep 1 on: colours (a piece touching the first), Draw 3 and keeping
one, touching two, a blocker, going out. The AI's piece is in the centre in
the deal; the learner is seat 0. Texts: ``tutorial.cubed.<step>.*``."""
from __future__ import annotations

from engines.base import Rng, SeatInfo
from engines.cubed.models import CubedConfig, CubedState, Draw3Action, KeepAction, PlaceAction, Placement
from engines.tutorial import Step, Tutorial

SEED = 23
CENTRE_PIECE = "LLY"
LEARNER_HAND = ["LYA", "SLA", "SXX1"]
AI_HAND = ["LAY", "AAA", "SAY", "RAC", "SSS"]
BAG = ["LYR", "RRR", "CCC"]  # Draw 3 takes all three; the learner keeps LYR


def deal(seats: list[SeatInfo]) -> CubedState:
    return CubedState(
        config=CubedConfig(rounds=1, draw3=True), seat_names=[seat.name for seat in seats], rng=Rng(seed=SEED),
        round=1, bag=list(BAG), hands=[list(LEARNER_HAND), list(AI_HAND)],
        table=[Placement(piece=CENTRE_PIECE, q=0, r=0, rotation=0, seat=1)], current=0, phase="turn",
        totals=[0, 0], last_placed=(0, 0),
    )


def place(piece: str, q: int, r: int, rotation: int) -> PlaceAction:
    return PlaceAction(piece=piece, cell=(q, r), rotation=rotation)


TUTORIAL = Tutorial(
    game_type="cubed",
    deal=deal,
    steps=(
        Step("colours", place("LYA", -1, 0, 0), highlight=((-1, 0), (0, 0)), reply=place("LAY", -1, 1, 1)),
        Step("draw3", Draw3Action()),
        Step("keep", KeepAction(piece="LYR"), reply=place("AAA", -2, 1, 0)),
        Step("two", place("SLA", -2, 0, 2), highlight=((-2, 0), (-1, 0), (-2, 1)), reply=place("SAY", -3, 1, 0)),
        Step("blocker", place("SXX1", -3, 0, 1), highlight=((-3, 0), (-2, 0), (-3, 1)),
             reply=place("RAC", -3, 2, 2)),
        Step("out", place("LYR", -4, 2, 2), highlight=((-4, 2),)),
    ),
)
