"""A real process running a tournament is SIGKILLed in round 2; a new
process on the same database restores the tables, resumes the tournament
and finishes it with every match recorded exactly once."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tournaments.kit import open_services

ROOT = Path(__file__).resolve().parents[2]


def kill_at(path: Path, point: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tests.tournaments.crash_player", str(path), point], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == -signal.SIGKILL, done.stderr


@pytest.mark.parametrize("point", ["game_end", "paired", "opened"])
async def test_a_kill_in_round_two_loses_nothing(tmp_path, point):
    path = tmp_path / "t.db"
    kill_at(path, point)
    service = await open_services(str(path))
    [t] = await service.repo.in_guild(1)
    assert t.status == "running" and t.round_no == 2
    before = await service.repo.matches(t.id)
    assert [m.round for m in before] == [1, 1, 1, 2, 2, 2]
    assert all(m.recorded for m in before if m.round == 1)
    assert not all(m.recorded for m in before if m.round == 2)

    await service.tables.restore()
    assert await service.resume() == 1
    await service.settle()

    t = await service.get(t.id)
    assert t.status == "finished" and t.round_no == 3
    matches = await service.repo.matches(t.id)
    assert [(m.round, m.board) for m in matches] == [(r, b) for r in (1, 2, 3) for b in (1, 2, 3)]
    assert [(m.a, m.b) for m in matches if m.round < 3] == [(m.a, m.b) for m in before]  # round 2 kept its pairs
    games = await service.tables.db.fetchall("SELECT id, channel_id, status FROM games ORDER BY id")
    assert len(games) == 9 and all(g["status"] == "finished" for g in games)  # one game per match, no more
    assert sorted(m.game_id for m in matches) == [g["id"] for g in games]
    for m in matches:  # recorded once, as its game ended
        rows = await service.tables.games.results(m.game_id)
        ranks = {r["seat"]: r["rank"] for r in rows}
        assert (m.score_a, m.score_b) == ((1.0, 0.0) if ranks[0] < ranks[1] else
                                          (0.0, 1.0) if ranks[1] < ranks[0] else (0.5, 0.5))
    points = {}
    for m in matches:
        points[m.a] = points.get(m.a, 0) + m.score_a
        points[m.b] = points.get(m.b, 0) + m.score_b
    assert sum(points.values()) == 9  # every match counted once
    notes = service.notifier
    assert notes.of("standings") == [2, 3]  # round 1's went out before the kill
    assert len(notes.of("podium")) == 1

    again = await open_services(str(path))  # a second restart changes nothing
    await again.tables.restore()
    assert await again.resume() == 0
    assert [(m.score_a, m.score_b) for m in await again.repo.matches(t.id)] == [(m.score_a, m.score_b) for m in matches]
    for s in (service, again):
        await s.settle()
        await s.tables.shutdown()
        await s.tables.db.close()
