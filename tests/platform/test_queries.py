"""tables/queries.py: the read side (and a person's or server's own
settings) the front ends use instead of the database."""
from __future__ import annotations

import pytest

from db.database import Database
from games.definition import GameDefinition
from tables.pruning import Pruner
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardConfig, HighcardEngine, HighcardRenderer, Play

ADA, BO, GUILD, CHANNEL = 100, 200, 1, 10


@pytest.fixture
async def service(tmp_path):
    database = Database(str(tmp_path / "t.db"))
    await database.open()
    service = TableService(database, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
    yield service
    await service.shutdown()
    await database.close()


async def finished_game(service: TableService) -> int:
    table = await service.open_lobby("highcard", GUILD, CHANNEL, ADA, "Ada",
                                     HighcardConfig(hand_size=2, deck_size=4).model_dump())
    await service.join(table.id, BO, "Bo")
    await service.start(table.id, ADA)
    while table.to_act():
        seat = table.to_act()[0]
        await service.act(table.id, (ADA, BO)[seat], Play(card=table.state.hands[seat][0]))
    await service.announcing.join()
    return table.id


async def test_a_finished_game_reads_back_through_the_queries(service):
    game_id = await finished_game(service)
    queries = service.queries
    record = await queries.game(game_id)
    assert record is not None and record.status == "finished" and [s.user_id for s in record.seats] == [ADA, BO]
    assert (await queries.last_finished_in_channel(CHANNEL)).id == game_id
    assert (await queries.finished_in_guild(GUILD, game_id)).id == game_id
    assert await queries.finished_in_guild(GUILD + 1, game_id) is None
    actions = await queries.actions(game_id)
    assert [seat for _, seat, _, _ in actions] == [0, 1, 0, 1]
    version, state = await queries.snapshot(game_id)
    assert version == record.version and state["played"]
    stats = await queries.user_stats(GUILD, ADA)
    assert [row["game_type"] for row in stats] == ["highcard"] and stats[0]["games"] == 1
    assert set(await queries.ratings_of(GUILD, ADA)) == {"highcard"}
    season, rows = await queries.leaderboard(GUILD, "highcard", None)
    assert season is None and {row.user_id for row in rows} == {ADA, BO}
    profile = await queries.profile(GUILD, ADA)
    assert profile.favourite() == "highcard"


async def test_settings_are_written_and_read_through_the_queries(service):
    queries = service.queries
    assert await queries.guild_settings(GUILD) == (None, None)
    await queries.set_guild_settings(GUILD, language="zh-TW", turn_timeout_minutes=7)
    assert await queries.guild_settings(GUILD) == ("zh-TW", 7)
    await queries.set_dm_mode(ADA, "off")
    await queries.set_view_mode(ADA, "text")
    await queries.set_dm_hands(ADA, False)
    await queries.remember_locale(ADA, "zh-CN")
    assert (await queries.dm_mode(ADA), await queries.view_mode(ADA)) == ("off", "text")
    assert await queries.user_locale(ADA) == "zh-CN" and await queries.dm_hands(ADA) is False
    assert await service.settings.dm_mode(ADA) == "off"  # the same store the service's parts read


async def test_a_person_is_shown_and_forgotten_through_the_queries(service):
    game_id = await finished_game(service)
    stored = await service.queries.stored_about(BO)
    assert stored.games == {("highcard", "finished"): 1} and "Bo" in stored.names
    done = await service.queries.forget_user(BO)
    assert done.games == 1
    record = await service.queries.game(game_id)
    assert BO not in [s.user_id for s in record.seats]
    assert isinstance(service.queries.pruner(30), Pruner)


async def test_seasons_follow_the_services_clock(service):
    service.clock = lambda: 5_000.0
    season = await service.queries.seasons.start(GUILD, "Spring")
    assert season.started_at == 5_000.0
