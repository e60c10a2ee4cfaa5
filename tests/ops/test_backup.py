"""``tabletop backup PATH``: the restore drill (a copy taken by another
process while games are played restores to a database whose every game
replays, which the bot's --check and its start-up restore accept) and the
refusals, each of which writes nothing."""
from __future__ import annotations

import asyncio
import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from app.backup_command import backup
from app.settings import Settings
from bench.service_kit import CountingNotifier, choose, start_table, temp_service, user_id
from db.backup import BackupRefused, backup_sqlite
from tables.audit import audit, audit_url
from tables.service import TableService

ROOT = Path(__file__).resolve().parents[2]
# A few tables of every game, kept small for 2 shared cores.
TABLES = [("setup", 2), ("cubed", 2), ("deathfront", 2)]
PACE_SECONDS = 0.01  # between one table's actions: a steady trickle of commits, not a saturated core


async def _play(service: TableService, game: str, players: int, channel: int, stop: asyncio.Event) -> int:
    """Play whole games in ``channel`` until ``stop``; returns the games started."""
    rng = random.Random(channel)
    seed = channel * 100
    table = await start_table(service, game, players, {}, channel, seed)
    started = 1
    while not stop.is_set():
        if table.record.status != "playing":
            seed += 1
            table = await start_table(service, game, players, {}, channel, seed)
            started += 1
        seat, action = choose(table, rng)
        await service.act(table.id, user_id(channel, seat), action)
        await asyncio.sleep(PACE_SECONDS)
    return started


def _environment(database: Path, **extra: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
            "DATABASE_URL": f"sqlite:///{database}", **extra}


async def _actions(service: TableService) -> int:
    return int(await service.games.db.fetchval("SELECT COUNT(*) FROM actions"))


def _count(path: Path, sql: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(sql).fetchone()[0])
    finally:
        conn.close()


async def test_a_backup_taken_during_play_restores_and_every_game_replays(tmp_path):
    live, copy = tmp_path / "live.db", tmp_path / "backups" / "copy.db"
    async with temp_service(CountingNotifier(), folder=tmp_path, name=live.name) as service:
        # Every commit stays in the -wal file: a copy of the database file alone would miss them all.
        await service.games.db.fetchall("PRAGMA wal_autocheckpoint=0")
        stop = asyncio.Event()
        players = [asyncio.create_task(_play(service, game, count, channel, stop))
                   for channel, (game, count) in enumerate(TABLES, 1)]
        while await _actions(service) < 30:
            if any(player.done() for player in players):  # a player failed: say why
                await asyncio.gather(*players)
            await asyncio.sleep(0.05)
        before = await _actions(service)
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bot.py"), "backup", str(copy), cwd=tmp_path, env=_environment(live),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await process.communicate()
        after = await _actions(service)
        stop.set()
        games_started = sum(await asyncio.gather(*players))
        live_audit = await audit(service.games.db, service.registry)

    assert process.returncode == 0, err.decode()
    line = out.decode().strip()
    assert after > before, "the load stopped while the backup ran"
    copied_actions = _count(copy, "SELECT COUNT(*) FROM actions")
    assert before <= copied_actions <= after  # one moment of the live database
    copied_games = _count(copy, "SELECT COUNT(*) FROM games")
    assert re.search(rf"to {re.escape(str(copy))}: {copied_games} games \(.*\), {copied_actions} actions, "
                     r"[\d.]+ (bytes|KiB|MiB), schema version \d+$", line), line
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.db"]  # one file: no -wal, no partial copy
    assert live_audit.ok and live_audit.checked == games_started, live_audit.problems

    drill = await audit_url(f"sqlite:///{copy}")
    assert drill.ok, drill.problems
    # A table between its games may be copied as a lobby (start_table opens, joins, then starts): the
    # audit skips lobbies. Every other game of the copy replays; at most one lobby per table.
    copied_lobbies = _count(copy, "SELECT COUNT(*) FROM games WHERE status = 'lobby'")
    assert drill.skipped == copied_lobbies <= len(TABLES)
    assert drill.checked == copied_games - copied_lobbies >= len(TABLES)

    check = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--check"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=120, env=_environment(copy, DISCORD_TOKEN="MTIz.fake.token"))
    assert check.returncode == 0 and "ok" in check.stdout, check.stderr

    # Restoring is the copy put in the database's place: the bot's start-up loads its games and plays on.
    async with temp_service(CountingNotifier(), folder=copy.parent, name=copy.name) as restored:
        playing = _count(copy, "SELECT COUNT(*) FROM games WHERE status IN ('lobby', 'playing')")
        assert await restored.restore() == playing >= 1
        table = next(t for t in restored.tables.values() if t.record.status == "playing")
        version = table.record.version
        seat, action = choose(table, random.Random(1))
        await restored.act(table.id, user_id(table.record.channel_id, seat), action)
        assert table.record.version > version
        assert (await audit(restored.games.db, restored.registry)).ok


