"""Pydantic models: configuration, state, actions and views."""
from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter, field_validator, model_validator

from engines.base import Event, Result, Rng

from .cards import ALLIED_FACTIONS, AXIS_FACTIONS, Faction

Step = Literal["mulligan", "draw", "deploy", "facility", "skill", "attack", "over"]
STEPS_IN_ORDER: tuple[str, ...] = ("draw", "deploy", "facility", "skill", "attack")
PHASE_OF_STEP = {
    "mulligan": "setup",
    "draw": "deploy",
    "deploy": "deploy",
    "facility": "deploy",
    "skill": "attack",
    "attack": "attack",
    "over": "over",
}
HAND_LIMIT = 8
DEFAULT_FACTIONS = {2: ["us", "ss"], 4: ["us", "ss", "uk", "wehrmacht"]}


def clean_text(value: Any) -> Any:
    """NFKC (full-width to ASCII), trimmed, upper case: for cell labels."""
    if isinstance(value, str):
        return unicodedata.normalize("NFKC", value).strip().upper()
    return value


# ---- configuration ---------------------------------------------------------
class DeathFrontConfig(BaseModel):
    """Lobby settings. ``factions[seat]`` is each seat's faction."""

    players: Literal[2, 4] = 2
    factions: list[Faction] | None = None
    round_limit: int = Field(default=30, ge=1, le=200)
    # The seat the lobby's host chose to start: it gets the faction that acts
    # first (engines/deathfront/lobby.py). None: factions in seat order.
    first_seat: int | None = Field(default=None, ge=0, le=3)
    # Which rulings a game plays by (docs/rules/deathfront.md, decisions 3 and
    # 12): 2, every game started since issues 31 and 32 — a pass is "done for
    # this step" and an empty hand ends the game at resolution; 1, the games
    # stored before (migration 0012 marks them): a pass in a row, and an empty
    # hand ends the game only with an empty deck. Their logs replay as played.
    ruleset: Literal[1, 2] = 2

    @model_validator(mode="after")
    def _valid_factions(self) -> DeathFrontConfig:
        if self.factions is None:
            return self
        if len(self.factions) != self.players:
            raise ValueError(f"factions: need one faction per seat ({self.players})")
        if len(set(self.factions)) != len(self.factions):
            raise ValueError("factions: each faction at most once")
        allied = sum(f in ALLIED_FACTIONS for f in self.factions)
        axis = sum(f in AXIS_FACTIONS for f in self.factions)
        if allied != axis:
            raise ValueError("factions: the Allies and the Axis need the same number of players")
        return self

    def seat_factions(self) -> list[str]:
        return list(self.factions or DEFAULT_FACTIONS[self.players])


# ---- state -----------------------------------------------------------------
class PendingAdvance(BaseModel):
    """After a unit is destroyed: the attacker may move one attacker into its square."""

    seat: int
    cell: str
    candidates: list[str]  # cells of attackers that may advance


class EndVote(BaseModel):
    proposer: int
    waiting: list[int]  # seats that have not answered yet


class Arrow(BaseModel):
    """The last move or attack, drawn on the board."""

    kind: Literal["move", "attack", "skill"]
    seat: int
    sources: list[str]
    target: str
    total: int | None = None
    defence: int | None = None
    destroyed: bool | None = None


class DeathFrontState(BaseModel):
    config: DeathFrontConfig
    names: list[str]
    factions: list[str]
    rng: Rng
    decks: list[list[str]]
    hands: list[list[str]]
    discards: list[list[str]]
    # The cards of ``discards`` that were discarded face down (draw step): hidden.
    secret_discards: list[list[str]] = Field(default_factory=list)
    frontline: list[str]
    pieces: dict[str, str] = Field(default_factory=dict)  # cell -> uid of a unit or resource
    facilities: dict[str, str] = Field(default_factory=dict)  # cell -> uid
    round: int = 0
    step: Step = "mulligan"
    order: list[int] = Field(default_factory=list)  # action order this round
    actor: int = 0  # index into order
    passes: int = 0  # seats in a row that did not act (passed, done, or nothing to do) in the current step
    # Seats done with the current step (they passed, or finished it with an
    # action): the step goes on without them and never asks them again.
    done: list[int] = Field(default_factory=list)
    waiting: list[int] = Field(default_factory=list)  # simultaneous choices still open
    # Seats that answered round 1's draw choice right after their own
    # mulligan choice, while others still chose (decision 2): the draw step
    # does not ask them again. Empty once round 1 starts.
    early_draw: list[int] = Field(default_factory=list)
    mulliganed: list[bool] = Field(default_factory=list)
    # Simultaneous choices made so far, announced once every seat has chosen.
    held_events: list[Event] = Field(default_factory=list)
    moved: list[str] = Field(default_factory=list)
    exhausted: list[str] = Field(default_factory=list)
    smoked: list[str] = Field(default_factory=list)
    supply_drop: list[int] = Field(default_factory=list)
    last_stand: list[int] = Field(default_factory=list)
    pending_advance: PendingAdvance | None = None
    end_vote: EndVote | None = None
    proposed_round: list[int] = Field(default_factory=list)  # last round each seat proposed an end
    had_units: list[bool] = Field(default_factory=lambda: [False, False])  # per side
    last: Arrow | None = None
    result: Result | None = None

    @property
    def players(self) -> int:
        return len(self.factions)


