"""Seasons' storage: the seasons of a server, their archived tables, and the
period each game started in (docs/community.md, "Seasons"). The rules that
use them are in tables/seasons.py."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from db.database import Database
from db.models import RatingRow

BEFORE_SEASONS = 0  # the season number of the time before a server's first season

_RATING_COLUMNS = "guild_id, game_type, user_id, name, mu, sigma, games, wins, last_played"


class Season(BaseModel):
    guild_id: int
    number: int
    name: str | None = None
    started_at: float
    ended_at: float | None = None

    @property
    def running(self) -> bool:
        return self.ended_at is None


def period_of(latest: Season | None) -> int:
    """The period a game starting now belongs to: N while season N runs, -N
    after season N ended, 0 before the first season."""
    if latest is None or latest.number == BEFORE_SEASONS:
        return BEFORE_SEASONS
    return latest.number if latest.running else -latest.number


async def latest(conn: Any, guild_id: int) -> Season | None:
    """The server's newest season (running or ended), None before the first."""
    row = await conn.fetchone(
        "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1", (guild_id,))
    return Season.model_validate(dict(row)) if row else None


async def get(conn: Any, guild_id: int, number: int) -> Season | None:
    row = await conn.fetchone("SELECT * FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number))
    return Season.model_validate(dict(row)) if row else None


async def all_of(db: Database, guild_id: int) -> list[Season]:
    """The server's seasons, newest first."""
    rows = await db.fetchall("SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC", (guild_id,))
    return [Season.model_validate(dict(r)) for r in rows]


async def insert(conn: Any, season: Season) -> None:
    await conn.execute(
        "INSERT INTO seasons (guild_id, number, name, started_at, ended_at) VALUES (?, ?, ?, ?, ?)",
        (season.guild_id, season.number, season.name, season.started_at, season.ended_at))


async def close(conn: Any, guild_id: int, number: int, now: float) -> None:
    await conn.execute("UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND number = ?",
                       (now, guild_id, number))


async def archive(conn: Any, guild_id: int, number: int) -> None:
    """Copy the server's current table (`ratings`) into season ``number``'s archive."""
    await conn.execute(
        f"INSERT INTO season_ratings (season, {_RATING_COLUMNS}) "
        f"SELECT ?, {_RATING_COLUMNS} FROM ratings WHERE guild_id = ?", (number, guild_id))


async def carry_in(conn: Any, guild_id: int, sigma: float) -> None:
    """Every current rating into a new season: mu kept, uncertainty back to
    ``sigma``, the season's games and wins from 0."""
    await conn.execute("UPDATE ratings SET sigma = ?, games = 0, wins = 0 WHERE guild_id = ?", (sigma, guild_id))


async def board(db: Database, guild_id: int, number: int, game_type: str) -> list[RatingRow]:
    """An archived season's table as it stood at its end, best ordinal
    first (players carried in who played no game of it left out)."""
    rows = await db.fetchall(
        f"SELECT {_RATING_COLUMNS} FROM season_ratings WHERE guild_id = ? AND season = ? AND game_type = ? "
        "AND games > 0 ORDER BY (mu - 3 * sigma) DESC, wins DESC, user_id", (guild_id, number, game_type))
    return [RatingRow.model_validate(dict(r)) for r in rows]


async def archived_many(conn: Any, guild_id: int, number: int, game_type: str,
                        user_ids: list[int]) -> dict[int, RatingRow]:
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await conn.fetchall(
        f"SELECT {_RATING_COLUMNS} FROM season_ratings WHERE guild_id = ? AND season = ? AND game_type = ? "
        f"AND user_id IN ({marks})", (guild_id, number, game_type, *user_ids))
    return {r["user_id"]: RatingRow.model_validate(dict(r)) for r in rows}


async def upsert_archived(conn: Any, number: int, row: RatingRow) -> None:
    """Write a rating into season ``number``'s archive (a game that started
    in that season and finished after it ended)."""
    await conn.execute(
        f"INSERT INTO season_ratings (season, {_RATING_COLUMNS}) "
        "VALUES (:season, :guild_id, :game_type, :user_id, :name, :mu, :sigma, :games, :wins, :last_played) "
        "ON CONFLICT (guild_id, season, game_type, user_id) DO UPDATE SET name = excluded.name, "
        "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
        "last_played = excluded.last_played",
        row.model_dump() | {"season": number})


async def mark_game(conn: Any, game_id: int, guild_id: int | None) -> None:
    """Record the period a game starts in (called in its start's transaction)."""
    period = period_of(await latest(conn, guild_id)) if guild_id is not None else BEFORE_SEASONS
    await conn.execute("UPDATE games SET season = ? WHERE id = ?", (period, game_id))


async def game_period(conn: Any, game_id: int) -> int:
    """The period the game started in (0 for a game started before seasons existed)."""
    value = await conn.fetchval("SELECT season FROM games WHERE id = ?", (game_id,))
    return int(value or 0)
