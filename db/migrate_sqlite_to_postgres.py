"""Move a SQLite database into an empty PostgreSQL database.

    python -m db.migrate_sqlite_to_postgres sqlite:///data/tabletop.db postgresql://user:pw@host/db

Stop the bot first. Both databases are brought to the newest migration, then
every row of every table is copied in one PostgreSQL transaction (parents
before children), and identity counters continue after the copied ids. The
SQLite file is only read (apart from its own pending migrations). A target
that already holds games is refused, so nothing is ever merged or doubled.
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import asyncpg

from db.database import Database, check_database_url, database_path_from_url, is_postgres_url

SKIP_TABLES = {"processes", "schema_migrations"}  # per-deployment, not data
USAGE = "usage: python -m db.migrate_sqlite_to_postgres SQLITE_URL POSTGRES_URL"


async def _source_tables(source: Database) -> list[str]:
    """Tables in an order where every table comes after those it references."""
    names = [r["name"] for r in await source.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    names = [n for n in names if n not in SKIP_TABLES]
    parents = {n: {r["table"] for r in await source.fetchall(f"PRAGMA foreign_key_list({n})")} - {n}
               for n in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise RuntimeError("foreign keys form a cycle")
        ordered.extend(ready)
    return ordered


def _convert(value: Any, pg_type: str) -> Any:
    if value is None:
        return None
    if pg_type in ("bigint", "integer", "smallint"):
        return int(value)
    if pg_type in ("double precision", "real", "numeric"):
        return float(value)
    if pg_type == "boolean":
        return bool(value)
    return value


async def migrate(sqlite_url: str, postgres_url: str) -> dict[str, int]:
    """Copy everything; returns rows copied per table."""
    source, target = Database(sqlite_url), Database(postgres_url)
    await source.open()
    try:
        await target.open()
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Database, target: Database) -> dict[str, int]:
    if await target.fetchval("SELECT COUNT(*) FROM games"):
        raise RuntimeError("the PostgreSQL database already holds games; migrate into an empty one")
    copied: dict[str, int] = {}
    async with target.transaction() as conn:
        raw = conn.raw  # asyncpg connection: COPY is the fast path
        for table in await _source_tables(source):
            columns = {r["column_name"]: r["data_type"] for r in await conn.fetchall(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = ?", (table,))}
            if not columns:
                raise RuntimeError(f"table {table} is missing in PostgreSQL (migrations out of step?)")
            names = [r["name"] for r in await source.fetchall(f"PRAGMA table_info({table})")
                     if r["name"] in columns]
            rows = await source.fetchall(f"SELECT {', '.join(names)} FROM {table}")
            records = [tuple(_convert(row[i], columns[name]) for i, name in enumerate(names)) for row in rows]
            await conn.execute(f"DELETE FROM {table}")  # e.g. meta rows written when the target was opened
            if records:
                await raw.copy_records_to_table(table, records=records, columns=names,
                                                schema_name=await raw.fetchval("SELECT current_schema()"))
            copied[table] = len(records)
        identities = await conn.fetchall(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES'")
        for row in identities:
            table, column = row["table_name"], row["column_name"]
            await conn.fetchval(
                f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({column}), 0) + 1, false) "
                f"FROM {table}", (table, column))
    return copied


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(USAGE, file=sys.stderr)
        return 2
    sqlite_url, postgres_url = argv
    try:
        check_database_url(sqlite_url)
        check_database_url(postgres_url)
        if is_postgres_url(sqlite_url) or not is_postgres_url(postgres_url):
            raise ValueError("the first URL must be sqlite:///…, the second postgresql://…")
        if not Path(database_path_from_url(sqlite_url)).is_file():
            raise ValueError(f"no SQLite database at {database_path_from_url(sqlite_url)}")
        copied = asyncio.run(migrate(sqlite_url, postgres_url))
    except (ValueError, RuntimeError, OSError, asyncpg.PostgresError) as error:
        print(f"migration failed: {error}", file=sys.stderr)
        return 1
    for table, count in copied.items():
        print(f"{table}: {count} rows")
    print("done: start the bot with DATABASE_URL set to the PostgreSQL URL")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