# ---- actions -----------------------------------------------------------------
class _CellAction(BaseModel):
    @field_validator("cell", "from_cell", "to_cell", "target", mode="before", check_fields=False)
    @classmethod
    def _clean(cls, value: Any) -> Any:
        return clean_text(value)


class Keep(BaseModel):
    kind: Literal["keep"] = "keep"


class Mulligan(BaseModel):
    """Return the whole hand, reshuffle, draw 8 (once per game)."""

    kind: Literal["mulligan"] = "mulligan"


class SkipDraw(BaseModel):
    """Draw step with a full hand: do not draw."""

    kind: Literal["skip_draw"] = "skip_draw"


class Discard(BaseModel):
    """Draw step with a full hand: discard ``card`` and then draw."""

    kind: Literal["discard"] = "discard"
    card: str


class Deploy(_CellAction):
    kind: Literal["deploy"] = "deploy"
    card: str
    cell: str
    # ``done`` (on every action of an action step): the action also ends its
    # player's step, "deploy and finish the step" in one (decision 3;
    # ignored under ruleset 1).
    done: bool = False


class Move(_CellAction):
    """A move in the deploy step, or an advance after a destroying attack."""

    kind: Literal["move"] = "move"
    from_cell: str
    to_cell: str
    done: bool = False  # ignored for an advance: the attack before it says it


class PlaceFacility(_CellAction):
    kind: Literal["facility"] = "facility"
    card: str
    cell: str
    done: bool = False


class PlaySkill(BaseModel):
    """``target`` by skill: a cell (air strike; add `F` to hit the facility,
    e.g. ``B5F``), the middle cell of three (Barrage), up to two cells
    ``B5,C6`` (Smoke Screen), up to two moves ``B3>B4,C3>C4`` (Blitz), or
    None (Supply Drop, Last Stand)."""

    kind: Literal["skill"] = "skill"
    card: str
    target: str | None = None
    done: bool = False  # the skill also ends its player's step

    @field_validator("target", mode="before")
    @classmethod
    def _clean(cls, value: Any) -> Any:
        value = clean_text(value)
        return value or None


class Attack(_CellAction):
    """``attackers`` are cells of your ready units. The target is the enemy unit
    or resource on ``target``; with ``at_facility`` the enemy facility there."""

    kind: Literal["attack"] = "attack"
    target: str
    attackers: list[str]
    at_facility: bool = False
    done: bool = False  # after the advance choice, if the attack destroys a unit

    @field_validator("attackers", mode="before")
    @classmethod
    def _clean_list(cls, value: Any) -> Any:
        if isinstance(value, str):  # "B3，c3、D3" as typed
            value = [v for v in re.split(r"[,;/\s、，；]+", unicodedata.normalize("NFKC", value)) if v]
        if isinstance(value, list):
            return [clean_text(v) for v in value]
        return value


class Pass(BaseModel):
    """Done for this step: the step goes on with the others and never asks
    this player again in it (decision 3; ruleset 1: a pass in a row). After
    a kill it is the answer "stay" (do not advance), nothing more."""

    kind: Literal["pass"] = "pass"


class ProposeEnd(BaseModel):
    kind: Literal["propose_end"] = "propose_end"


class AgreeEnd(BaseModel):
    kind: Literal["agree_end"] = "agree_end"


class DeclineEnd(BaseModel):
    kind: Literal["decline_end"] = "decline_end"


DeathFrontAction = Annotated[
    Union[
        Keep, Mulligan, SkipDraw, Discard, Deploy, Move, PlaceFacility, PlaySkill, Attack, Pass,
        ProposeEnd, AgreeEnd, DeclineEnd,
    ],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Any] = TypeAdapter(DeathFrontAction)


# ---- views -------------------------------------------------------------------
class CardView(BaseModel):
    """Full data of one printed card (for the hand and for board tiles)."""

    uid: str
    id: str
    type: str
    faction: str
    name: str  # English: images carry Latin text only
    attack: int | None = None
    defence: int | None = None
    range: str | None = None
    range_cells: list[tuple[int, int]] = Field(default_factory=list)  # owner's view, forward = +dy
    level: int | None = None
    keywords: list[str] = Field(default_factory=list)
    anti_armour: int = 0
    supply: str | None = None
    effect: str | None = None
    targets: int | None = None  # skills: how many squares or units (Barrage, Smoke Screen, Blitz)
    bonus: int | None = None  # skills: Last Stand's defence bonus


class TileView(BaseModel):
    cell: str
    card: CardView
    seat: int
    side: int
    exhausted: bool = False
    moved: bool = False
    smoked: bool = False


class PlayerView(BaseModel):
    seat: int
    name: str
    faction: str
    side: int
    hand_count: int
    deck_count: int
    discard_count: int
    mulliganed: bool


class DeathFrontPublicView(BaseModel):
    players: int
    columns: int
    rows: int
    round: int
    round_limit: int
    phase: str
    step: str
    to_act: list[int]
    order: list[int]
    seats: list[PlayerView]
    tiles: list[TileView]  # units and resources
    facilities: list[TileView]
    territory: list[int]  # enemy squares held by each side's units
    pending_advance: PendingAdvance | None = None
    end_vote: EndVote | None = None
    last: Arrow | None = None
    result: Result | None = None


class DeathFrontPrivateView(BaseModel):
    seat: int
    faction: str
    side: int
    hand: list[CardView]
    deck_count: int
    can_mulligan: bool
    step: str
