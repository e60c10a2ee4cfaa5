"""A tournament service on a SQLite file with the test-only Highcard game,
and a referee that decides each match by a resignation."""
from __future__ import annotations

from collections.abc import Callable

from db.database import Database
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tables.tournaments.notifier import RecordingNotifier
from tables.tournaments.service import TournamentService
from tests.support.highcard import HighcardEngine, HighcardRenderer

GUILD, CHANNEL, ORGANISER = 1, 2, 9
USER0 = 100  # entrant n (a person) is user USER0 + n


def highcard_registry() -> GameRegistry:
    return GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())])


async def open_services(path: str, registry: GameRegistry | None = None) -> TournamentService:
    db = Database(path)
    await db.open()
    tables = TableService(db, registry or highcard_registry())
    seeds = iter(range(1, 10**6))
    tables.new_seed = lambda: next(seeds)
    return TournamentService(tables, RecordingNotifier())


async def sign_up(service: TournamentService, people: int = 0, ais: int = 0, **options) -> int:
    t = await service.new(GUILD, CHANNEL, ORGANISER, options.pop("game", "highcard"), options.pop("format", "swiss"),
                          **options)
    for n in range(1, people + 1):
        await service.join(t.id, USER0 + n, f"p{n}")
    for _ in range(ais):
        await service.add_ai(t.id, ORGANISER)
    return t.id


async def referee(service: TournamentService, tournament_id: int, winner: Callable[[int, int], int]) -> None:
    """Resign the loser of every match in play, ``winner(a, b)`` naming the
    entrant who wins, until the tournament is over."""
    while True:
        await service.settle()
        t = await service.get(tournament_id)
        if t.status != "running":
            return
        pending = [m for m in await service.repo.matches(t.id, t.round_no) if not m.recorded]
        assert pending, "a running round with nothing to play"
        for m in pending:
            assert m.game_id is not None and m.b is not None
            loser = m.b if winner(m.a, m.b) == m.a else m.a
            await service.tables.resign(m.game_id, USER0 + loser)
