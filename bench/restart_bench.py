"""Restart: a database with many live games, then a fresh process that builds
a ``TableService`` and times ``restore()``, and reads its resident memory.

The games are real positions of AI-vs-AI play (every stage of the three
benchmark games, spread evenly), stored as the service stores them: the game
row, the action log up to that point and the snapshot. Every seat is a
person's, and no position has a forced move pending: the service plays a
forced move in the same change as the action that led to it, so it never
stores such a position (``stored_index``). The restore runs in a
child process (``python -m bench.restart_bench DB``) so that its memory is the
memory of a bot that has just restored, not of the benchmark.

The child also reports where the time went (the one query that loads live
games with their snapshots, ``state_from_text``: the states validated from
their stored text) and the garbage collector's
full-collection pause with every game in memory, before and after the
``gc.freeze()`` the bot makes once it has restored.

A second row restores 10,000 live games. Its database (about a million
logged actions) takes a while to build, so it is kept between runs in the
system's temporary folder, under a name that changes with the schema and
the engines' state models.
"""
from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
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
from engines.base import GameEngine

RESTORE_LIMIT_S = 2.0
BIG_RESTORE_LIMIT_S = 5.0
RSS_LIMIT_MB = 300.0
ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "tabletop-bench-cache"
# Part of the cached database's name: bump it when ``build`` stores other games.
LAYOUT = 2


def forced_pending(engine: GameEngine, run: states.Playthrough) -> list[bool]:
    """For each position of ``run`` before its end: a seat to act there has a
    forced move (one the service plays itself)."""
    return [any(engine.forced_action(state, seat) is not None for seat in engine.to_act(state))
            for state in run.states()[:len(run.steps)]]


def stored_index(pending: list[bool], index: int) -> int:
    """The position the service would have stored at or after ``index``
    (``pending``: ``forced_pending`` of the game): the first with no forced
    move pending (the playthrough's next steps are those forced moves, as the
    service plays them), or the last before it when the game would end first."""
    later = next((i for i in range(index, len(pending)) if not pending[i]), None)
    if later is not None:
        return later
    return next(i for i in range(index - 1, 0, -1) if not pending[i])


async def build(path: Path, games: int) -> dict[str, Any]:
    """Fill a new database at ``path`` with ``games`` live games."""
    db = Database(str(path))
    await db.open()
    repo = GameRepo(db)
    runs = [states.playthrough(g) for g in states.GAMES]
    pending = [forced_pending(states.spec(run.game).engine, run) for run in runs]
    now = time.time()
    action_rows = []
    async with db.transaction() as conn:
        for n in range(games):
            run = runs[n % len(runs)]
            engine = states.spec(run.game).engine
            all_states = run.states()
            # Positions spread over the whole game, never the finished one.
            index = stored_index(pending[n % len(runs)], 1 + (n // len(runs) * 7919) % (len(run.steps) - 1))
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
                                    json.dumps(engine.action_to_json(step.action), ensure_ascii=False), 0, now))
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


