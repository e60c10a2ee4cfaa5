"""Pydantic models of SETUP: configuration, full state, actions and views."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.base import Rng, SeatInfo
from engines.setup.rules import default_finish_line


class SetupConfig(BaseModel):
    model_config = ConfigDict(frozen=True)  # shared by a state and its copies (SetupEngine.copy_state)

    mode: Literal["ffa", "teams"] = "ffa"
    # None: the rulings' default for the player count (40 / 35 / 30).
    finish: int | None = Field(default=None, ge=2, le=50)
    # The game also ends after this many full rounds in which nobody placed
    # a tile (only swaps), so a game can never run forever.
    stall_rounds: int = Field(default=3, ge=1, le=20)
    # The seat that plays first; None: chosen at random (the default).
    first_seat: int | None = Field(default=None, ge=0, le=3)

    def finish_line(self, num_players: int) -> int:
        return self.finish if self.finish is not None else default_finish_line(num_players)


# ---- actions ---------------------------------------------------------------
class PlayAction(BaseModel):
    kind: Literal["play"] = "play"
    # (tile, square) pairs, e.g. [("★7", "C1"), ("♥7", "S1")].
    placements: list[tuple[str, str]]


class SwapAction(BaseModel):
    kind: Literal["swap"] = "swap"
    tiles: list[str]


SetupAction = Annotated[Union[PlayAction, SwapAction], Field(discriminator="kind")]
action_adapter: TypeAdapter[PlayAction | SwapAction] = TypeAdapter(SetupAction)


# ---- state -------------------------------------------------------------------
class LastMove(BaseModel):
    """The previous turn, public: what was placed where, who scored what."""

    model_config = ConfigDict(frozen=True)  # replaced each turn, shared by a state and its copies

    seat: int
    kind: Literal["play", "swap"]
    placements: list[tuple[str, str]] = Field(default_factory=list)
    scoring_squares: list[str] = Field(default_factory=list)
    points: int = 0
    bonuses: dict[int, int] = Field(default_factory=dict)
    swapped: int = 0


class SetupState(BaseModel):
    config: SetupConfig
    seats: list[SeatInfo]
    rng: Rng
    bag: list[str]
    stacks: dict[str, list[str]]  # square -> tiles bottom to top
    common: list[str]
    hands: list[list[str]]
    scores: list[int]
    turn_order: list[int]  # seats in playing order (figure-eight in teams)
    turn_pos: int  # index into turn_order of the seat to act
    move_number: int = 0
    # Move number of each seat's most recent play; -1 if it never placed.
    last_placed: list[int]
    consecutive_swaps: int = 0
    last_move: LastMove | None = None
    finished: bool = False
    end_reason: str = ""

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def current_seat(self) -> int:
        return self.turn_order[self.turn_pos]

    def visible_board(self) -> dict[str, str]:
        return {sq: stack[-1] for sq, stack in self.stacks.items() if stack}


# ---- views -------------------------------------------------------------------
class SquareView(BaseModel):
    square: str
    owner: int | None  # seat whose bonus square this is; None if public
    top: str | None  # the visible tile
    under: int  # how many covered tiles lie under it


class SetupPublicView(BaseModel):
    """Everything a spectator may see: no bag order, no private hand."""

    game_id: Literal["setup"] = "setup"
    mode: Literal["ffa", "teams"]
    num_players: int
    finish: int
    squares: list[SquareView]
    common: list[str]
    bag_count: int
    hand_counts: list[int]
    scores: list[int]
    seat_labels: list[str]  # "P1".."P4", or "A1","A2","B1","B2" in teams
    seat_names: list[str] = Field(default_factory=list)  # display names, any script
    teams: list[int] | None
    turn_order: list[int]
    to_act: int | None
    move_number: int
    last_move: LastMove | None
    finished: bool
    ranks: list[int] | None = None


class SetupPrivateView(BaseModel):
    """What one seat may see: its hand, the partner's hand in teams, the common hand."""

    game_id: Literal["setup"] = "setup"
    seat: int
    seat_label: str
    mode: Literal["ffa", "teams"]
    hand: list[str]
    common: list[str]
    allowed_squares: list[str]
    partner_seat: int | None = None
    partner_label: str | None = None
    partner_hand: list[str] | None = None
    partner_name: str | None = None
    your_turn: bool = False
    seat_name: str | None = None
    partner_turn: bool = False
    partner_squares: list[str] | None = None
    shared: bool = False  # drawn for the whole team (its thread): rows by name, not "your hand"
