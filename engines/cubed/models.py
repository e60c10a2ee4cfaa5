"""Pydantic models of CUBED: configuration, state, actions and views."""
from __future__ import annotations

import unicodedata
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engines.base import Rng
from engines.cubed.pieces import DEFAULT_POINTS, shown_faces

MAX_PIECE_POINTS = 20
# Named points tables a lobby may pick (blocker, one-, two-, three-colour).
POINTS_PRESETS: dict[str, dict[str, int]] = {
    "standard": dict(DEFAULT_POINTS),  # the rulings' table
    "flat": {"blocker": 1, "one": 1, "two": 1, "three": 1},  # every piece left counts 1
    "steep": {"blocker": 10, "one": 5, "two": 2, "three": 1},  # costly pieces cost more
}

Phase = Literal["turn", "drawn", "bonus", "give", "keep", "over"]
# turn  - start of a turn: place, draw (or draw3), or pass once the bag is empty
# drawn - drew one piece: place it or another one, or end the turn
# bonus - Bridge the gap: may place a second piece, or end the turn
# give  - Fill the void: may give a piece to another player, or end the turn
# keep  - Draw 3, keep 1: choose the piece to keep


class PointsTable(BaseModel):
    model_config = ConfigDict(frozen=True)  # shared by a state and its copies (CubedEngine.copy_state)

    blocker: int = Field(default=DEFAULT_POINTS["blocker"], ge=0, le=MAX_PIECE_POINTS)
    one: int = Field(default=DEFAULT_POINTS["one"], ge=0, le=MAX_PIECE_POINTS)
    two: int = Field(default=DEFAULT_POINTS["two"], ge=0, le=MAX_PIECE_POINTS)
    three: int = Field(default=DEFAULT_POINTS["three"], ge=0, le=MAX_PIECE_POINTS)

    def of(self, kind: str) -> int:
        return int(getattr(self, kind))

    def preset(self) -> str | None:
        """The name of the preset this table is, if any."""
        values = self.model_dump()
        return next((name for name, table in POINTS_PRESETS.items() if table == values), None)


class CubedConfig(BaseModel):
    model_config = ConfigDict(frozen=True)  # shared by a state and its copies (CubedEngine.copy_state)

    rounds: Literal[1, 3] = 3
    bridge: bool = False  # Bridge the gap
    fill: bool = False  # Fill the void
    draw3: bool = False  # Draw 3, keep 1
    solo: bool = False
    points: PointsTable = Field(default_factory=PointsTable)
    # The seat that starts the first round; None: chosen at random (the rulings' default).
    first_seat: int | None = Field(default=None, ge=0, le=10)

    @field_validator("points", mode="before")
    @classmethod
    def _preset(cls, value: object) -> object:
        """A preset may be named instead of the four values ("flat")."""
        if isinstance(value, str):
            if value not in POINTS_PRESETS:
                raise ValueError(f"points: a preset ({', '.join(POINTS_PRESETS)}) or per-kind values")
            return dict(POINTS_PRESETS[value])
        return value


class Placement(BaseModel):
    model_config = ConfigDict(frozen=True)  # shared by a state and its copies (CubedEngine.copy_state)

    piece: str
    q: int
    r: int
    rotation: int
    seat: int = -1  # who placed it (-1: the solo start piece, or a snapshot from before this field)

    @property
    def cell(self) -> tuple[int, int]:
        return (self.q, self.r)


class CubedState(BaseModel):
    config: CubedConfig
    seat_names: list[str]
    rng: Rng
    round: int = 0
    bag: list[str] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=list)
    pending: list[str] = Field(default_factory=list)  # Draw 3: drawn, not yet kept
    table: list[Placement] = Field(default_factory=list)
    current: int = 0
    phase: Phase = "turn"
    passes: int = 0  # turns in a row without a placement, ended with the bag empty
    round_scores: list[list[int]] = Field(default_factory=list)  # [round][seat]
    totals: list[int] = Field(default_factory=list)
    solo_draws: int = 0  # solo: draws since the last placement
    solo_outcome: Literal["", "won", "lost"] = ""
    last_placed: tuple[int, int] | None = None
    previous_table: list[Placement] = Field(default_factory=list)  # how the last round ended

    def table_dict(self) -> dict[tuple[int, int], tuple[str, str, str]]:
        """The contract's table: cell -> faces as shown (top, right, left)."""
        return {(p.q, p.r): shown_faces(p.piece, p.rotation) for p in self.table}


def normalize_piece_id(text: str) -> str:
    return unicodedata.normalize("NFKC", str(text)).strip().upper()


class _PieceAction(BaseModel):
    piece: str

    @field_validator("piece", mode="before")
    @classmethod
    def _normalize(cls, value: object) -> str:
        return normalize_piece_id(str(value))


class PlaceAction(_PieceAction):
    kind: Literal["place"] = "place"
    cell: tuple[int, int]
    rotation: int = 0  # 0, 1, 2: clockwise 120° steps (checked by the engine)


class DrawAction(BaseModel):
    kind: Literal["draw"] = "draw"


class PassAction(BaseModel):
    """Pass, or end the turn (after drawing, or declining a variant bonus)."""

    kind: Literal["pass"] = "pass"


class Draw3Action(BaseModel):
    kind: Literal["draw3"] = "draw3"


class KeepAction(_PieceAction):
    kind: Literal["keep"] = "keep"


class GiveAction(_PieceAction):
    kind: Literal["give"] = "give"
    to_seat: int


CubedAction = Annotated[
    Union[PlaceAction, DrawAction, PassAction, Draw3Action, KeepAction, GiveAction],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[CubedAction] = TypeAdapter(CubedAction)


# ---- views ----------------------------------------------------------------


class TablePiece(BaseModel):
    piece: str
    q: int
    r: int
    rotation: int
    faces: tuple[str, str, str]  # as shown: (top, right, left)


class PastPiece(BaseModel):
    """A piece of a finished round's table: no id, since every piece has
    gone back into the bag and the hands since then."""

    q: int
    r: int
    faces: tuple[str, str, str]


class CellLabel(BaseModel):
    label: str
    q: int
    r: int


class CubedPublicView(BaseModel):
    """Everything everyone may see: no piece in a hand, the bag or pending."""

    game_id: Literal["cubed"] = "cubed"
    config: CubedConfig
    seat_names: list[str]
    round: int
    rounds: int
    current: int
    phase: Phase
    table: list[TablePiece]
    blocked: list[tuple[int, int]]
    labels: list[CellLabel]
    hand_sizes: list[int]
    bag_count: int
    pending_count: int
    round_scores: list[list[int]]
    totals: list[int]
    solo_draws: int
    solo_outcome: str
    last_placed: tuple[int, int] | None
    # Pieces placed since the last placement of the seat now to act: what it
    # has not seen yet (outlined on the board). Empty before anyone placed.
    recent_placed: list[tuple[int, int]] = Field(default_factory=list)
    winners: list[int]
    # The final table of the previous round, while the new round's table is empty.
    previous_table: list[PastPiece] = Field(default_factory=list)


class HandPiece(BaseModel):
    id: str
    faces: tuple[str, str, str]
    kind: str
    points: int
    fits: bool = False  # some legal placement exists on the table right now


class CubedPrivateView(BaseModel):
    game_id: Literal["cubed"] = "cubed"
    seat: int
    hand: list[HandPiece]
    pending: list[HandPiece]  # Draw 3: the pieces to choose from
    phase: Phase
    your_turn: bool
