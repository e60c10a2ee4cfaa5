"""Team threads when another process changes the game (PostgreSQL's change
bus): a move made by the web process edits the team's hands in the same
thread, and a game ended there archives the threads here. Skipped unless
TABLETOP_TEST_DATABASE_URL names a PostgreSQL server."""
from __future__ import annotations

import random

import pytest

from app.web_process import web_service
from db.database import Database
from engines.paths import load
from tables.bus import TableBus
from tables.registry import default_registry
from tests.conftest import virtual_clock
from tests.pg.bus_kit import eventually
from tests.support.database import postgres_test_url
from tests.teams.kit import GAMES, hand_messages, is_archived, setup_teams, team_alt, threads
from web.notifier import WebNotifier

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), GAMES)


async def test_another_process_moves_and_ends_a_team_game(simcord_env, database_url):
    table, live = await setup_teams(simcord_env)
    await simcord_env.settle()
    shown = {t.id: hand_messages(t)[0].id for t in threads(table)}
    web_db = Database(database_url, pool_min=1, pool_max=2)
    await web_db.open()
    web = web_service(web_db, default_registry(), WebNotifier())
    web.clock = virtual_clock
    web_bus = TableBus(web, holds_every_table=True)
    try:
        assert await web_bus.start()
        await web.restore()
        copy = web.get(live.id)
        seat = copy.to_act()[0]
        action = load(copy.engine.greedy_ai)(copy.engine, copy.state, seat, random.Random(1))
        await web.act(live.id, copy.seats[seat].user_id, action)  # a tap on the web board
        await eventually(lambda: table.live().record.version == copy.record.version, "the bot heard the move")
        await simcord_env.settle()
        now = table.live()
        for thread, seats in zip(threads(table), ([0, 1], [2, 3])):
            assert [m.id for m in hand_messages(thread)] == [shown[thread.id]]  # the same message, edited
            assert hand_messages(thread)[0].attachments[0].description == team_alt(now, seats)

        await web.end_game(live.id)  # ended over there
        await eventually(lambda: table.live() is None, "the bot heard the end")
        await simcord_env.settle()
        assert all(is_archived(simcord_env, thread) for thread in threads(table))
    finally:
        await web_bus.stop()
        await web.shutdown()
        await web_db.close()
