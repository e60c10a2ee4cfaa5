"""A server's stored results and ratings for the leaderboard and profile
tests (API, fuzz, browser): finished games written as the game end writes
them, rating rows with their history, one player in another server only."""
from __future__ import annotations

from db import rating_history
from db.database import Database
from db.models import GameRecord, RatingRow, Seat
from db.rating_history import RatingPoint
from db.repo import GameRepo, RatingRepo
from tests.webboard.watching import CHANNEL, GUILD

OTHER_GUILD = 9
ADA, BO, CY, DEE = 80351110224678912, 80351110224678913, 80351110224678914, 80351110224678915
PLAYERS = [(80351110224679000 + n, f"Player{n:02d}") for n in range(11)]  # rated above Ada in cubed
START = 1_800_000_000.0


async def finished(db: Database, game_type: str, at: float, seats: list[tuple[int | None, str, int, str]],
                   guild: int = GUILD, channel: int = CHANNEL) -> int:
    """A finished game: (user id or None for an AI, name, rank, outcome) per seat."""
    record = GameRecord(game_type=game_type, guild_id=guild, channel_id=channel,
                        host_id=seats[0][0] or 1, status="finished",
                        seats=[Seat(user_id=u, name=name) for u, name, _, _ in seats],
                        seed=1, created_at=at - 600, updated_at=at)
    repo = GameRepo(db)
    async with db.transaction() as conn:
        game_id = await repo.insert(conn, record)
        await repo.save_results(conn, game_id, [
            {"seat": n, "user_id": u, "rank": rank, "team": None, "score": 0.0, "rated": 1, "outcome": outcome}
            for n, (u, _, rank, outcome) in enumerate(seats)])
    return game_id


async def rate(db: Database, game_id: int, game_type: str, user_id: int, name: str, mu: float, at: float,
               guild: int = GUILD, games: int = 1, wins: int = 0) -> None:
    async with db.transaction() as conn:
        await rating_history.record(conn, guild, user_id, RatingPoint(
            game_id=game_id, game_type=game_type, season=0, mu=mu, sigma=5.0, at=at))
        await RatingRepo(db).upsert(conn, RatingRow(guild_id=guild, game_type=game_type, user_id=user_id,
                                                    name=name, mu=mu, sigma=5.0, games=games, wins=wins,
                                                    last_played=at))


async def fill(db: Database, guild: int = GUILD, channel: int = CHANNEL) -> None:
    """Cubed: eleven players above Ada, then Ada (12th), Bo last; Setup: Bo
    above Ada. Cy played only unrated here (a name, no rating). Dee has a
    rating in another server only."""
    at = START
    for n, (user, name) in enumerate(PLAYERS):
        game = await finished(db, "cubed", at + n, [(user, name, 1, "win"), (BO, "Bo", 2, "loss")], guild, channel)
        await rate(db, game, "cubed", user, name, 40.0 - n, at + n, wins=1, guild=guild)
    game = await finished(db, "cubed", at + 50, [(ADA, "Ada", 1, "win"), (BO, "Bo", 2, "loss")], guild, channel)
    await rate(db, game, "cubed", ADA, "Ada", 28.0, at + 50, wins=1, guild=guild)
    await rate(db, game, "cubed", BO, "Bo", 10.0, at + 50, games=12, guild=guild)
    game = await finished(db, "setup", at + 60, [(BO, "Bo", 1, "win"), (ADA, "Ada", 2, "loss")], guild, channel)
    await rate(db, game, "setup", BO, "Bo", 30.0, at + 60, wins=1, guild=guild)
    await rate(db, game, "setup", ADA, "Ada", 20.0, at + 60, guild=guild)
    await finished(db, "deathfront", at + 70, [(CY, "Cy", 1, "win"), (None, "AI", 2, "loss")], guild, channel)
    game = await finished(db, "cubed", at + 80, [(DEE, "Dee", 1, "win"), (ADA, "Ada", 2, "loss")],
                          guild=OTHER_GUILD, channel=OTHER_GUILD * 10)
    await rate(db, game, "cubed", DEE, "Dee", 50.0, at + 80, guild=OTHER_GUILD, wins=1)
