"""The Death Front tutorial: a game under way (round 3, US against SS) on a
fixed deal against a scripted AI, one rule per step: deploy, supply, an
Engineer, a facility, a skill card, range, attack sums and a breakthrough.
The learner is seat 0 (US, acting first in round 3), the AI seat 1 (SS).
The table plays the learner's routine parts itself (the passes that end a
step, staying put after an attack); hands stay under 8, so every draw is
automatic and no simultaneous choice comes up. Texts:
``tutorial.deathfront.<step>.*``."""
from __future__ import annotations

from pydantic import BaseModel

from engines.base import Rng, SeatInfo
from engines.deathfront import rules as R
from engines.deathfront.models import (
    Attack,
    DeathFrontConfig,
    DeathFrontState,
    Deploy,
    Move,
    Pass,
    PlaceFacility,
    PlaySkill,
)
from engines.deathfront.texts import card_number, text_numbers
from engines.tutorial import LEARNER, TUTOR, LiveParams, Step, Tutorial

SEED = 23
ROUND = 3  # odd: the Allies (the learner) act first
# Board pieces (cell -> card uid): the learner's front, the AI's, and where they meet.
PIECES = {
    "B3": "us_rifle_squad-1", "C3": "us_m1919-1", "A3": "us_engineers-1", "D5": "us_m8-1",
    "B4": "ss_panzer_iv-1", "C5": "ss_mortar_8cm-1", "C6": "ss_panther-1", "A6": "ss_panzergrenadiers-1",
    "B6": "ss_supply_dump-1",
}
FACILITIES = {"A5": "ss_minefield-1"}
# A card stays in hand to the end: a player with none ends the game at resolution (decision 12).
LEARNER_HAND = ["us_mortar_60-1", "us_supply_dump-1", "us_bunker-1", "us_p47-1", "us_rifle_squad-4"]
AI_HAND = ["ss_panzergrenadiers-2", "ss_ammo_depot-1", "ss_bunker-1"]
# Drawn from the end at each round's start.
LEARNER_DECK = ["us_rifle_squad-2", "us_rifle_squad-3", "us_sherman-1"]
AI_DECK = ["ss_panzergrenadiers-3", "ss_mg42-1", "ss_pak40-1"]


def deal(seats: list[SeatInfo]) -> DeathFrontState:
    return DeathFrontState(
        config=DeathFrontConfig(players=2, factions=["us", "ss"], first_seat=LEARNER),
        names=[seat.name for seat in seats], factions=["us", "ss"], rng=Rng(seed=SEED),
        decks=[list(LEARNER_DECK), list(AI_DECK)], hands=[list(LEARNER_HAND), list(AI_HAND)],
        discards=[[], []], frontline=[f"frontline-{n}" for n in range(1, 5)],
        pieces=dict(PIECES), facilities=dict(FACILITIES), round=ROUND, step="deploy", order=[LEARNER, TUTOR],
        mulliganed=[False, False], proposed_round=[-1, -1], had_units=[True, True],
    )


def learner(*moves: BaseModel) -> tuple[tuple[int, BaseModel], ...]:
    return tuple((LEARNER, move) for move in moves)


PASS = Pass()


def numbers() -> dict[str, int | str]:
    """The numbers the texts quote, from the card data as the engine reads it
    when the text is written (so the texts follow cards.toml), with the
    rules texts' own (``texts.text_numbers``)."""
    rifle, mg = card_number("us_rifle_squad", "attack"), card_number("us_m1919", "attack")
    return {**text_numbers(),
            "dump": card_number("us_supply_dump", "level"), "strike": card_number("us_p47", "attack"),
            "panther": card_number("ss_panther", "defence"), "mortar": card_number("us_mortar_60", "attack"),
            "target": card_number("ss_mortar_8cm", "defence"), "rifle": rifle, "mg": mg, "together": rifle + mg,
            "panzer": card_number("ss_panzer_iv", "defence"), "mortar_range": range_name("us_mortar_60")}


def range_name(card_id: str) -> str:
    return R.CARDS.defs[card_id].range or ""


TUTORIAL = Tutorial(
    game_type="deathfront",
    deal=deal,
    steps=(
        # The AI passes at once: it is done with the deploy step, which goes on with the learner alone.
        Step("deploy", Deploy(card="us_mortar_60-1", cell="D3"), highlight=("D3",), reply=PASS),
        Step("supply", Deploy(card="us_supply_dump-1", cell="C2"), highlight=("C2", "B3", "C3", "D3")),
        Step("engineer", Move(from_cell="A3", to_cell="A4"), highlight=("A4", "A5"), then=learner(PASS)),
        Step("facility", PlaceFacility(card="us_bunker-1", cell="C3"), highlight=("C3",), reply=PASS),
        Step("skill", PlaySkill(card="us_p47-1", target="C6"), highlight=("C6",)),
        Step("range", Attack(target="C5", attackers=["D3"]), highlight=("D3", "C5")),
        Step("sums", Attack(target="B4", attackers=["B3", "C3"]), highlight=("B3", "C3", "B4"),
             then=(*learner(PASS), (TUTOR, Deploy(card="ss_panzergrenadiers-2", cell="B5")))),
        Step("win", Move(from_cell="D5", to_cell="D7"), highlight=("D5", "D6", "D7"), reply=PASS,
             then=(*learner(PASS), (TUTOR, PASS))),  # the next round's deploy step: breakthrough
    ),
    params=LiveParams(numbers),
)
