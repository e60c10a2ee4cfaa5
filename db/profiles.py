"""What ``/profile`` reads about one player in one server: games and wins
per game, and the last results. Only finished games count (rated or not);
a lobby, a game still running and an abandoned one do not. A player who
used ``/privacy delete`` has no rows here (their results carry no id)."""
from __future__ import annotations

from pydantic import BaseModel

from db.database import Database


class PlayedGame(BaseModel):
    """One game type's totals for the player."""

    game_type: str
    games: int
    wins: int  # a sole first place (a shared one is a draw)
    rated: int  # of those games, the rated ones
    last_played: float  # the newest of them (Unix seconds)


class RecentResult(BaseModel):
    game_id: int
    game_type: str
    at: float  # when the game ended (its last write)
    rank: int  # the player's (or their team's) place, 1 best
    sides: int  # how many places there were: players, or teams in a team game
    outcome: str  # win, draw or loss
    rated: bool


async def played(db: Database, guild_id: int, user_id: int) -> list[PlayedGame]:
    rows = await db.fetchall(
        "SELECT g.game_type AS game_type, COUNT(*) AS games, "
        "CAST(SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT) AS wins, "
        "CAST(SUM(CASE WHEN r.rated <> 0 THEN 1 ELSE 0 END) AS BIGINT) AS rated, "
        "MAX(g.updated_at) AS last_played "
        "FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE r.user_id = ? AND g.guild_id = ? AND g.status = 'finished' "
        "GROUP BY g.game_type ORDER BY g.game_type",
        (user_id, guild_id))
    return [PlayedGame.model_validate(dict(r)) for r in rows]


async def recent(db: Database, guild_id: int, user_id: int, limit: int = 5) -> list[RecentResult]:
    """The player's last ``limit`` finished games here, newest first. A side
    is a team where the game has teams, else a seat."""
    rows = await db.fetchall(
        "SELECT g.id AS game_id, g.game_type AS game_type, g.updated_at AS at, r.rank AS rank, "
        "r.outcome AS outcome, r.rated AS rated, "
        "(SELECT COUNT(DISTINCT COALESCE(o.team, -1 - o.seat)) FROM results o WHERE o.game_id = g.id) AS sides "
        "FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE r.user_id = ? AND g.guild_id = ? AND g.status = 'finished' "
        "ORDER BY g.updated_at DESC, g.id DESC LIMIT ?",
        (user_id, guild_id, limit))
    return [RecentResult.model_validate({**dict(r), "rated": bool(r["rated"]),
                                         "outcome": r["outcome"] or ("win" if r["rank"] == 1 else "loss")})
            for r in rows]
