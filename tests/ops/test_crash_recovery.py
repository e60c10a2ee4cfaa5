"""A real process is SIGKILLed at the points where a game used to get stuck;
restoring in this process moves the game on by itself."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from db.database import Database
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.ops.crash_player import ALICE, BOB, CHANNEL, GUILD
from tests.support.highcard import HighcardEngine, HighcardRenderer

ROOT = Path(__file__).resolve().parents[2]


def kill_at(path: Path, point: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tests.ops.crash_player", str(path), point], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr


@pytest.fixture
async def reopen():
    opened = []

    async def open_service(path: Path) -> TableService:
        db = Database(str(path))
        await db.open()
        opened.append(db)
        return TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))

    yield open_service
    for db in opened:
        await db.close()


async def test_a_kill_between_the_human_action_and_the_ai_reply_resumes_with_the_ai(tmp_path, reopen):
    path = tmp_path / "t.db"
    kill_at(path, "after_action")
    service = await reopen(path)
    record = (await service.games.all_live())[0]
    assert record.status == "playing" and record.version == 1  # the human's move, no AI reply yet

    assert await service.restore() == 1
    table = service.in_channel(CHANNEL)
    moves = await service.games.actions(table.id)
    assert [(seat, by_ai) for _seq, seat, _action, by_ai in moves] == [(0, False), (1, True)]
    assert table.to_act() == [0] and table.record.version == 2
    assert table.timer is not None and not table.timer.done()  # the human's turn clock runs again
    assert (await service.games.get(table.id)).version == 2
    await service.shutdown()


async def test_a_kill_between_the_final_move_and_the_result_finishes_and_rates_once(tmp_path, reopen):
    path = tmp_path / "t.db"
    kill_at(path, "before_result")
    service = await reopen(path)
    [record] = await service.games.all_live()
    assert record.status == "playing"
    assert service.registry.get("highcard").engine.is_over(await service.replay(record))

    await service.restore()
    assert service.in_channel(CHANNEL) is None
    assert (await service.games.get(record.id)).status == "finished"
    rows = await service.db.fetchall("SELECT seat, rank, rated FROM results WHERE game_id = ?", (record.id,))
    assert len(rows) == 2 and all(row["rated"] == 1 for row in rows)
    ratings = await service.ratings.get_many(GUILD, "highcard", [ALICE, BOB])
    assert {user: row.games for user, row in ratings.items()} == {ALICE: 1, BOB: 1}
    await service.shutdown()

    again = await reopen(path)  # a second restart changes nothing
    assert await again.restore() == 0
    ratings = await again.ratings.get_many(GUILD, "highcard", [ALICE, BOB])
    assert {user: row.games for user, row in ratings.items()} == {ALICE: 1, BOB: 1}
    await again.shutdown()


async def test_a_kill_between_a_resignation_and_the_result_finishes_the_game(tmp_path, reopen):
    path = tmp_path / "t.db"
    kill_at(path, "after_resign")
    service = await reopen(path)
    [record] = await service.games.all_live()
    assert record.status == "playing" and record.seats[1].ai_reason == "resigned"

    await service.restore()
    assert (await service.games.get(record.id)).status == "finished"
    rows = await service.db.fetchall("SELECT seat, rank FROM results WHERE game_id = ? ORDER BY seat", (record.id,))
    assert [(row["seat"], row["rank"]) for row in rows] == [(0, 1), (1, 2)]
    ratings = await service.ratings.get_many(GUILD, "highcard", [ALICE, BOB])
    assert {user: (row.games, row.wins) for user, row in ratings.items()} == {ALICE: (1, 1), BOB: (1, 0)}
    await service.shutdown()