class FullCollections:
    """A ``gc.callbacks`` entry that keeps the duration of every full
    (generation 2) collection."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds.append(time.perf_counter() - self._start)


async def _restore(path: str, collector_off: bool = True) -> dict[str, Any]:
    """Restore as the bot does (``bot.restore_without_collections``; with
    ``collector_off=False`` a plain ``restore()``, for comparison)."""
    from bot import restore_without_collections
    from tables.registry import default_registry
    from tables.service import TableService

    db = Database(path)
    await db.open()
    registry = default_registry()
    parse = [0.0]
    for game in registry.ids():  # time state_from_text (the snapshots' parsing)
        engine = registry.get(game).engine
        def timed(data, _parse=engine.state_from_text):
            start = time.perf_counter()
            try:
                return _parse(data)
            finally:
                parse[0] += time.perf_counter() - start
        engine.state_from_text = timed
    # The clock of the moment the database was built: a cached database's
    # turns would otherwise be overdue and their timers write while we measure.
    built_at = await db.fetchval("SELECT MAX(updated_at) FROM games")
    service = TableService(db, registry, clock=lambda: built_at)
    load = service.games.live_with_snapshots
    query = [0.0]  # the query and decoding its rows, not what restore does with them

    async def timed_load():
        rows = load()
        while True:
            start = time.perf_counter()
            try:
                row = await rows.__anext__()
            except StopAsyncIteration:
                return
            finally:
                query[0] += time.perf_counter() - start
            yield row
    service.games.live_with_snapshots = timed_load
    rss_before, _ = _rss_mb()
    pauses = FullCollections()
    gc.callbacks.append(pauses)
    start = time.perf_counter()
    count = await (restore_without_collections(service) if collector_off else service.restore())
    seconds = time.perf_counter() - start
    during_restore = list(pauses.seconds)
    await asyncio.sleep(0)  # let the restored turn timers start
    rss_after, hwm = _rss_mb()
    start = time.perf_counter()
    unreachable = gc.collect()
    full_before = time.perf_counter() - start
    gc.freeze()  # what bot.py does once restored
    start = time.perf_counter()
    gc.collect()
    full_after = time.perf_counter() - start
    # Every game moves on: its state is replaced by a new (unfrozen) one of
    # the same size, as play does over time. What a full collection costs then.
    for table in service.tables.values():
        if table.state is not None:
            table.state = table.state.model_validate(table.state.model_dump())
    start = time.perf_counter()
    gc.collect()
    full_moved_on = time.perf_counter() - start
    gc.callbacks.remove(pauses)
    await service.shutdown()
    await db.close()
    return {"restored": count, "seconds": seconds, "query_and_rows_s": round(query[0], 3),
            "state_from_text_s": round(parse[0], 3), "rss_before_mb": rss_before, "rss_after_mb": rss_after,
            "hwm_mb": hwm, "gc_full_during_restore": len(during_restore),
            "gc_full_during_restore_ms": round(sum(during_restore) * 1000, 1),
            "gc_full_pause_ms": round(full_before * 1000, 1), "gc_unreachable_after_restore": unreachable,
            "gc_full_pause_frozen_ms": round(full_after * 1000, 1),
            "gc_full_pause_moved_on_ms": round(full_moved_on * 1000, 1), "collector_off": collector_off}


def child(path: str, *flags: str) -> dict[str, Any]:
    """Run one restore in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-m", "bench.restart_bench", path, *flags], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def cached_build(games: int) -> tuple[Path, dict[str, Any]]:
    """The database of ``games`` live games, built once and reused while the
    schema and the engines' state models stay the same."""
    from db.migrations_files import migrations

    key = hashlib.sha256(json.dumps(
        [games, LAYOUT, [m.name for m in migrations()],
         [states.spec(g).engine.state_model.model_json_schema() for g in states.GAMES]],
        sort_keys=True, default=str).encode()).hexdigest()[:16]
    path = CACHE / f"restart-{games}-{key}.db"
    info = path.with_suffix(".json")
    if path.exists() and info.exists():
        return path, json.loads(info.read_text())
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    built = asyncio.run(build(partial, games))
    partial.replace(path)
    info.write_text(json.dumps(built))
    return path, built


def _rows(games: int, built: dict[str, Any], results: list[dict[str, Any]], limit_s: float,
          memory_row: bool) -> list[Row]:
    seconds = [r["seconds"] for r in results]
    rss = max(r["rss_after_mb"] for r in results)
    ok_count = all(r["restored"] == games for r in results)
    extra = {**built, "runs": results}
    time_ok = max(seconds) <= limit_s if len(seconds) < 20 else None
    first = results[0]
    rows = [
        Row("restart", f"restore {games} live games", len(seconds), round(median(seconds) * 1000, 1),
            round(max(seconds) * 1000, 1), games if ok_count else first["restored"], "restored",
            f"≤{limit_s * 1000:g}ms", bool(time_ok and ok_count),
            f"p95 column is the slowest of {len(seconds)} fresh processes; "
            f"{built['actions']} logged actions, {built['db_mb']} MB database; one query "
            f"{first['query_and_rows_s']} s, state_from_text {first['state_from_text_s']} s; "
            f"RSS {rss} MB; full GC pause {first['gc_full_pause_ms']} ms, "
            f"{first['gc_full_pause_frozen_ms']} ms after gc.freeze(), "
            f"{first['gc_full_pause_moved_on_ms']} ms once every game has moved on", extra),
    ]
    if memory_row:
        rows.append(Row("restart", "resident memory after restore", len(results), size=rss, size_unit="MB",
                        target=f"≤{RSS_LIMIT_MB:g}MB", ok=rss <= RSS_LIMIT_MB,
                        note=f"before restore {first['rss_before_mb']} MB (imports, fonts, one connection); "
                             f"peak {max(r['hwm_mb'] for r in results)} MB",
                        extra={"rss_after_mb": [r["rss_after_mb"] for r in results]}))
    return rows


def run(folder: Path, games: int = 1000, repeats: int = 3, big_games: int = 10_000,
        big_repeats: int = 2) -> list[Row]:
    """The ``games`` row (built fresh in ``folder``) and, unless ``big_games``
    is 0, the 10,000-game row (database cached)."""
    path = folder / "restart.db"
    built = asyncio.run(build(path, games))
    results = [child(str(path)) for _ in range(max(1, repeats))]
    rows = _rows(games, built, results, RESTORE_LIMIT_S, memory_row=True)
    if big_games:
        cached, big_built = cached_build(big_games)
        big_results = []
        for _ in range(max(1, big_repeats)):
            # A copy: the restore's timers may write (overdue reminders), the cache stays as built.
            big_path = folder / "restart-big.db"
            shutil.copyfile(cached, big_path)
            big_results.append(child(str(big_path)))
            big_path.unlink()
        rows += _rows(big_games, big_built, big_results, BIG_RESTORE_LIMIT_S, memory_row=False)
    return rows


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_restore(sys.argv[1], collector_off="--collector-on" not in sys.argv[2:]))))
