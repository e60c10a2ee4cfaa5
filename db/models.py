"""Rows as pydantic models."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

GameStatus = Literal["lobby", "playing", "finished", "abandoned"]
AiReason = Literal["added", "resigned", "timeout"]


class Seat(BaseModel):
    # Stored as JSON with the key "ai" (the field's old name): the alias keeps
    # the rows written before the rename readable and the new ones the same.
    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)

    user_id: int | None = None  # None for an AI added in the lobby
    name: str
    ai_reason: AiReason | None = Field(default=None, alias="ai")  # why an AI plays this seat, if it does
    missed_turns: int = 0
    dm_failed: bool = False  # a DM failed; noted once, not retried until asked
    resigned_order: int | None = None  # 1 for the first seat to resign, 2 next, …
    options: dict[str, Any] = Field(default_factory=dict)  # a player's own lobby choices (faction…)
    # Level of the AI added in the lobby (engines.ai.LEVELS); a human seat's
    # AI after a timeout or resignation plays at engines.ai.TIMEOUT_LEVEL.
    ai_level: str = "normal"

    @property
    def is_ai(self) -> bool:
        return self.ai_reason is not None


class GameRecord(BaseModel):
    id: int = 0
    game_type: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: GameStatus = "lobby"
    config: dict[str, Any] = Field(default_factory=dict)
    seats: list[Seat] = Field(default_factory=list)
    seed: int
    version: int = 0  # sequence number of the last action applied
    revision: int = 0  # bumped by every write of the row (multi-process guard)
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    turn_started_at: float | None = None
    reminded: bool = False
    ai_marked: bool = False
    ping_message_id: int | None = None  # the live "your turn" message
    ping_seats: list[int] = Field(default_factory=list)  # the seats it named
    rematch_id: int | None = None  # the lobby a Rematch click opened
    created_at: float
    updated_at: float

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


def copy_fields(source: BaseModel, target: BaseModel, names: tuple[str, ...]) -> None:
    """``setattr(target, name, getattr(source, name))`` for each of the
    fields ``names``, as pydantic sets a field of a model that neither
    validates assignments nor is frozen: the value into ``__dict__``, the
    name into the fields set (the commit copies five on every action)."""
    config = type(target).model_config
    if config.get("validate_assignment") or config.get("frozen"):
        for name in names:
            setattr(target, name, getattr(source, name))
        return
    values, new = target.__dict__, source.__dict__
    for name in names:
        values[name] = new[name]
    target.__pydantic_fields_set__.update(names)


class RatingRow(BaseModel):
    guild_id: int
    game_type: str
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    last_played: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma
