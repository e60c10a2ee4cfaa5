"""Restart: a database with many live games, then a fresh process that builds
a ``TableService`` and times ``restore()``, and reads its resident memory.

The games are real positions of AI-vs-AI play (every stage of the three
benchmark games, spread evenly), stored as the service stores them: the game
row, the action log up to that point and the snapshot. The restore runs in a
child process (``python -m bench.restart_bench DB``) so that its memory is the
memory of a bot that has just restored, not of the benchmark.
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench import states
from bench.report import Row
from bench.service_kit import GUILD_ID, user_id
from bench.timing import median
from db.database import Database
from db.models import GameRecord, Seat
from db.repo import GameRepo

RESTORE_LIMIT_S = 2.0
RSS_LIMIT_MB = 300.0
ROOT = Path(__file__).resolve().parent.parent


async def build(path: Path, games: int) -> dict[str, Any]:
    """Fill a new database at ``path`` with ``games`` live games."""
    db = Database(str(path))
    await db.open()
    repo = GameRepo(db)
    runs = [states.playthrough(g) for g in states.GAMES]
    now = time.time()
    action_rows = []
    async with db.transaction() as conn:
        for n in range(games):
            run = runs[n % len(runs)]
            engine = states.spec(run.game).engine
            all_states = run.states()
            # Positions spread over the whole game, never the finished one.
            index = 1 + (n // len(runs) * 7919) % (len(run.steps) - 1)
            channel = 500_000 + n
            record = GameRecord(
                game_type=run.game, guild_id=GUILD_ID, channel_id=channel, host_id=user_id(channel, 0),
                status="playing", config=run.config, seed=run.scenario.seed, version=index,
                seats=[Seat(user_id=user_id(channel, i), name=s.name) for i, s in enumerate(run.seats)],
                turn_started_at=now, created_at=now, updated_at=now, board_message_id=channel,
            )
            record.id = await repo.insert(conn, record)
            await repo.save_snapshot(conn, record.id, index, engine.state_to_json(all_states[index]))
            for seq, step in enumerate(run.steps[:index], start=1):
                action_rows.append((record.id, seq, step.seat,
                                    json.dumps(engine.action_to_json(step.action), ensure_ascii=False), 1, now))
        await conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, by_ai, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            action_rows)
    await db.close()
    return {"games": games, "actions": len(action_rows), "db_mb": round(path.stat().st_size / 2**20, 1)}


def _rss_mb() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    values = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(("VmRSS", "VmHWM")):
            key, value = line.split(":", 1)
            values[key] = int(value.split()[0]) / 1024
    return round(values["VmRSS"], 1), round(values["VmHWM"], 1)


async def _restore(path: str) -> dict[str, Any]:
    from tables.registry import default_registry
    from tables.service import TableService

    db = Database(path)
    await db.open()
    service = TableService(db, default_registry())
    rss_before, _ = _rss_mb()
    start = time.perf_counter()
    count = await service.restore()
    seconds = time.perf_counter() - start
    await asyncio.sleep(0)  # let the restored turn timers start
    rss_after, hwm = _rss_mb()
    await service.shutdown()
    await db.close()
    return {"restored": count, "seconds": seconds, "rss_before_mb": rss_before, "rss_after_mb": rss_after,
            "hwm_mb": hwm}


def child(path: str) -> dict[str, Any]:
    """Run one restore in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-m", "bench.restart_bench", path], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(folder: Path, games: int = 1000, repeats: int = 3) -> list[Row]:
    path = folder / "restart.db"
    built = asyncio.run(build(path, games))
    results = [child(str(path)) for _ in range(max(1, repeats))]
    seconds = [r["seconds"] for r in results]
    rss = max(r["rss_after_mb"] for r in results)
    ok_count = all(r["restored"] == games for r in results)
    extra = {**built, "runs": results}
    time_ok = max(seconds) <= RESTORE_LIMIT_S if len(seconds) < 20 else None
    rows = [
        Row("restart", f"restore {games} live games", len(seconds), round(median(seconds) * 1000, 1),
            round(max(seconds) * 1000, 1), games if ok_count else results[0]["restored"], "restored",
            f"≤{RESTORE_LIMIT_S * 1000:g}ms", bool(time_ok and ok_count),
            f"p95 column is the slowest of {len(seconds)} fresh processes; "
            f"{built['actions']} logged actions, {built['db_mb']} MB database", extra),
        Row("restart", "resident memory after restore", len(results), size=rss, size_unit="MB",
            target=f"≤{RSS_LIMIT_MB:g}MB", ok=rss <= RSS_LIMIT_MB,
            note=f"before restore {results[0]['rss_before_mb']} MB (imports, fonts, one connection); "
                 f"peak {max(r['hwm_mb'] for r in results)} MB",
            extra={"rss_after_mb": [r["rss_after_mb"] for r in results]}),
    ]
    return rows


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_restore(sys.argv[1]))))
