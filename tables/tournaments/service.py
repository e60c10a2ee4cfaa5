"""Tournaments: sign-up (new, join, leave, AI entrants, cancel), the
organiser's start, and the flow of rounds after it (``flow.py``). Every
refusal is a ``TableError`` with an i18n key (``tournament.err.*``, or the
pairing module's ``pairing.*``) and changes nothing."""
from __future__ import annotations

import logging
from collections.abc import Callable

from db.tournaments import Entrant, Match, Tournament, TournamentRepo
from tables.errors import TableError
from tables.service import TableService
from tables.tournaments.flow import Flow
from tables.tournaments.notifier import RecordingNotifier, TournamentNotifier
from tables.tournaments.pairing import FORMATS, round_count

log = logging.getLogger("tables.tournaments")

MAX_ENTRANTS = 64
MAX_ROUNDS = 20
TURN_MINUTES = (1, 24 * 60)  # a tournament's own turn time: from a minute to a day


class TournamentService:
    def __init__(self, tables: TableService, notifier: TournamentNotifier | None = None) -> None:
        self.tables = tables
        self.repo = TournamentRepo(tables.db)
        self.notifier: TournamentNotifier = notifier or RecordingNotifier()

        def notifier_now() -> TournamentNotifier:
            return self.notifier

        self.flow = Flow(self.repo, tables, notifier_now, lambda: self.now())
        tables.on_game_end(self.flow.game_ended)

    def now(self) -> float:
        return self.tables.clock()

    # -- reading -------------------------------------------------------------------
    async def get(self, tournament_id: int) -> Tournament:
        t = await self.repo.get(tournament_id)
        if t is None:
            raise TableError("tournament.err.unknown", id=tournament_id)
        return t

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        return await self.repo.entrants(tournament_id)

    async def find(self, tournament_id: int) -> Tournament | None:
        return await self.repo.get(tournament_id)

    async def in_guild(self, guild_id: int | None) -> list[Tournament]:
        """A server's newest tournaments, newest first."""
        return await self.repo.in_guild(guild_id)

    async def matches(self, tournament_id: int) -> list[Match]:
        return await self.repo.matches(tournament_id)

    # -- sign-up -------------------------------------------------------------------
    async def new(self, guild_id: int | None, channel_id: int, organiser_id: int, game_type: str, format: str,
                  rounds: int | None = None, teams: bool = False, turn_minutes: int | None = None) -> Tournament:
        definition = self.tables.registry.get(game_type)
        if format not in FORMATS:
            raise TableError("pairing.unknown_format", format=format)
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TableError("tournament.err.rounds", max=MAX_ROUNDS)
        if teams and definition.team_match is None:
            raise TableError("tournament.err.no_teams")
        if not teams:
            lo, hi = definition.engine.seat_range(definition.engine.config_from_json({}))
            if not lo <= 2 <= hi:
                raise TableError("tournament.err.not_two")
        if turn_minutes is not None and not TURN_MINUTES[0] <= turn_minutes <= TURN_MINUTES[1]:
            raise TableError("tournament.err.turn_minutes", min=TURN_MINUTES[0], max=TURN_MINUTES[1])
        now = self.now()
        t = Tournament(0, guild_id, channel_id, organiser_id, game_type, format, rounds or 0, teams, turn_minutes,
                       "signup", 0, 0, None, now, now)
        async with self.repo.db.transaction() as conn:
            t.id = await self.repo.insert(conn, t)
        log.info("tournament %s: new (%s, %s) guild=%s channel=%s", t.id, game_type, format, guild_id, channel_id)
        return t

    async def set_message(self, t: Tournament, message_id: int) -> None:
        t.message_id = message_id
        async with self.repo.db.transaction() as conn:
            await self.repo.update(conn, t)

    async def _signup(self, tournament_id: int) -> Tournament:
        t = await self.get(tournament_id)
        if t.status != "signup":
            raise TableError("tournament.err.not_signup", id=t.id)
        return t

    async def join(self, tournament_id: int, user_id: int, name: str, partner_id: int | None = None,
                   partner_name: str | None = None) -> Tournament:
        async with self.flow.lock(tournament_id):
            t = await self._signup(tournament_id)
            entrants = await self.repo.entrants(t.id)
            if t.teams and partner_id is None:
                raise TableError("tournament.err.partner_needed")
            if not t.teams:
                partner_id = partner_name = None
            if partner_id == user_id:
                raise TableError("tournament.err.partner_self")
            taken = {u for e in entrants for u in e.users}
            if user_id in taken or (partner_id is not None and partner_id in taken):
                raise TableError("tournament.err.already")
            if len(entrants) >= MAX_ENTRANTS:
                raise TableError("tournament.err.full", max=MAX_ENTRANTS)
            async with self.repo.db.transaction() as conn:
                await self.repo.add_entrant(conn, Entrant(t.id, 0, user_id, partner_id, name, partner_name))
            await self._changed(t)
        return t

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """A player leaves before the start (with their partner: the pair signed up together)."""
        async with self.flow.lock(tournament_id):
            t = await self._signup(tournament_id)
            mine = next((e for e in await self.repo.entrants(t.id) if user_id in e.users), None)
            if mine is None:
                raise TableError("tournament.err.not_entered")
            async with self.repo.db.transaction() as conn:
                await self.repo.remove_entrant(conn, t.id, mine.entrant)
            await self._changed(t)
        return t

    async def add_ai(self, tournament_id: int, user_id: int) -> Tournament:
        async with self.flow.lock(tournament_id):
            t = await self._organiser(await self._signup(tournament_id), user_id)
            entrants = await self.repo.entrants(t.id)
            if len(entrants) >= MAX_ENTRANTS:
                raise TableError("tournament.err.full", max=MAX_ENTRANTS)
            number = sum(1 for e in entrants if e.is_ai) + 1
            name = f"AI {number}"
            async with self.repo.db.transaction() as conn:
                await self.repo.add_entrant(conn, Entrant(t.id, 0, None, None, name,
                                                          f"{name}·2" if t.teams else None))
            await self._changed(t)
        return t

    async def cancel(self, tournament_id: int, user_id: int, manager: bool = False) -> Tournament:
        """The organiser (or a server manager) cancels, before the start or
        while it runs. Once cancelled nothing more is recorded: games in
        progress go on as ordinary games."""
        async with self.flow.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status not in ("signup", "running"):
                raise TableError("tournament.err.over", id=t.id)
            if not manager:
                await self._organiser(t, user_id)
            was = t.status
            t.status = "cancelled"
            t.updated_at = self.now()
            async with self.repo.db.transaction() as conn:
                await self.repo.update(conn, t)
            log.info("tournament %s: cancelled (%s) by %s", t.id, was, "a manager" if manager else "the organiser")
            if was == "signup":
                await self._changed(t, closed="tournament.signup.cancelled")
            else:
                await self.notifier.cancelled(t)
        return t

    async def start(self, tournament_id: int, user_id: int) -> Tournament:
        """The organiser starts: the number of rounds is fixed and round 1 paired, then played."""
        async with self.flow.lock(tournament_id):
            t = await self._organiser(await self._signup(tournament_id), user_id)
            entrants = await self.repo.entrants(t.id)
            t.rounds = round_count(t.format, len(entrants), t.rounds or None)  # PairingError: refused
            t.status = "running"
            await self.flow.next_round(t, [e.entrant for e in entrants], [])
            await self._changed(t, closed="tournament.signup.started")
            log.info("tournament %s: started with %d entrants, %d rounds", t.id, len(entrants), t.rounds)
        await self.flow.advance(t.id)
        return t

    async def _organiser(self, t: Tournament, user_id: int) -> Tournament:
        if user_id != t.organiser_id:
            raise TableError("tournament.err.organiser_only")
        return t

    async def _changed(self, t: Tournament, closed: str | None = None) -> None:
        await self.notifier.signup_changed(t, await self.repo.entrants(t.id), closed)

    # -- running -------------------------------------------------------------------
    async def resume(self, owns: Callable[[Tournament], bool] = lambda t: True) -> int:
        """After the tables are restored: move every running tournament on (and
        post what a crash left unposted). ``owns``: whether this process runs
        the tournament's server (with several processes, each resumes its own).
        Returns how many were resumed."""
        resumed = 0
        for tournament_id in await self.repo.to_resume():
            t = await self.repo.get(tournament_id)
            if t is not None and owns(t):
                await self.flow.advance(tournament_id)
                resumed += 1
        return resumed

    async def settle(self) -> None:
        await self.flow.settle()

