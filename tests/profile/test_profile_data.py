"""/profile's data from hand-made finished games: games and wins per game
(rated or not), the favourite game (most played; a tie goes to the one
played last), the last five results newest first with their place of N,
the chart's points (the rating history's ordinals, in order), this server
only; and the words put on the card."""
from __future__ import annotations

import pytest

from db import rating_history
from db.database import Database
from db.models import GameRecord, RatingRow, Seat
from db.rating_history import RatingPoint
from db.repo import GameRepo, RatingRepo
from tables import profiles
from tables.text import game_name

GUILD, OTHER_GUILD = 10, 20
ANN, BOB, CAT = 111111111111111111, 222222222222222222, 333333333333333333
DAY = 86_400.0
START = 1_800_000_000.0


@pytest.fixture
async def db(database_url):
    database = Database(database_url)
    await database.open()
    yield database
    await database.close()


async def finished(db: Database, game_type: str, at: float, places: list[tuple[int | None, int, str]], *,
                   guild: int = GUILD, rated: bool = True, teams: list[int] | None = None,
                   status: str = "finished") -> int:
    """A finished game: ``places`` (user id or None for an AI, rank, outcome) per seat."""
    record = GameRecord(game_type=game_type, guild_id=guild, channel_id=guild * 100, host_id=places[0][0] or 1,
                        status=status, seats=[Seat(user_id=u, name=f"p{n}") for n, (u, _, _) in enumerate(places)],
                        seed=1, created_at=at - 600, updated_at=at)
    repo = GameRepo(db)
    async with db.transaction() as conn:
        game_id = await repo.insert(conn, record)
        if status == "finished":
            await repo.save_results(conn, game_id, [
                {"seat": n, "user_id": u, "rank": rank, "team": teams[n] if teams else None, "score": 0.0,
                 "rated": int(rated), "outcome": outcome}
                for n, (u, rank, outcome) in enumerate(places)])
    return game_id


async def rated_point(db: Database, game_id: int, game_type: str, user_id: int, mu: float, sigma: float,
                      at: float, guild: int = GUILD) -> None:
    async with db.transaction() as conn:
        await rating_history.record(conn, guild, user_id, RatingPoint(
            game_id=game_id, game_type=game_type, season=0, mu=mu, sigma=sigma, at=at))
        await RatingRepo(db).upsert(conn, RatingRow(guild_id=guild, game_type=game_type, user_id=user_id,
                                                    name="Ann", mu=mu, sigma=sigma, games=1, wins=0,
                                                    last_played=at))


