"""``tabletop backup PATH [--force]``: a consistent copy of the SQLite
database, safe while the bot runs (``db/backup.py``). PostgreSQL is
backed up with its own tools: the refusal says how."""
from __future__ import annotations

import sys

from app.settings import Settings
from db.backup import BackupRefused, backup_sqlite
from db.database import database_path_from_url, is_postgres_url

POSTGRES_HOWTO = ('DATABASE_URL names a PostgreSQL database; back it up with PostgreSQL\'s own tool: '
                  'pg_dump --format=custom --file=PATH "$DATABASE_URL" (docs/operations.md, Backups)')


def backup(settings: Settings, path: str | None, force: bool) -> int:
    """Write the copy and print what it holds; 1 with one line on a refusal."""
    try:
        if is_postgres_url(settings.database_url):
            raise BackupRefused(POSTGRES_HOWTO)
        if not path:
            raise BackupRefused("name the file to write: tabletop backup PATH")
        summary = backup_sqlite(database_path_from_url(settings.database_url), path, force=force)
    except (BackupRefused, OSError) as refusal:
        print(f"tabletop backup: {refusal}", file=sys.stderr)
        return 1
    print(summary.line())
    return 0
