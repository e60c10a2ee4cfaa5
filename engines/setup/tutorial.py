"""The SETUP tutorial: a two-player game on a fixed deal against a scripted
AI, one rule per step: a set, a run, bonus squares, the swap, the finish.
The learner is seat 0 (bonus squares S1 S2), the AI seat 1 (N1 N2); W and E
are public. Texts: ``tutorial.setup.<step>.*`` (i18n/*/tutorial.toml)."""
from __future__ import annotations

from engines.base import Rng, SeatInfo
from engines.setup import rules
from engines.setup.models import PlayAction, SetupConfig, SetupState, SwapAction
from engines.tutorial import Step, Tutorial

FINISH = 12
SEED = 23
CENTRE = {"C1": "★7", "C2": "♠2", "C3": "♦9", "C4": "♣4"}
LEARNER_HAND = ["♥7", "♦8", "♦10", "♠9"]
AI_HAND = ["♦2", "★8", "★9", "♣7"]
COMMON = ["♥9", "♣9", "♥1", "★3"]
# Drawn in this order (the bag's end): the learner's refills and the AI's.
DRAWS = ["★1", "♠5", "♥10", "★4", "♥5", "♠6", "♣3"]


def deal(seats: list[SeatInfo]) -> SetupState:
    """The fixed start: the centre, both hands, the common hand and the bag's order."""
    fixed = set(CENTRE.values()) | set(LEARNER_HAND) | set(AI_HAND) | set(COMMON) | set(DRAWS)
    bag = [tile for tile in rules.ALL_TILES if tile not in fixed] + list(reversed(DRAWS))
    stacks: dict[str, list[str]] = {sq: [] for sq in rules.SQUARES}
    for square, tile in CENTRE.items():
        stacks[square].append(tile)
    return SetupState(
        config=SetupConfig(finish=FINISH), seats=list(seats), rng=Rng(seed=SEED), bag=bag, stacks=stacks,
        common=list(COMMON), hands=[list(LEARNER_HAND), list(AI_HAND)], scores=[0, 0], turn_order=[0, 1],
        turn_pos=0, last_placed=[-1, -1],
    )


def play(*placements: tuple[str, str]) -> PlayAction:
    return PlayAction(placements=list(placements))


TUTORIAL = Tutorial(
    game_type="setup",
    deal=deal,
    params={"finish": FINISH},
    steps=(
        Step("set", play(("♥7", "W1")), highlight=("W1", "C1"), reply=play(("♦2", "E1"))),
        Step("run", play(("♦8", "W2"), ("♦10", "C4")), highlight=("W2", "C3", "C4"), reply=play(("★8", "N1"))),
        Step("bonus", play(("♠9", "S1")), highlight=("S1", "C3"), reply=play(("★9", "W2"))),
        Step("swap", SwapAction(tiles=["★1", "♥10", "★4", "♠6"]), reply=play(("♣7", "N1"))),
        Step("finish", play(("♥9", "S2"), ("♣9", "C4")), highlight=("S2", "C4", "S1", "C3", "W2")),
    ),
)
