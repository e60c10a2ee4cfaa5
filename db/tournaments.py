"""Tournaments (migration 0009): the tournament, its entrants and its
matches. Plain storage; the flow is ``tables/tournaments/``."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from db.database import Database

RUNNING = ("signup", "running")  # a tournament still going: its entrants cannot be forgotten


@dataclass
class Tournament:
    id: int
    guild_id: int | None
    channel_id: int
    organiser_id: int
    game_type: str
    format: str
    rounds: int
    teams: bool
    turn_minutes: int | None
    status: str
    round_no: int
    announced_round: int
    message_id: int | None
    created_at: float
    updated_at: float


@dataclass
class Entrant:
    tournament_id: int
    entrant: int
    user_id: int | None  # None: an AI entrant
    partner_id: int | None
    name: str
    partner_name: str | None

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def users(self) -> list[int]:
        return [u for u in (self.user_id, self.partner_id) if u is not None]


@dataclass
class Match:
    tournament_id: int
    round: int
    board: int
    a: int
    b: int | None  # None: a bye
    thread_id: int | None
    game_id: int | None
    score_a: float | None
    score_b: float | None

    @property
    def recorded(self) -> bool:
        return self.score_a is not None


async def going_with(conn: Any, user_id: int) -> list[int]:
    """The tournaments in sign-up or running that ``user_id`` organises or plays in."""
    rows = await conn.fetchall(
        "SELECT DISTINCT t.id FROM tournaments t LEFT JOIN tournament_entrants e ON e.tournament_id = t.id "
        "WHERE t.status IN (?, ?) AND (t.organiser_id = ? OR e.user_id = ? OR e.partner_id = ?) ORDER BY t.id",
        (*RUNNING, user_id, user_id, user_id))
    return [int(r["id"]) for r in rows]


async def forget_entrant(conn: Any, user_id: int, former_name: str, former_host: int) -> int:
    """A forgotten player's entries keep their place without the user: no id,
    ``former_name``; a tournament they organised gets organiser ``former_host``.
    Returns how many entries changed."""
    changed = await conn.execute(
        "UPDATE tournament_entrants SET user_id = NULL, name = ? WHERE user_id = ?", (former_name, user_id))
    changed += await conn.execute(
        "UPDATE tournament_entrants SET partner_id = NULL, partner_name = ? WHERE partner_id = ?",
        (former_name, user_id))
    await conn.execute("UPDATE tournaments SET organiser_id = ? WHERE organiser_id = ?", (former_host, user_id))
    return int(changed)


def _tournament(row: Any) -> Tournament:
    data = dict(row)
    data["teams"] = bool(data["teams"])
    return Tournament(**data)


class TournamentRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- tournaments -------------------------------------------------------------
    async def insert(self, conn: Any, t: Tournament) -> int:
        return int(await conn.fetchval(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_type, format, rounds, teams, "
            "turn_minutes, status, round_no, announced_round, message_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (t.guild_id, t.channel_id, t.organiser_id, t.game_type, t.format, t.rounds, int(t.teams),
             t.turn_minutes, t.status, t.round_no, t.announced_round, t.message_id, t.created_at, t.updated_at)))

    async def update(self, conn: Any, t: Tournament) -> None:
        await conn.execute(
            "UPDATE tournaments SET rounds = ?, status = ?, round_no = ?, announced_round = ?, message_id = ?, "
            "updated_at = ? WHERE id = ?",
            (t.rounds, t.status, t.round_no, t.announced_round, t.message_id, t.updated_at, t.id))

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def running(self) -> list[Tournament]:
        rows = await self.db.fetchall("SELECT * FROM tournaments WHERE status = 'running' ORDER BY id")
        return [_tournament(r) for r in rows]

    async def to_resume(self) -> list[int]:
        """Running tournaments, and finished ones whose podium was not posted."""
        rows = await self.db.fetchall(
            "SELECT id FROM tournaments WHERE status = 'running' "
            "OR (status = 'finished' AND announced_round <= rounds) ORDER BY id")
        return [int(r["id"]) for r in rows]

    async def in_guild(self, guild_id: int | None, limit: int = 25) -> list[Tournament]:
        """The server's tournaments, newest first."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit))
        return [_tournament(r) for r in rows]

    # -- entrants ------------------------------------------------------------------
    async def entrants(self, tournament_id: int) -> list[Entrant]:
        rows = await self.db.fetchall(
            "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY entrant", (tournament_id,))
        return [Entrant(**dict(r)) for r in rows]

    async def add_entrant(self, conn: Any, e: Entrant) -> int:
        number = int(await conn.fetchval(
            "SELECT COALESCE(MAX(entrant), 0) + 1 FROM tournament_entrants WHERE tournament_id = ?",
            (e.tournament_id,)))
        await conn.execute(
            "INSERT INTO tournament_entrants (tournament_id, entrant, user_id, partner_id, name, partner_name) "
            "VALUES (?, ?, ?, ?, ?, ?)", (e.tournament_id, number, e.user_id, e.partner_id, e.name, e.partner_name))
        return number

    async def remove_entrant(self, conn: Any, tournament_id: int, entrant: int) -> None:
        await conn.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
                           (tournament_id, entrant))

    # -- matches -------------------------------------------------------------------
    async def matches(self, tournament_id: int, round_no: int | None = None) -> list[Match]:
        if round_no is None:
            rows = await self.db.fetchall(
                "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, board", (tournament_id,))
        else:
            rows = await self.db.fetchall(
                "SELECT * FROM tournament_matches WHERE tournament_id = ? AND round = ? ORDER BY board",
                (tournament_id, round_no))
        return [Match(**dict(r)) for r in rows]

    async def add_matches(self, conn: Any, matches: Iterable[Match]) -> None:
        for m in matches:
            await conn.execute(
                "INSERT INTO tournament_matches (tournament_id, round, board, a, b, thread_id, game_id, score_a, "
                "score_b) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (m.tournament_id, m.round, m.board, m.a, m.b, m.thread_id, m.game_id, m.score_a, m.score_b))

    async def set_thread(self, m: Match, thread_id: int) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_matches SET thread_id = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                (thread_id, m.tournament_id, m.round, m.board))
        m.thread_id = thread_id

    async def set_game(self, m: Match, game_id: int) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_matches SET game_id = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                (game_id, m.tournament_id, m.round, m.board))
        m.game_id = game_id

    async def record(self, conn: Any, m: Match, score_a: float, score_b: float | None) -> bool:
        """Record a match's score once: False when it was already recorded."""
        changed = await conn.execute(
            "UPDATE tournament_matches SET score_a = ?, score_b = ? "
            "WHERE tournament_id = ? AND round = ? AND board = ? AND score_a IS NULL",
            (score_a, score_b, m.tournament_id, m.round, m.board))
        if changed:
            m.score_a, m.score_b = score_a, score_b
        return bool(changed)

    async def match_in_thread(self, thread_id: int) -> Match | None:
        """The match played in a thread (the bot opens one thread per match)."""
        row = await self.db.fetchone("SELECT * FROM tournament_matches WHERE thread_id = ?", (thread_id,))
        return Match(**dict(row)) if row else None

    async def match_of_game(self, game_id: int) -> Match | None:
        row = await self.db.fetchone("SELECT * FROM tournament_matches WHERE game_id = ?", (game_id,))
        return Match(**dict(row)) if row else None

    async def game_outcome(self, game_id: int) -> tuple[str, dict[int, int]]:
        """A match game's status and, once finished, each seat's rank."""
        status = await self.db.fetchval("SELECT status FROM games WHERE id = ?", (game_id,))
        rows = await self.db.fetchall("SELECT seat, rank FROM results WHERE game_id = ?", (game_id,))
        return str(status or ""), {int(r["seat"]): int(r["rank"]) for r in rows}
