"""Real OS processes on one PostgreSQL (tests/pg/worker.py each): the same
action sent to both applies once; a process killed with SIGKILL mid-game has
its overdue timer fired by the other, once, and loses no acknowledged action;
processes running different shards restore each game exactly once.
Skipped unless TABLETOP_TEST_DATABASE_URL names a PostgreSQL server."""
from __future__ import annotations

import asyncio
import json
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.database import drop_schema, fresh_schema_url, postgres_test_url

ROOT = Path(__file__).resolve().parents[2]
SWEEP_INTERVAL = 0.3
ANSWER_TIMEOUT = 30.0
ALICE, BOB = 100, 200

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


class Worker:
    """One ``python -m tests.pg.worker`` process, one JSON line per command."""

    def __init__(self, url: str, shards: str | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.pg.worker", url, str(SWEEP_INTERVAL), *([shards] if shards else [])],
            cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.id = self.read()["id"]

    def write(self, **cmd) -> None:
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()

    def read(self) -> dict:
        if not self.selector.select(ANSWER_TIMEOUT):
            raise AssertionError("worker did not answer")
        line = self.proc.stdout.readline()
        assert line, f"worker exited with {self.proc.poll()}"
        return json.loads(line)

    def send(self, **cmd) -> dict:
        self.write(**cmd)
        return self.read()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()


@pytest.fixture
def pg_url():
    url, schema = fresh_schema_url(postgres_test_url())
    yield url
    asyncio.run(drop_schema(postgres_test_url(), schema))


@pytest.fixture
def workers(pg_url):
    started: list[Worker] = []

    def start(shards: str | None = None) -> Worker:
        started.append(Worker(pg_url, shards))
        return started[-1]

    yield start
    for worker in started:
        worker.stop()


def query(url: str, sql: str, *args):
    import asyncpg

    from db.postgres import split_schema

    async def run():
        base, schema = split_schema(url)
        conn = await asyncpg.connect(base, server_settings={"search_path": schema})
        try:
            return [dict(r) for r in await conn.fetch(sql, *args)]
        finally:
            await conn.close()

    return asyncio.run(run())


def actions(url: str, game: int) -> list[dict]:
    rows = query(url, "SELECT seq, seat, action, by_ai FROM actions WHERE game_id = $1 ORDER BY seq", game)
    return [dict(r, action=json.loads(r["action"])) for r in rows]


def test_the_same_action_sent_to_two_processes_applies_once(workers, pg_url):
    one, two = workers(), workers()
    game = one.send(op="open", guild=1, channel=10, players=[ALICE, BOB])["game"]
    assert two.send(op="restore") == {"restored": 1}
    view = one.send(op="view", game=game)
    card = max(view["hand"])

    for worker in (one, two):  # both in flight at once
        worker.write(op="act", game=game, user=view["to_act_user"], card=card)
    answers = [one.read(), two.read()]

    assert sorted(a["ok"] for a in answers) == [False, True]
    assert next(a for a in answers if not a["ok"])["key"] == "core.err.stale_table"
    assert [(a["seq"], a["action"]["card"]) for a in actions(pg_url, game)] == [(1, card)]
    # The refused process reloaded the game and agrees with the other.
    assert one.send(op="view", game=game) == two.send(op="view", game=game)


def test_a_killed_process_timer_fires_once_from_the_other(workers, pg_url):
    doomed, heir = workers(), workers()
    game = doomed.send(op="open", guild=1, channel=10, players=[ALICE, BOB])["game"]
    for worker in (doomed, heir):
        worker.send(op="start_sweeper")
    view = doomed.send(op="view", game=game)
    acknowledged = doomed.send(op="act", game=game, user=view["to_act_user"], card=max(view["hand"]))
    assert acknowledged == {"ok": True, "version": 1}
    waiting = doomed.send(op="view", game=game)["to_act_user"]

    doomed.proc.send_signal(signal.SIGKILL)
    doomed.proc.wait()
    heir.send(op="skew", seconds=3 * 3600)  # the turn limit (60 min) has long passed

    deadline = time.monotonic() + 60  # generous: CI machines are slow; typically < 3 intervals
    while len(actions(pg_url, game)) < 2 and time.monotonic() < deadline:
        time.sleep(SWEEP_INTERVAL)
    time.sleep(5 * SWEEP_INTERVAL)  # more sweeps must not fire it again

    log = actions(pg_url, game)
    assert [(a["seq"], a["by_ai"]) for a in log] == [(1, 0), (2, 1)]  # acknowledged action kept; one time-out
    record = query(pg_url, "SELECT seats, owner, version FROM games WHERE id = $1", game)[0]
    seats = json.loads(record["seats"])
    timed_out = next(s for s in seats if s["user_id"] == waiting)
    assert timed_out["missed_turns"] == 1
    assert record["owner"] == heir.id and record["version"] == 2
    assert heir.send(op="view", game=game)["version"] == 2


def test_shard_ownership_restores_each_game_in_exactly_one_process(workers):
    creator = workers()
    shard_of = {}
    for n in range(6):
        guild = ((10_000 + n) << 22) | 7  # shard n % 2 of 2
        game = creator.send(op="open", guild=guild, channel=20 + n, players=[ALICE, BOB])["game"]
        shard_of[game] = n % 2
    even, odd = workers("2:0"), workers("2:1")
    for worker in (even, odd):
        worker.send(op="restore")
    assert even.send(op="held")["games"] == sorted(g for g, s in shard_of.items() if s == 0)
    assert odd.send(op="held")["games"] == sorted(g for g, s in shard_of.items() if s == 1)
