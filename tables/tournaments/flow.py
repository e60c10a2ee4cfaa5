"""A running tournament moves on by one idempotent step, `Flow.advance`:
run again after a crash, it does exactly what is left to do.

    every match of the round: a thread → a table, opened and started by
    the bot → the score once its game is over (a bye scores at pairing)
    → the round complete: the standings posted, then the next round paired
    (stored in one transaction) and announced → after the last: the podium

Every step is committed before it is announced. A game's end reaches the
tournament through the table service's end listeners; on start-up
``resume`` advances every running tournament, so a game that ended while
the process was down is recorded then.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from db.tournaments import Entrant, Match, Tournament, TournamentRepo
from tables.errors import TableError
from tables.service import TableService
from tables.tournaments.matches import AI_LEVEL, match_score, match_table
from tables.tournaments.notifier import TournamentNotifier
from tables.tournaments.pairing import DRAW, LOSS, WIN, Played, is_finished, pair, podium, standings

log = logging.getLogger("tables.tournaments")


def played_of(matches: list[Match]) -> list[Played]:
    return [Played(m.round, m.a, m.b, m.score_a, m.score_b if m.score_b is not None else LOSS)
            for m in matches if m.score_a is not None]


class Flow:
    def __init__(self, repo: TournamentRepo, tables: TableService, notifier: Callable[[], TournamentNotifier],
                 now: Callable[[], float]) -> None:
        self.repo = repo
        self.tables = tables
        self.notifier = notifier
        self.now = now
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.ai_level = AI_LEVEL  # how AI entrants play (engines.ai.LEVELS; tests pick a quick one)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- hearing of games ------------------------------------------------------------
    def game_ended(self, record: object) -> None:
        """A table service end listener: a match's game may have ended."""
        game_id = getattr(record, "id", None)
        if game_id is None:
            return
        task = asyncio.get_running_loop().create_task(self._game_ended(int(game_id)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _game_ended(self, game_id: int) -> None:
        match = await self.repo.match_of_game(game_id)
        if match is not None:
            await self.advance(match.tournament_id)

    async def settle(self) -> None:
        """Wait until no game end is being handled (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- the one step ----------------------------------------------------------------
    async def advance(self, tournament_id: int) -> None:
        async with self.lock(tournament_id):
            try:
                await self._advance(tournament_id)
            except Exception:
                log.exception("tournament %s: could not move on (the next game end or restart tries again)",
                              tournament_id)

    async def _advance(self, tournament_id: int) -> None:
        while True:
            t = await self.repo.get(tournament_id)
            if t is None or t.status not in ("running", "finished"):
                return
            entrants = {e.entrant: e for e in await self.repo.entrants(t.id)}
            if t.status == "finished":
                await self._announce_end(t, entrants)
                return
            matches = await self.repo.matches(t.id, t.round_no)
            for m in matches:
                if not m.recorded:
                    await self._drive(t, m, entrants)
            if not all(m.recorded for m in matches):
                return
            everything = await self.repo.matches(t.id)
            played = played_of(everything)
            order = list(entrants)
            if t.announced_round < t.round_no:
                await self.notifier().round_standings(t, t.round_no, standings(t.format, order, played), entrants)
                t.announced_round = t.round_no
                await self._save(t)
            if t.round_no >= t.rounds or is_finished(t.format, order, played, t.rounds):
                t.status = "finished"
                await self._save(t)
                log.info("tournament %s: finished after round %d", t.id, t.round_no)
                continue
            await self.next_round(t, order, played)

    async def next_round(self, t: Tournament, order: list[int], played: list[Played]) -> None:
        """Pair the next round and store it with its byes scored, in one transaction, then announce it."""
        round_no = t.round_no + 1
        # A long Swiss of a big field may search for a quarter of a second (bench/community_bench.py): off the loop.
        pairings = await asyncio.to_thread(pair, t.format, order, played, round_no)
        matches = [Match(t.id, round_no, p.board, p.a, p.b, None, None,
                         WIN if p.b is None else None, LOSS if p.b is None else None) for p in pairings]
        t.round_no = round_no
        t.updated_at = self.now()
        async with self.repo.db.transaction() as conn:
            await self.repo.add_matches(conn, matches)
            await self.repo.update(conn, t)
        log.info("tournament %s: round %d paired (%d matches)", t.id, round_no, len(matches))
        entrants = {e.entrant: e for e in await self.repo.entrants(t.id)}
        await self.notifier().round_started(t, matches, entrants)

    async def _announce_end(self, t: Tournament, entrants: dict[int, Entrant]) -> None:
        if t.announced_round > t.rounds:  # the podium was posted
            return
        played = played_of(await self.repo.matches(t.id))
        order = list(entrants)
        await self.notifier().podium(t, podium(t.format, order, played), standings(t.format, order, played),
                                     entrants)
        t.announced_round = t.rounds + 1
        await self._save(t)

    async def _save(self, t: Tournament) -> None:
        t.updated_at = self.now()
        async with self.repo.db.transaction() as conn:
            await self.repo.update(conn, t)

    # -- one match ---------------------------------------------------------------------
    async def _drive(self, t: Tournament, m: Match, entrants: dict[int, Entrant]) -> None:
        """Whatever the match lacks: its thread, its table (opened and started), its score."""
        assert m.b is not None  # a bye is scored when paired
        a, b = entrants[m.a], entrants[m.b]
        if m.game_id is None:
            if m.thread_id is None:
                thread = await self.notifier().match_thread(t, m, a, b)
                if thread is None:
                    log.warning("tournament %s: no thread for round %d board %d", t.id, m.round, m.board)
                    return
                await self.repo.set_thread(m, thread)
            assert m.thread_id is not None
            # A table may be open in the thread already: a crash came before its id was stored.
            live = await self.tables.games.live_in_channel(m.thread_id)
            if live is None:
                config, seats = match_table(t, self.tables.registry.get(t.game_type), a, b, self.ai_level)
                table = await self.tables.open_lobby(t.game_type, t.guild_id, m.thread_id, t.organiser_id,
                                                     "", config, seats=seats)
                game_id = table.id
            else:
                game_id = live.id
            await self.repo.set_game(m, game_id)
            await self.notifier().match_opened(t, m, a, b, game_id)
        assert m.game_id is not None
        status, ranks = await self.repo.game_outcome(m.game_id)
        if status == "lobby":
            try:
                await self.tables.start(m.game_id, t.organiser_id)
            except TableError as error:  # e.g. the table is not this process's (several processes)
                log.warning("tournament %s: game %s did not start (%s)", t.id, m.game_id, error.key)
                return
            status, ranks = await self.repo.game_outcome(m.game_id)
        if status == "finished":
            score_a, score_b = match_score(t.teams, ranks)
        elif status == "abandoned":  # a manager ended the game: neither side won it
            score_a, score_b = DRAW, DRAW
        else:
            return
        async with self.repo.db.transaction() as conn:
            recorded = await self.repo.record(conn, m, score_a, score_b)
        if recorded:
            log.info("tournament %s: round %d board %d recorded %s-%s (game %s)",
                     t.id, m.round, m.board, score_a, score_b, m.game_id)
