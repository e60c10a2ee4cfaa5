"""Fixtures of the multi-process tests."""
from __future__ import annotations

import pytest

from db.database import Database
from tables.service import TableService
from tests.pg.test_pg_guards import registry


@pytest.fixture
async def two_services(database_url):
    """Two processes' table services on one database."""
    dbs = [Database(database_url, pool_min=1, pool_max=3) for _ in range(2)]
    services = []
    for db in dbs:
        await db.open()
        services.append(TableService(db, registry()))
    yield services
    for service in services:
        await service.shutdown()
    for db in dbs:
        await db.close()