async def test_games_wins_favourite_recent_and_points(db):
    at = START
    # cubed: 3 games (2 wins, one unrated with an AI); setup: 3 games (1 win, a 2v2 draw); deathfront: 1 loss.
    g1 = await finished(db, "cubed", at + 1 * DAY, [(ANN, 1, "win"), (BOB, 2, "loss"), (CAT, 3, "loss")])
    await rated_point(db, g1, "cubed", ANN, 27.0, 7.0, at + 1 * DAY)
    g2 = await finished(db, "setup", at + 2 * DAY, [(ANN, 2, "loss"), (BOB, 1, "win")])
    await rated_point(db, g2, "setup", ANN, 23.0, 8.0, at + 2 * DAY)
    g3 = await finished(db, "cubed", at + 3 * DAY, [(ANN, 1, "win"), (None, 2, "loss")], rated=False)
    g4 = await finished(db, "setup", at + 4 * DAY, [(ANN, 1, "draw"), (BOB, 1, "draw"), (CAT, 1, "draw"),
                                                     (None, 1, "draw")], teams=[0, 1, 0, 1], rated=False)
    g5 = await finished(db, "cubed", at + 5 * DAY, [(BOB, 1, "win"), (ANN, 2, "loss")])
    await rated_point(db, g5, "cubed", ANN, 26.0, 6.5, at + 5 * DAY)
    g6 = await finished(db, "deathfront", at + 6 * DAY, [(ANN, 2, "loss"), (CAT, 1, "win")])
    await rated_point(db, g6, "deathfront", ANN, 24.0, 8.0, at + 6 * DAY)
    g7 = await finished(db, "setup", at + 7 * DAY, [(ANN, 1, "win"), (CAT, 2, "loss")])
    await rated_point(db, g7, "setup", ANN, 26.0, 7.5, at + 7 * DAY)
    # Not counted: another server's game, a game still running, an abandoned one.
    await finished(db, "deathfront", at + 8 * DAY, [(ANN, 1, "win"), (BOB, 2, "loss")], guild=OTHER_GUILD)
    await finished(db, "deathfront", at + 9 * DAY, [(ANN, 1, "win"), (BOB, 2, "loss")], status="playing")
    await finished(db, "deathfront", at + 9 * DAY, [(ANN, 1, "win"), (BOB, 2, "loss")], status="abandoned")

    profile = await profiles.load(db, GUILD, ANN)
    totals = {p.game_type: (p.games, p.wins, p.rated) for p in profile.played}
    assert totals == {"cubed": (3, 2, 2), "setup": (3, 1, 2), "deathfront": (1, 0, 1)}
    assert (profile.games, profile.wins) == (7, 3)
    assert profile.favourite() == "setup"  # 3 games each; setup was played last
    assert [r.game_id for r in profile.recent] == [g7, g6, g5, g4, g3]
    assert [(r.rank, r.sides, r.outcome, r.rated) for r in profile.recent] == [
        (1, 2, "win", True), (2, 2, "loss", True), (2, 2, "loss", True), (1, 2, "draw", False),
        (1, 2, "win", False)]  # the 2v2 game has two sides
    assert profile.points("cubed") == (27.0 - 21.0, 26.0 - 19.5)
    assert profile.points("setup") == (23.0 - 24.0, 26.0 - 22.5)
    history = await rating_history.history(db, GUILD, ANN)
    assert [p for t in ("setup", "cubed", "deathfront") for p in profile.points(t)] == \
        [p.ordinal for t in ("setup", "cubed", "deathfront") for p in history if p.game_type == t]

    card = profiles.card(profile, ["setup", "cubed", "deathfront"], "Ann", "zh-CN")
    setup, cubed, deathfront = (game_name(g, "zh-CN") for g in ("setup", "cubed", "deathfront"))
    assert setup == "连线计划（SETUP）"
    assert card.favourite == setup and (card.games, card.wins) == (7, 3)
    assert [(g.slot, g.name, g.games, g.wins) for g in card.per_game] == [
        (0, setup, 3, 1), (1, cubed, 3, 2), (2, deathfront, 1, 0)]
    assert card.per_game[1].rating == pytest.approx(26.0 - 19.5)  # the ratings row now
    assert card.per_game[1].points == profile.points("cubed")
    assert [(r.game, r.date, r.outcome) for r in card.recent[:2]] == [
        (setup, "2027-01-22", "win"), (deathfront, "2027-01-21", "loss")]


async def test_the_favourite_is_the_game_played_most(db):
    for n in range(2):
        await finished(db, "cubed", START + n, [(ANN, 1, "win"), (BOB, 2, "loss")])
    await finished(db, "setup", START + 10, [(ANN, 1, "win"), (BOB, 2, "loss")])
    assert (await profiles.load(db, GUILD, ANN)).favourite() == "cubed"


async def test_a_player_without_games_has_an_empty_profile(db):
    await finished(db, "cubed", START, [(ANN, 1, "win"), (BOB, 2, "loss")])
    profile = await profiles.load(db, GUILD, CAT)
    assert profile.games == 0 and profile.favourite() is None and not profile.recent and not profile.history
    card = profiles.card(profile, ["setup", "cubed"], "Cat", "en")
    assert card.games == 0 and card.per_game == () and card.favourite is None


async def test_the_season_labels_the_card_and_cuts_the_chart(db):
    from db import seasons
    from db.seasons import Season

    games = [await finished(db, "cubed", START + n, [(ANN, 1, "win"), (BOB, 2, "loss")]) for n in range(4)]
    for n, (game_id, season) in enumerate(zip(games, (0, 0, 1, 1))):
        async with db.transaction() as conn:
            await rating_history.record(conn, GUILD, ANN, RatingPoint(
                game_id=game_id, game_type="cubed", season=season, mu=25.0 + n, sigma=8.0, at=START + n))
    profile = await profiles.load(db, GUILD, ANN)
    assert profile.season is None and profiles.card(profile, ["cubed"], "Ann", "en").season is None
    assert profile.season_breaks("cubed") == (2,)
    assert profiles.card(profile, ["cubed"], "Ann", "en").per_game[0].breaks == (2,)
    async with db.transaction() as conn:
        await seasons.insert(conn, Season(guild_id=GUILD, number=0, started_at=0.0, ended_at=START))
        await seasons.insert(conn, Season(guild_id=GUILD, number=1, name="Autumn_1", started_at=START))
    running = await profiles.load(db, GUILD, ANN)
    assert profiles.card(running, ["cubed"], "Ann", "zh-TW").season == "第 1 賽季：Autumn_1"  # drawn: not escaped
    async with db.transaction() as conn:
        await seasons.close(conn, GUILD, 1, START + 10)
    between = await profiles.load(db, GUILD, ANN)
    assert profiles.card(between, ["cubed"], "Ann", "en").season == "Between seasons (after season 1)"
