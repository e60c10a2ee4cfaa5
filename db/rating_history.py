"""A player's rating after each rated game: written by tables/results.py
with the ratings (same transaction), read by /profile's chart."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from db.database import Database


class RatingPoint(BaseModel):
    game_id: int
    game_type: str
    season: int  # the season the game counted in; 0 outside any season
    mu: float
    sigma: float
    at: float  # when the game was rated (Unix seconds)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


async def record(conn: Any, guild_id: int, user_id: int, point: RatingPoint) -> None:
    """Store one point (once per game and player: a second write is ignored)."""
    await conn.execute(
        "INSERT INTO rating_history (guild_id, user_id, game_type, game_id, season, mu, sigma, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING",
        (guild_id, user_id, point.game_type, point.game_id, point.season, point.mu, point.sigma, point.at))


async def history(db: Database, guild_id: int, user_id: int) -> list[RatingPoint]:
    """Every point of the player in this server, oldest first (all games and seasons)."""
    rows = await db.fetchall(
        "SELECT game_id, game_type, season, mu, sigma, at FROM rating_history "
        "WHERE guild_id = ? AND user_id = ? ORDER BY at, game_id",
        (guild_id, user_id))
    return [RatingPoint.model_validate(dict(r)) for r in rows]
