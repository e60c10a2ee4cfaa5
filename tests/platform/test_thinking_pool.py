"""The AI pool (tables/thinking.py): moves worked out in worker processes give
the same action as in a thread, every request is answered, a dead worker is
replaced and its move played in a thread."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import random

import pytest

from bench.states import mid_game
from db.database import Database
from engines import ai
from tables.registry import default_registry
from tables.service import TableService
from tables.thinking import ThinkingPool
from tests.platform.thinking_kit import Pick, TallyEngine, TallyState

ENGINES = {d.game_type: d.engine for d in default_registry()}
# (game, greedy moves before the position, players): mid-game positions with choices.
POSITIONS = [("setup", 4, 2), ("setup", 6, 4), ("cubed", 30, 2), ("cubed", 12, 4),
             ("deathfront", 20, 2), ("deathfront", 8, 4)]


def expected_pick(state: TallyState, seat: int, seed: str) -> int:
    return state.number * 1000 + seat * 100 + random.Random(seed).randrange(100)


async def test_a_worker_process_chooses_exactly_the_action_a_thread_chooses_in_every_game():
    positions = [(game, *mid_game(ENGINES[game], moves, seed=index, players=players))
                 for index, (game, moves, players) in enumerate(POSITIONS)]
    cases = [(game, state, seat, level, f"{index}:{level}:{seat}", budget)
             for index, (game, state, seat) in enumerate(positions)
             for level, budget in (("hard", ai.with_iterations("hard", 40)),
                                   ("normal", ai.with_iterations("normal", 25)), ("easy", None))]
    pool = ThinkingPool(1)
    pool.start()
    try:
        chosen = [await pool.choose(ENGINES[game], state, seat, level, seed, budget)
                  for game, state, seat, level, seed, budget in cases]
    finally:
        await pool.shutdown()
    assert pool.moves_in_process == len(cases) and pool.moves_in_thread == 0
    for (game, state, seat, level, seed, budget), action in zip(cases, chosen):
        extra = () if budget is None else (budget,)
        here = ai.choose_action(ENGINES[game], state, seat, level, random.Random(seed), *extra)
        assert action == here, (game, level, seat)
    assert {game for game, *_ in cases} == {"setup", "cubed", "deathfront"}


async def test_every_request_is_answered_by_the_processes_in_order_of_asking():
    engine = TallyEngine()
    requests = [(TallyState(number=n), n % 3, f"seed-{n}") for n in range(8)]
    pool = ThinkingPool(2)
    pool.start(["tests.platform.thinking_kit:TallyEngine"])
    try:
        picks = await asyncio.gather(*[pool.choose(engine, state, seat, "hard", seed)
                                       for state, seat, seed in requests])
    finally:
        await pool.shutdown()
    assert [p.number for p in picks] == [expected_pick(s, seat, seed) for s, seat, seed in requests]
    assert all(isinstance(p, Pick) and p.pid != os.getpid() for p in picks)  # none was replaced or dropped
    assert pool.moves_in_process == 8


async def test_a_worker_that_dies_mid_move_is_replaced_logged_once_and_the_move_played(tmp_path, caplog):
    marker = tmp_path / "crash-once"
    marker.write_text("x")
    engine = TallyEngine()
    pool = ThinkingPool(1)
    caplog.set_level(logging.DEBUG)
    try:
        crashing = pool.choose(engine, TallyState(number=5, crash_marker=str(marker)), 1, "normal", "s5")
        queued = pool.choose(engine, TallyState(number=6), 0, "normal", "s6")  # waits behind it
        picks = await asyncio.gather(crashing, queued)
        after = await pool.choose(engine, TallyState(number=7), 1, "normal", "s7")
    finally:
        await pool.shutdown()
    assert not marker.exists()  # the worker did die
    assert [p.number for p in picks] == [5000 + 100 + random.Random("s5").randrange(100),
                                         6000 + random.Random("s6").randrange(100)]
    assert picks[0].pid == os.getpid()  # the dead worker's move was played in a thread
    assert after.pid != os.getpid() and pool.restarts == 1  # the new pool thinks again
    died = [r for r in caplog.records if "AI process died" in r.getMessage()]
    assert len(died) == 1 and died[0].levelno == logging.ERROR
    assert "crash-once" not in caplog.text and "s5" not in caplog.text  # nothing of the state or seed


async def test_an_engine_a_worker_cannot_build_thinks_in_a_thread():
    class Local(TallyEngine):  # defined in a function: no import path
        pass

    pool = ThinkingPool(1)
    try:
        first = await pool.choose(Local(), TallyState(number=4), 2, "hard", "x")
        second = await pool.choose(Local(), TallyState(number=4), 2, "hard", "x")
    finally:
        await pool.shutdown()
    assert first == second and first.pid == os.getpid()
    assert first.number == expected_pick(TallyState(number=4), 2, "x")
    assert pool.moves_in_thread == 2 and pool.moves_in_process == 0


async def test_a_move_still_queued_when_the_pool_shuts_down_is_played_in_a_thread():
    engine = TallyEngine()
    pool = ThinkingPool(1)
    slow = asyncio.create_task(pool.choose(engine, TallyState(number=1, seconds=1.0), 0, "hard", "a"))
    queued = [asyncio.create_task(pool.choose(engine, TallyState(number=n), 1, "hard", f"b{n}"))
              for n in range(2, 6)]
    await asyncio.sleep(0.3)  # the first move is running in the worker, the others wait
    await pool.shutdown()
    first, rest = await slow, await asyncio.gather(*queued)
    assert first.pid != os.getpid()  # the running move was finished by its worker
    assert [p.number for p in rest] == [expected_pick(TallyState(number=n), 1, f"b{n}") for n in range(2, 6)]
    # Those the executor had not handed to the worker yet were played here.
    assert rest[-1].pid == os.getpid() and pool.moves_in_thread >= 1


async def test_a_cancelled_caller_stays_cancelled():
    pool = ThinkingPool(1)
    try:
        move = asyncio.create_task(pool.choose(TallyEngine(), TallyState(number=1, seconds=0.5), 0, "hard", "c"))
        await asyncio.sleep(0.1)
        move.cancel()
        with pytest.raises(asyncio.CancelledError):
            await move
    finally:
        await pool.shutdown()
    assert pool.moves_in_thread == pool.moves_in_process == 0


@pytest.mark.parametrize("processes", [0, 1])
async def test_after_shutdown_or_with_no_processes_moves_are_played_in_a_thread(processes):
    pool = ThinkingPool(processes)
    pool.start()
    await pool.shutdown()
    pick = await pool.choose(TallyEngine(), TallyState(number=1), 0, "hard", "y")
    assert pick.pid == os.getpid() and pool.moves_in_thread == 1


def test_the_default_is_one_process():
    assert ThinkingPool().processes == 1 and ThinkingPool(0).processes == 0


async def _ai_game(tmp_path, name: str, pool: ThinkingPool, moves: int) -> tuple[list, ThinkingPool]:
    """A 2-seat Death Front game, both seats played by ``easy`` AIs through the
    table service's ``Changes.ai_move``; the states after each move."""
    db = Database(str(tmp_path / f"{name}.db"))
    await db.open()
    service = TableService(db, default_registry(), thinking=pool)
    try:
        table = await service.open_lobby("deathfront", 1, 10, 100, "alice", {}, seed=11)
        await service.add_ai(table.id, 100)
        await service.set_ai_level(table.id, 100, "easy")  # no time budget: repeatable
        await service.start(table.id, 100)
        table.seats[0].ai_reason, table.seats[0].ai_level = "added", "easy"  # alice's seat too
        states = []
        for _ in range(moves):
            if table.record.status != "playing":
                break
            async with table.lock:
                await service.changes.ai_move(table, table.to_act()[0])
            states.append(table.state.model_dump(mode="json"))
        stored = await service.games.get(table.id)
        assert stored.version == table.record.version  # every move was committed
    finally:
        await service.shutdown()
        await db.close()
    return states, pool


