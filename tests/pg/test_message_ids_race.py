"""The announcements run beside the next actions (tables/announcing_queue.py):
remembering a message id must never make a player's action stale, nor the
other way round. Both write the game's row, so they take the table's lock."""
from __future__ import annotations

import asyncio

import pytest

from db.database import Database
from tables.service import TableService
from tests.pg.test_pg_guards import player_to_act, registry, started_game
from tests.support.highcard import Play


@pytest.fixture
async def service(database_url):
    db = Database(database_url, pool_min=1, pool_max=3)
    await db.open()
    service = TableService(db, registry())
    yield service
    await service.shutdown()
    await db.close()


@pytest.mark.parametrize("message_first", [True, False])
async def test_a_message_id_saved_during_an_action_loses_neither(service, message_first):
    table = await started_game(service)
    user, card = player_to_act(table)
    version = table.record.version
    act = service.act(table.id, user, Play(card=card))
    remember = service.set_message_ids(table, ping=4242)
    results = await asyncio.gather(*((remember, act) if message_first else (act, remember)),
                                   return_exceptions=True)

    assert not [r for r in results if isinstance(r, BaseException)], results
    stored = await service.games.get(table.id)
    assert stored.version == version + 1 and stored.ping_message_id == 4242
    assert [a["card"] for _, _, a, _ in await service.games.actions(table.id)] == [card]


@pytest.mark.parametrize("reminder_first", [True, False])
async def test_a_turn_reminder_during_an_action_loses_neither(service, reminder_first):
    """The half-time reminder marks the row as reminded: that write too
    takes the lock, so it never makes the player's action stale."""
    table = await started_game(service)
    table.cancel_timer()
    limit = await service.timers.turn_timeout_seconds(table.record)
    table.record.turn_started_at = service.clock() - limit / 2 - 1  # the reminder is due now
    table.record.reminded = False
    user, card = player_to_act(table)
    version = table.record.version
    timer = asyncio.ensure_future(service.timers.turn_timer(table))
    act = service.act(table.id, user, Play(card=card))
    if reminder_first:
        await asyncio.sleep(0)
    result = await asyncio.gather(act, return_exceptions=True)
    await asyncio.sleep(0.05)
    timer.cancel()

    assert not [r for r in result if isinstance(r, BaseException)], result
    stored = await service.games.get(table.id)
    assert stored.version == version + 1
    assert [a["card"] for _, _, a, _ in await service.games.actions(table.id)] == [card]



@pytest.mark.parametrize("which", ["board", "lobby", "ping"])
async def test_a_message_id_saved_on_a_copy_changed_elsewhere_is_kept(two_services, which):
    """The board just posted must be remembered even when another process
    (the web board, another shard) moved meanwhile: a stale write reloads the
    copy, and the id is written on the reloaded row. Before, the id was lost
    and the next change posted a second board."""
    first, second = two_services
    table = await started_game(first)
    await second.restore()
    user, card = player_to_act(table)
    await second.act(table.id, user, Play(card=card))  # first's copy is now one version behind

    await first.set_message_ids(table, **{which: 777})

    stored = await first.games.get(table.id)
    assert getattr(stored, f"{which}_message_id") == 777
    assert stored.version == table.record.version == 1  # the copy was reloaded, the move kept
    assert [a["card"] for _, _, a, _ in await first.games.actions(table.id)] == [card]
