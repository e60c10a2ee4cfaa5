"""Which database the tests run on: SQLite by default; with
``TABLETOP_TEST_DATABASE_URL=postgresql://…`` each test gets a fresh schema
on that server."""
from __future__ import annotations

import os
import uuid


def postgres_test_url() -> str | None:
    """The PostgreSQL server the tests may use, if one is configured."""
    url = os.environ.get("TABLETOP_TEST_DATABASE_URL", "").strip()
    return url if url.startswith(("postgresql://", "postgres://")) else None


def fresh_schema_url(server: str) -> tuple[str, str]:
    """(a URL on ``server`` naming a new, empty schema, the schema's name)."""
    schema = f"test_{uuid.uuid4().hex[:12]}"
    return f"{server}{'&' if '?' in server else '?'}schema={schema}", schema


async def drop_schema(server: str, schema: str) -> None:
    import asyncpg

    from db.postgres import quote_ident, split_schema

    conn = await asyncpg.connect(split_schema(server)[0])
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {quote_ident(schema)} CASCADE")
    finally:
        await conn.close()


DATABASE_MARKER = "database"


def touches_database(item) -> bool:
    """Whether a collected test can run differently on PostgreSQL: it uses
    the ``database_url`` fixture (directly or through ``settings``, the bots
    and the tables), or its module reaches the server itself
    (``postgres_test_url``). Only these run again in CI's PostgreSQL pass
    (``pytest -m database``)."""
    if "database_url" in getattr(item, "fixturenames", ()):
        return True
    module = getattr(item, "module", None)
    return getattr(module, "postgres_test_url", None) is postgres_test_url