async def test_the_table_service_plays_its_ai_seats_in_the_process_as_in_a_thread(tmp_path):
    in_thread, thread = await _ai_game(tmp_path, "thread", ThinkingPool(0), 12)
    pool = ThinkingPool(1)
    pool.start()
    in_process, pool = await _ai_game(tmp_path, "process", pool, 12)
    assert len(in_process) == 12 and pool.moves_in_thread == 0
    assert pool.moves_in_process == thread.moves_in_thread >= 12  # Start may play an AI seat first
    assert in_process == in_thread
    assert pool._executor is None  # the service's shutdown stopped the workers


def test_the_bot_gives_the_service_a_pool_of_ai_processes(settings, monkeypatch):
    from bot import Settings, create_bot

    assert create_bot(settings).tables.thinking.processes == 0  # the tests' settings: a thread
    monkeypatch.setenv("AI_PROCESSES", "")
    assert Settings(_env_file=None).ai_processes is None  # blank: the default, one process
    monkeypatch.setenv("AI_PROCESSES", "2")
    two = settings.model_copy(update={"ai_processes": Settings(_env_file=None).ai_processes})
    assert create_bot(two).tables.thinking.processes == 2


def test_the_loop_bench_reports_the_thread_and_the_processes_in_one_run(capsys):
    from bench.ai_loop_bench import main

    assert main(["--moves", "3", "--processes", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"thread", "processes=1"}
    for mode in report.values():
        assert set(mode) == {"idle", "normal", "hard"}
        assert {"lag_ms_median", "lag_ms_p95", "lag_ms_max", "move_ms_median", "move_ms_p95"} <= set(mode["hard"])