def _settings(database: Path | str) -> Settings:
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    return Settings(_env_file=None, database_url=url)  # type: ignore[call-arg]


def _database(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, status TEXT)")
    conn.executemany("INSERT INTO games (status) VALUES (?)", [("finished",), ("finished",), ("playing",)])
    conn.commit()
    conn.close()
    return path


def test_the_copy_counts_games_by_status(tmp_path, capsys):
    source = _database(tmp_path / "t.db")
    assert backup(_settings(source), str(tmp_path / "b.db"), force=False) == 0
    assert "3 games (2 finished, 1 playing), 0 actions" in capsys.readouterr().out
    assert _count(tmp_path / "b.db", "SELECT COUNT(*) FROM games") == 3


def test_postgresql_is_refused_with_the_pg_dump_command(tmp_path, capsys):
    status = backup(_settings("postgresql://admin:s3cret@db/tabletop"), str(tmp_path / "b.db"), force=False)
    err = capsys.readouterr().err
    assert status == 1 and "pg_dump --format=custom" in err and "s3cret" not in err
    assert not (tmp_path / "b.db").exists()


def test_an_existing_file_is_kept_unless_forced(tmp_path, capsys):
    source = _database(tmp_path / "t.db")
    target = tmp_path / "b.db"
    target.write_text("yesterday's backup")
    assert backup(_settings(source), str(target), force=False) == 1
    assert "--force" in capsys.readouterr().err and target.read_text() == "yesterday's backup"
    assert backup(_settings(source), str(target), force=True) == 0
    assert _count(target, "SELECT COUNT(*) FROM games") == 3


def test_refusals_write_nothing(tmp_path):
    source = _database(tmp_path / "t.db")
    cases = [(tmp_path / "none.db", tmp_path / "b.db", "no database file"),
             (source, source, "the database itself"),
             (source, tmp_path, "is a folder")]
    for from_path, to_path, words in cases:
        before = sorted(tmp_path.iterdir())
        try:
            backup_sqlite(str(from_path), str(to_path))
        except BackupRefused as refusal:
            assert words in str(refusal)
        else:
            raise AssertionError(f"{from_path} → {to_path} was not refused")
        assert sorted(tmp_path.iterdir()) == before  # not even an empty database where none was


def test_a_file_that_is_not_a_database_is_refused(tmp_path, capsys):
    source = tmp_path / "t.db"
    source.write_text("not SQLite")
    assert backup(_settings(source), str(tmp_path / "b.db"), force=False) == 1
    assert "cannot copy" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]


def test_backup_needs_a_path(tmp_path, capsys):
    assert backup(_settings(_database(tmp_path / "t.db")), None, force=False) == 1
    assert "tabletop backup PATH" in capsys.readouterr().err


async def _tampered_database(path: Path) -> list[int]:
    """Three games of four moves; the first loses a move of its log, the third
    gets the second's snapshot. Returns the games' numbers."""
    async with temp_service(CountingNotifier(), folder=path.parent, name=path.name) as service:
        rng = random.Random(3)
        tables = [await start_table(service, game, 2, {}, channel, seed=channel)
                  for channel, game in enumerate(["setup", "cubed", "deathfront"], 1)]
        for table in tables:
            for _ in range(4):
                seat, action = choose(table, rng)
                await service.act(table.id, user_id(table.record.channel_id, seat), action)
        db = service.games.db
        await db.execute("DELETE FROM actions WHERE game_id = ? AND seq = 2", (tables[0].id,))
        await db.execute("UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game_id = ?) "
                         "WHERE game_id = ?", (tables[1].id, tables[2].id))
    return [table.id for table in tables]


def test_the_audit_names_a_game_that_does_not_replay(tmp_path, capsys):
    from tables.audit import main as audit_main

    games = asyncio.run(_tampered_database(tmp_path / "t.db"))
    assert audit_main(["--db", f"sqlite:///{tmp_path / 't.db'}"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"game {games[0]} (setup, playing): gaps in the action log",
                   f"game {games[2]} (deathfront, playing): the replayed state differs from the snapshot",
                   "3 games replayed, 2 with problems, 0 lobbies or undealt games skipped"]
