"""Seasons (issue 24, docs/community.md "Seasons"): `/season start` archives
nothing new but carries every rating into the next season (mu kept, sigma
back to the model's default, games and wins from 0); `/season end` archives
the running season's table. A game counts in the period it started in: one
that outlives its season is rated into that season's archive, one started
between two seasons that ends in the next is not rated."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db import seasons as stored
from db.database import Database
from db.models import RatingRow
from db.repo import RatingRepo
from db.seasons import BEFORE_SEASONS, Season, period_of
from tables import ratings
from tables.errors import TableError

NAME_LIMIT = 50
FRESH_SIGMA = ratings.MODEL.rating().sigma


@dataclass(frozen=True)
class Target:
    """Where a finished game's ratings go."""

    season: int  # the season the game counts in (0 outside any season)
    archive: int | None = None  # rate into this season's archive, not the current table
    unrated: str = ""  # an i18n key when seasons keep the game from being rated


async def target(conn: Any, guild_id: int, game_id: int) -> Target:
    started = await stored.game_period(conn, game_id)
    now = period_of(await stored.latest(conn, guild_id))
    if started == now:
        return Target(season=max(started, 0))
    if started >= 0:
        return Target(season=started, archive=started)
    return Target(season=0, unrated="season.unrated")


async def lock_guild(conn: Any, guild_id: int) -> None:
    """Serialise season changes of one server across processes (SQLite's
    BEGIN IMMEDIATE already does)."""
    if conn.dialect == "postgresql":
        await conn.execute("SELECT pg_advisory_xact_lock(?)", (guild_id,))


class Seasons:
    def __init__(self, db: Database, now: Callable[[], float]) -> None:
        self.db = db
        self.now = now

    async def current(self, guild_id: int) -> Season | None:
        """The newest season (running or ended), None before the first."""
        return await stored.latest(self.db, guild_id)

    async def all(self, guild_id: int) -> list[Season]:
        return await stored.all_of(self.db, guild_id)

    async def start(self, guild_id: int, name: str | None) -> Season:
        name = " ".join((name or "").split())[:NAME_LIMIT] or None
        now = self.now()
        async with self.db.transaction() as conn:
            await lock_guild(conn, guild_id)
            last = await stored.latest(conn, guild_id)
            if last is not None and last.running:
                raise TableError("season.err.running", season=last.number)
            if last is None:  # the table as it stood before seasons stays viewable as season 0
                await stored.insert(conn, Season(guild_id=guild_id, number=BEFORE_SEASONS, started_at=0.0,
                                                 ended_at=now))
                await stored.archive(conn, guild_id, BEFORE_SEASONS)
            season = Season(guild_id=guild_id, number=(last.number if last else BEFORE_SEASONS) + 1, name=name,
                            started_at=now)
            await stored.carry_in(conn, guild_id, FRESH_SIGMA)
            await stored.insert(conn, season)
        return season

    async def end(self, guild_id: int) -> Season:
        now = self.now()
        async with self.db.transaction() as conn:
            await lock_guild(conn, guild_id)
            last = await stored.latest(conn, guild_id)
            if last is None or not last.running:
                raise TableError("season.err.none_running")
            await stored.archive(conn, guild_id, last.number)
            await stored.close(conn, guild_id, last.number, now)
        return last.model_copy(update={"ended_at": now})

    async def board(self, repo: RatingRepo, guild_id: int, game_type: str,
                    number: int | None) -> tuple[Season | None, list[RatingRow]]:
        """A season's table (the current one when ``number`` is None): the
        running season's or, between seasons, the current table; an ended
        season's as archived."""
        season = await self.current(guild_id) if number is None else await stored.get(self.db, guild_id, number)
        if number is not None and season is None:
            raise TableError("season.err.unknown", season=number)
        if season is None or number is None or season.running:
            return season, await repo.board(guild_id, game_type)
        return season, await stored.board(self.db, guild_id, season.number, game_type)
