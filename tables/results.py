"""Results: a finished game's ranks (resigned sides last), outcomes,
standings and ratings, written with the status in one transaction. Part of
`TableService`."""
from __future__ import annotations

import logging

from engines.base import Result
from tables import ratings
from tables.live import GameSummary, LiveTable, Standing
from tables.sweeper import guarded_write

log = logging.getLogger("tables.service")  # the service's one logger, as before the split


class ResultsMixin:
    """`TableService`'s results; relies on the state and helpers `tables.service` sets up."""

    def _groups(self, table: LiveTable) -> list[list[int]]:
        teams = table.engine.teams(table.state) if table.state is not None else None
        if teams is None:
            return [[i] for i in range(len(table.seats))]
        by_team: dict[int, list[int]] = {}
        for seat, team in enumerate(teams):
            by_team.setdefault(team, []).append(seat)
        return list(by_team.values())

    def _active_groups(self, table: LiveTable) -> list[list[int]]:
        return [g for g in self._groups(table) if any(table.seats[s].ai != "resigned" for s in g)]

    async def _finish(self, table: LiveTable, reason: str | None) -> GameSummary:
        record = table.record
        engine_result = table.engine.result(table.state) if table.state is not None else None
        result = self._final_result(table, engine_result)
        solo = len(self._groups(table)) < 2
        unrated_reason = ("core.unrated.solo" if solo
                          else "core.unrated.dm" if record.guild_id is None
                          else "core.result.unrated" if any(s.ai == "added" for s in record.seats) else "")
        rated = not unrated_reason
        standings = [
            Standing(seat=i, rank=result.ranks[i], score=(result.scores[i] if result.scores else None),
                     resigned=record.seats[i].ai == "resigned")
            for i in range(len(record.seats))
        ]
        outcomes = self._outcomes(table, result)
        now = self.clock()
        record.status = "finished"
        record.turn_started_at = None
        record.updated_at = now
        async with guarded_write(self, table) as conn:
            await self.games.update(conn, record)
            await self.games.save_results(conn, record.id, [
                {"seat": st.seat, "user_id": record.seats[st.seat].user_id, "rank": st.rank,
                 "team": result.teams[st.seat] if result.teams else None, "score": st.score, "rated": int(rated),
                 "outcome": outcomes[st.seat]}
                for st in standings
            ])
            if rated:
                await self._update_ratings(conn, table, result, standings, now)
        self._forget(table)
        log.info("game %s: finished (rated=%s)", record.id, rated)
        return GameSummary(
            result=result, standings=standings, rated=rated,
            reason=reason or (engine_result.reason if engine_result else "") or "core.end.over",
            ai_marked=record.ai_marked, unrated_reason=unrated_reason,
        )

    def _outcomes(self, table: LiveTable, result: Result) -> list[str]:
        """``win`` for a sole first place, ``draw`` when first place is
        shared between sides, else ``loss`` (a lost solo game is a loss)."""
        groups = self._groups(table)
        firsts = sum(1 for g in groups if result.ranks[g[0]] == 1)
        return ["loss" if rank != 1 else "win" if firsts == 1 else "draw" for rank in result.ranks]

    def _final_result(self, table: LiveTable, engine_result: Result | None) -> Result:
        """The engine's ranking with resigned seats moved to the bottom
        (earlier resignations lower), as competition ranks: two sides tied
        first are followed by third (1, 1, 3). A solo game keeps the engine's
        rank (2 when lost), and a resigned solo game is lost."""
        n = len(table.seats)
        teams = table.engine.teams(table.state) if table.state is not None else None
        resigned_order = {i: s.resigned_order for i, s in enumerate(table.seats) if s.resigned_order}
        groups = self._groups(table)
        group_of = {s: gi for gi, g in enumerate(groups) for s in g}
        base = engine_result.ranks if engine_result else [1] * n
        # A group counts as resigned when all its seats resigned.
        group_resign = {
            gi: (max(resigned_order.get(s, 0) for s in g) if all(s in resigned_order for s in g) else None)
            for gi, g in enumerate(groups)
        }
        active = [base[g[0]] for gi, g in enumerate(groups) if group_resign[gi] is None]
        gone = sorted({o for o in group_resign.values() if o is not None}, reverse=True)
        ranks = []
        for seat in range(n):
            gi = group_of[seat]
            if len(groups) == 1:
                ranks.append(base[seat] if group_resign[gi] is None else max(2, base[seat]))
            elif group_resign[gi] is None:
                ranks.append(1 + sum(1 for other in active if other < base[groups[gi][0]]))
            else:
                ranks.append(len(active) + 1 + gone.index(group_resign[gi]))
        return Result(ranks=ranks, teams=teams, scores=engine_result.scores if engine_result else None,
                      reason=engine_result.reason if engine_result else "")

    async def _update_ratings(self, conn, table: LiveTable, result: Result, standings: list[Standing],
                              now: float) -> None:
        record = table.record
        groups = self._groups(table)
        user_ids = [s.user_id for s in record.seats if s.user_id is not None]
        existing = await self.ratings.get_many(record.guild_id, record.game_type, user_ids)
        rows = [[existing.get(record.seats[s].user_id)
                 or ratings.default_row(record.guild_id, record.game_type, record.seats[s].user_id,
                                        record.seats[s].name, now) for s in g] for g in groups]
        rows = [[r.model_copy(update={"name": record.seats[s].name}) for r, s in zip(row, g)]
                for row, g in zip(rows, groups)]
        new_rows = ratings.rate(rows, [result.ranks[g[0]] for g in groups], now)
        for g, old_group, new_group in zip(groups, rows, new_rows):
            for seat, old, new in zip(g, old_group, new_group):
                standings[seat].rating_before = old.ordinal if old.games else None
                standings[seat].rating_after = new.ordinal
                await self.ratings.upsert(conn, new)
