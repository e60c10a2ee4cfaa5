"""Results: a finished game's ranks (resigned sides last), outcomes,
standings and ratings (pure functions), and `Results.finish`, which writes
them with the status in one transaction."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from db import rating_history
from db import seasons as season_store
from db.models import Seat
from db.repo import GameRepo, RatingRepo
from engines.base import Result
from games.options import hints_on
from tables import ratings
from tables.live import GameSummary, LiveTable, LiveTables, Standing
from tables.seasons import Target, target
from tables.store import TableStore

log = logging.getLogger("tables.service")


def groups(table: LiveTable) -> list[list[int]]:
    """The sides: one per team in team games, else one per seat."""
    teams = table.engine.teams(table.state) if table.state is not None else None
    if teams is None:
        return [[i] for i in range(len(table.seats))]
    by_team: dict[int, list[int]] = {}
    for seat, team in enumerate(teams):
        by_team.setdefault(team, []).append(seat)
    return list(by_team.values())


def active_groups(table: LiveTable) -> list[list[int]]:
    """The sides with a seat that has not resigned."""
    return [g for g in groups(table) if any(table.seats[s].ai_reason != "resigned" for s in g)]


def outcomes(table: LiveTable, result: Result) -> list[str]:
    """``win`` for a sole first place, ``draw`` when first place is shared
    between sides, else ``loss`` (a lost solo game is a loss)."""
    firsts = sum(1 for g in groups(table) if result.ranks[g[0]] == 1)
    return ["loss" if rank != 1 else "win" if firsts == 1 else "draw" for rank in result.ranks]


def final_result(table: LiveTable, engine_result: Result | None) -> Result:
    """The engine's ranking with resigned seats moved to the bottom (earlier
    resignations lower), as competition ranks: two sides tied first are
    followed by third (1, 1, 3). A solo game keeps the engine's rank (2 when
    lost), and a resigned solo game is lost."""
    n = len(table.seats)
    teams = table.engine.teams(table.state) if table.state is not None else None
    resigned_order = {i: s.resigned_order for i, s in enumerate(table.seats) if s.resigned_order}
    sides = groups(table)
    side_of = {s: gi for gi, g in enumerate(sides) for s in g}
    base = engine_result.ranks if engine_result else [1] * n
    # A side counts as resigned when all its seats resigned.
    side_resigned = {
        gi: (max(resigned_order.get(s, 0) for s in g) if all(s in resigned_order for s in g) else None)
        for gi, g in enumerate(sides)
    }
    active = [base[g[0]] for gi, g in enumerate(sides) if side_resigned[gi] is None]
    gone = sorted({o for o in side_resigned.values() if o is not None}, reverse=True)
    ranks = []
    for seat in range(n):
        gi = side_of[seat]
        order = side_resigned[gi]
        if len(sides) == 1:
            ranks.append(base[seat] if order is None else max(2, base[seat]))
        elif order is None:
            ranks.append(1 + sum(1 for other in active if other < base[sides[gi][0]]))
        else:
            ranks.append(len(active) + 1 + gone.index(order))
    return Result(ranks=ranks, teams=teams, scores=engine_result.scores if engine_result else None,
                  reason=engine_result.reason if engine_result else "")


def person(seat: Seat) -> int:
    """The user of a seat of a rated game (only people's seats are rated)."""
    if seat.user_id is None:
        raise ValueError("an AI seat has no rating")
    return seat.user_id


def unrated_reason(table: LiveTable) -> str:
    """Why a finished game is not rated (an i18n key), or "" when it is."""
    record = table.record
    if len(groups(table)) < 2:
        return "core.unrated.solo"
    if record.guild_id is None:
        return "core.unrated.dm"
    if hints_on(record.config):
        return "hints.unrated"
    if any(s.ai_reason == "added" for s in record.seats):
        return "core.result.unrated"
    return ""


class Results:
    def __init__(self, games: GameRepo, ratings_repo: RatingRepo, store: TableStore, live: LiveTables,
                 now: Callable[[], float]) -> None:
        self.games = games
        self.ratings = ratings_repo
        self.store = store
        self.live = live
        self.now = now

    async def finish(self, table: LiveTable, reason: str | None) -> GameSummary:
        """Write the result, the outcomes and (when rated) the ratings with
        the status, in one transaction, so a game is finished and rated
        exactly once; then forget the table."""
        record = table.record
        engine_result = table.engine.result(table.state) if table.state is not None else None
        result = final_result(table, engine_result)
        why_unrated = unrated_reason(table)
        rated = not why_unrated
        standings = [
            Standing(seat=i, rank=result.ranks[i], score=(result.scores[i] if result.scores else None),
                     resigned=record.seats[i].ai_reason == "resigned")
            for i in range(len(record.seats))
        ]
        seat_outcomes = outcomes(table, result)
        now = self.now()
        record.status = "finished"
        record.turn_started_at = None
        record.updated_at = now
        async with self.store.transaction(table) as conn:
            await self.games.update(conn, record)
            counts_in = await target(conn, record.guild_id, record.id) if rated and record.guild_id else None
            if counts_in is not None and counts_in.unrated:
                rated, why_unrated = False, counts_in.unrated
            await self.games.save_results(conn, record.id, [
                {"seat": st.seat, "user_id": record.seats[st.seat].user_id, "rank": st.rank,
                 "team": result.teams[st.seat] if result.teams else None, "score": st.score, "rated": int(rated),
                 "outcome": seat_outcomes[st.seat]}
                for st in standings
            ])
            if rated and counts_in is not None:
                await self._rate(conn, table, result, standings, now, counts_in)
        self.live.remove(table)
        log.info("game %s: finished (rated=%s)", record.id, rated)
        self.store.ended.ended(record)
        return GameSummary(
            result=result, standings=standings, rated=rated,
            reason=reason or (engine_result.reason if engine_result else "") or "core.end.over",
            ai_marked=record.ai_marked, unrated_reason=why_unrated,
        )

    async def _rate(self, conn: Any, table: LiveTable, result: Result, standings: list[Standing],
                    now: float, counts_in: Target) -> None:
        """Rate into the current table, or into the archive of the season the
        game started in when that season has ended since (tables/seasons.py)."""
        record = table.record
        guild_id = record.guild_id
        if guild_id is None:  # not rated outside a server (unrated_reason)
            return
        sides = groups(table)
        user_ids = [s.user_id for s in record.seats if s.user_id is not None]
        archive = counts_in.archive
        existing = (await self.ratings.get_many(guild_id, record.game_type, user_ids, conn) if archive is None else
                    await season_store.archived_many(conn, guild_id, archive, record.game_type, user_ids))
        rows = [[existing.get(person(record.seats[s]))
                 or ratings.default_row(guild_id, record.game_type, person(record.seats[s]),
                                        record.seats[s].name, now) for s in g] for g in sides]
        rows = [[r.model_copy(update={"name": record.seats[s].name}) for r, s in zip(row, g)]
                for row, g in zip(rows, sides)]
        new_rows = ratings.rate(rows, [result.ranks[g[0]] for g in sides], now)
        for g, old_group, new_group in zip(sides, rows, new_rows):
            for seat, old, new in zip(g, old_group, new_group):
                standings[seat].rating_before = old.ordinal if old.games else None
                standings[seat].rating_after = new.ordinal
                if archive is None:
                    await self.ratings.upsert(conn, new)
                else:
                    await season_store.upsert_archived(conn, archive, new)
        for row in (new for group in new_rows for new in group):
            await rating_history.record(conn, guild_id, row.user_id, rating_history.RatingPoint(
                game_id=record.id, game_type=record.game_type, season=counts_in.season, mu=row.mu,
                sigma=row.sigma, at=now))
