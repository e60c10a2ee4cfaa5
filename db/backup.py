"""A consistent copy of the SQLite database while the bot runs
(``tabletop backup PATH``), with SQLite's online backup API.

The copy is taken in one backup step, inside one read transaction of the
source: it is the database as of one commit, whatever the bot (another
process, WAL mode) writes meanwhile — WAL readers do not block the writer.
It is written beside PATH under a temporary name, checked
(``PRAGMA integrity_check``), made one self-contained file (rollback
journal, no ``-wal``/``-shm``: the bot switches it back to WAL when it
opens it) and only then renamed to PATH, so PATH is never half a copy.
Synchronous: call it from a process of its own or a worker thread."""
from __future__ import annotations

import os
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

BUSY_TIMEOUT_MS = 10_000  # a read lock waits this long for a WAL recovery or checkpoint to pass


class BackupRefused(Exception):
    """The copy was not made; the message says why and what to do."""


@dataclass
class BackupSummary:
    source: str
    target: str
    size: int  # bytes of the copy
    schema_version: int  # PRAGMA user_version: the migrations applied
    games: Counter[str] = field(default_factory=Counter)  # by status
    actions: int = 0

    def line(self) -> str:
        statuses = ", ".join(f"{count} {status}" for status, count in sorted(self.games.items()))
        return (f"backed up {self.source} to {self.target}: {sum(self.games.values())} games"
                f"{f' ({statuses})' if statuses else ''}, {self.actions} actions, {human_size(self.size)}, "
                f"schema version {self.schema_version}")


def human_size(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    value = size / 1024
    for unit in ("KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            break
        value /= 1024
    return f"{value:.1f} {unit}"


def backup_sqlite(source: str, target: str, *, force: bool = False) -> BackupSummary:
    """Copy the SQLite database at ``source`` to ``target``; refuse
    (``BackupRefused``, nothing written) when ``source`` is not a database
    file, or ``target`` exists and ``force`` is false, or they are one file."""
    source_path, target_path = Path(source), Path(target)
    if source == ":memory:" or not source_path.is_file():
        raise BackupRefused(f"no database file at {source} (DATABASE_URL): nothing to back up")
    if target_path.is_dir():
        raise BackupRefused(f"{target} is a folder: name the file to write, e.g. {target_path / 'tabletop.db'}")
    if target_path.exists():
        if target_path.resolve() == source_path.resolve():
            raise BackupRefused(f"{target} is the database itself: name another file")
        if not force:
            raise BackupRefused(f"{target} exists; choose another name, or add --force to replace it")
    target_path.parent.mkdir(parents=True, exist_ok=True)
    partial = target_path.with_name(f".{target_path.name}.partial-{os.getpid()}")
    try:
        summary = _copy(source_path, partial)
        os.replace(partial, target_path)
        _sync_folder(target_path.parent)
    finally:
        for leftover in [partial, *(Path(f"{partial}{end}") for end in ("-journal", "-wal", "-shm"))]:
            leftover.unlink(missing_ok=True)
    summary.source, summary.target = source, target
    return summary


def _copy(source: Path, partial: Path) -> BackupSummary:
    # mode=rw: never create an empty database where the real one should be.
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None)
    try:
        src.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            src.backup(dst)  # pages=-1: every page in one step, under one read transaction
            dst.execute("PRAGMA journal_mode=DELETE")
            problems = [row[0] for row in dst.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise BackupRefused(f"the copy failed SQLite's integrity check: {'; '.join(problems[:3])}")
            summary = _summarise(dst)
        finally:
            dst.close()
    except sqlite3.DatabaseError as error:
        raise BackupRefused(f"cannot copy {source}: {error}") from None
    finally:
        src.close()
    with open(partial, "rb+") as copy:
        os.fsync(copy.fileno())
    summary.size = partial.stat().st_size
    return summary


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _summarise(conn: sqlite3.Connection) -> BackupSummary:
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    summary = BackupSummary(source="", target="", size=0,
                            schema_version=conn.execute("PRAGMA user_version").fetchone()[0])
    if "games" in tables:
        summary.games = Counter(dict(conn.execute("SELECT status, COUNT(*) FROM games GROUP BY status").fetchall()))
    if "actions" in tables:
        summary.actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    return summary
