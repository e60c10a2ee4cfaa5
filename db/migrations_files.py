"""The numbered migrations in ``db/migrations/`` and the text each dialect runs.

``NNNN_name.sql`` is written in SQLite SQL (portable types: INTEGER, REAL,
TEXT; INTEGER PRIMARY KEY AUTOINCREMENT). PostgreSQL runs its mechanical
translation, or ``NNNN_name.postgres.sql`` when that file exists (for
anything the translation cannot express, e.g. a SQLite table rebuild).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from db.dialect import sqlite_ddl_to_postgres

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
POSTGRES_SUFFIX = ".postgres.sql"


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    base: Path
    postgres_override: Path | None

    def script(self, dialect: str) -> str:
        if dialect == "sqlite":
            return self.base.read_text(encoding="utf-8")
        if self.postgres_override is not None:
            return self.postgres_override.read_text(encoding="utf-8")
        return sqlite_ddl_to_postgres(self.base.read_text(encoding="utf-8"))


def migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every numbered migration, oldest first. Two base files with one number
    (two branches that picked the same number) are refused loudly."""
    bases: dict[int, Path] = {}
    overrides: dict[int, Path] = {}
    for file in sorted(folder.glob("*.sql")):
        number = int(file.name.split("_", 1)[0])
        target = overrides if file.name.endswith(POSTGRES_SUFFIX) else bases
        if number in target:
            raise RuntimeError(f"two migrations numbered {number:04d}: {target[number].name}, {file.name}")
        target[number] = file
    for number, file in overrides.items():
        if number not in bases:
            raise RuntimeError(f"{file.name} overrides no migration")
    return [Migration(n, bases[n].stem, bases[n], overrides.get(n)) for n in sorted(bases)]
