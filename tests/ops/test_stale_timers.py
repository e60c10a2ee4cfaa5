"""Several processes that all hold every game (unsharded, on one database):
when a timer fires in each, one process acts and the others' stale copies are
refused and reloaded. That is routine, not news: a DEBUG line, no warning,
no "Task exception was never retrieved", and the timer still acts once. A
player's action refused as stale stays an INFO line. Two table services on
one database stand in for two processes (SQLite, or PostgreSQL when the
suite runs on it)."""
from __future__ import annotations

import asyncio
import gc
import logging

import pytest

from db.database import Database
from games.definition import GameDefinition
from tables.errors import TableError
from tables.registry import GameRegistry
from tables.service import LOBBY_IDLE_SECONDS, TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer

ALICE, BOB = 100, 200
TURN_LIMIT = 60 * 60.0  # the default turn limit
RELOAD_LOGGER = "tables.sweeper"


@pytest.fixture
async def two_processes(database_url):
    now = [50_000.0]
    dbs = [Database(database_url, pool_min=1, pool_max=3) for _ in range(2)]
    services = []
    for db in dbs:
        await db.open()
        service = TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
        service.clock = lambda: now[0]
        services.append(service)
    yield services, now
    for service in services:
        await service.shutdown()
    for db in dbs:
        await db.close()


def hold_timers(*services: TableService) -> None:
    """Stop the armed timers (they would wake at the clock's jump), so that
    each test fires them when it means to."""
    for service in services:
        for table in service.tables.values():
            table.cancel_timer()


async def fire_timers(*pairs: tuple[TableService, int]) -> list[asyncio.Task]:
    """Re-arm the games' timers after the clock jumped and let them run out
    together."""
    tasks = []
    for service, game_id in pairs:
        table = service.get(game_id)
        service.timers.schedule(table)
        tasks.append(table.timer)
    await asyncio.wait(tasks, timeout=30)  # a guard against a hang, not a speed limit
    assert all(task.done() for task in tasks)
    return tasks


async def fire_timer(service: TableService, game_id: int) -> asyncio.Task:
    return (await fire_timers((service, game_id)))[0]


async def started_in_both(first: TableService, second: TableService):
    table = await first.open_lobby("highcard", 1, 10, ALICE, "alice", {"deck_size": 12}, seed=3)
    await first.join(table.id, BOB, "bob")
    await first.start(table.id, ALICE)
    await second.restore()
    hold_timers(first, second)
    return table


def loud_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.INFO and r.name == RELOAD_LOGGER
            or r.levelno >= logging.WARNING]


async def test_a_turn_timer_that_another_process_fired_is_quiet_and_acts_once(two_processes, caplog):
    (first, second), now = two_processes
    table = await started_in_both(first, second)
    now[0] += TURN_LIMIT + 1  # the reminder and the time-out are both due

    caplog.set_level(logging.DEBUG)
    await fire_timer(first, table.id)
    acted = await first.games.actions(table.id)
    assert len(acted) == 1  # the time-out played the turn
    caplog.clear()

    stale = await fire_timer(second, table.id)
    gc.collect()  # an exception nobody retrieved would be reported now

    assert stale.exception() is None
    assert loud_records(caplog) == []
    assert any(r.levelno == logging.DEBUG and r.name == RELOAD_LOGGER and str(table.id) in r.getMessage()
               for r in caplog.records)
    assert await first.games.actions(table.id) == acted  # fired once
    copy = second.get(table.id)
    assert copy.record.version == table.record.version and copy.state == table.state  # reloaded


async def test_timers_firing_together_in_both_processes_act_once_and_quietly(two_processes, caplog):
    (first, second), now = two_processes
    table = await started_in_both(first, second)
    now[0] += TURN_LIMIT + 1
    caplog.set_level(logging.DEBUG)

    tasks = await fire_timers((first, table.id), (second, table.id))

    async def copies_caught_up():
        # The loser may have lost at the reminder; its reloaded copy's timer
        # is then due at once and loses again at the time-out.
        while {first.get(table.id).record.version, second.get(table.id).record.version} != {1}:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(copies_caught_up(), timeout=30)  # a guard against a hang, not a speed limit
    gc.collect()
    assert [task.exception() for task in tasks] == [None, None]
    assert loud_records(caplog) == []
    assert len(await first.games.actions(table.id)) == 1
    stored = await first.games.get(table.id)
    assert stored.version == 1 and [s.missed_turns for s in stored.seats] == [1, 0]  # one time-out, once


async def test_an_idle_lobby_closed_by_another_process_is_quiet(two_processes, caplog):
    (first, second), now = two_processes
    table = await first.open_lobby("highcard", 1, 10, ALICE, "alice", {}, seed=3)
    await second.restore()
    hold_timers(first, second)
    now[0] += LOBBY_IDLE_SECONDS + 1
    await fire_timer(first, table.id)
    assert (await first.games.get(table.id)).status == "abandoned"

    caplog.set_level(logging.DEBUG)
    stale = await fire_timer(second, table.id)
    gc.collect()

    assert stale.exception() is None and loud_records(caplog) == []
    assert second.get(table.id) is None  # forgotten: the game is over


async def test_a_players_action_refused_as_stale_stays_at_info(two_processes, caplog):
    (first, second), _ = two_processes
    table = await first.open_lobby("highcard", 1, 10, ALICE, "alice", {}, seed=3)
    await second.restore()
    await first.join(table.id, BOB, "bob")

    caplog.set_level(logging.DEBUG)
    with pytest.raises(TableError, match="stale_table"):
        await second.join(table.id, 300, "carol")
    assert [r.levelno for r in caplog.records if r.name == RELOAD_LOGGER] == [logging.INFO]


async def test_a_stale_timer_does_not_hide_its_real_failures(two_processes, caplog):
    """Only the stale-copy refusal is quiet: any other error of a timer is
    still reported."""
    (first, _), now = two_processes
    table = await first.open_lobby("highcard", 1, 10, ALICE, "alice", {}, seed=3)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("disk on fire")

    first.store.close = broken
    hold_timers(first)
    now[0] += LOBBY_IDLE_SECONDS + 1
    task = await fire_timer(first, table.id)
    assert isinstance(task.exception(), RuntimeError)

