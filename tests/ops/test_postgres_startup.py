"""A start whose DATABASE_URL names a PostgreSQL that cannot be reached, or
that refuses the user, the password or the database, ends with status 2 and
one or two lines naming the cause and DATABASE_URL; never a traceback, never
the password. The refusals of a real server run with
TABLETOP_TEST_DATABASE_URL (.ci/with-postgres) and are skipped without it."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from db.database import Database
from db.postgres import ConnectFailure, connect_failure
from tests.ops.test_startup import assert_clear_failure, closed_port, run
from tests.support.database import postgres_test_url

SECRET = "s3cretpw"
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("check", [False, True])
def test_nothing_listening_at_the_port(tmp_path, check):
    port = closed_port()
    done = run(tmp_path, *(["--check"] if check else []), LOG_LEVEL="WARNING",
               DATABASE_URL=f"postgresql://tabletop:{SECRET}@127.0.0.1:{port}/tabletop")
    assert_clear_failure(done, "DATABASE_URL", f"127.0.0.1:{port}", "connection refused")
    assert done.returncode == 2 and SECRET not in done.stderr


def test_a_host_name_that_does_not_resolve(tmp_path):
    done = run(tmp_path, "--check", DATABASE_URL=f"postgresql://tabletop:{SECRET}@db.invalid:5432/tabletop")
    assert_clear_failure(done, "DATABASE_URL", "db.invalid")
    assert done.returncode == 2 and SECRET not in done.stderr


def test_the_sqlite_migration_names_an_unreachable_target_in_one_line(tmp_path):
    import asyncio

    source = Database(f"sqlite:///{tmp_path}/t.db")
    asyncio.run(source.open())
    asyncio.run(source.close())
    port = closed_port()
    done = subprocess.run([sys.executable, "-m", "db.migrate_sqlite_to_postgres", f"sqlite:///{tmp_path}/t.db",
                           f"postgresql://tabletop:{SECRET}@127.0.0.1:{port}/tabletop"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert_clear_failure(done, "migration failed", f"127.0.0.1:{port}", "connection refused")
    assert SECRET not in done.stderr


async def test_a_server_that_never_answers_times_out():
    with socket.socket() as silent:  # accepts connections (the backlog) and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        port = silent.getsockname()[1]
        db = Database(f"postgresql://tabletop:{SECRET}@127.0.0.1:{port}/tabletop", pool_min=1, pool_max=1)
        db.backend.connect_timeout = 0.3
        with pytest.raises(ConnectFailure) as failure:
            await db.open()
    message = str(failure.value)
    assert f"no answer from 127.0.0.1:{port} within 0.3 s" in message and "DATABASE_URL" in message
    assert not db.is_open


URL = f"postgresql://tabletop:{SECRET}@pg.example:6543/games"


@pytest.mark.parametrize(("error", "words"), [
    (asyncpg.InvalidPasswordError('password authentication failed for user "tabletop"'),
     ["pg.example:6543", "password authentication failed", "user and the password"]),
    (asyncpg.InvalidAuthorizationSpecificationError('role "tabletop" does not exist'),
     ['role "tabletop" does not exist', "user in DATABASE_URL"]),
    (asyncpg.InvalidCatalogNameError('database "games" does not exist'),
     ['database "games" does not exist', "createdb"]),
    (asyncpg.TooManyConnectionsError("sorry, too many clients already"), ["DATABASE_POOL_MAX"]),
    (asyncpg.CannotConnectNowError("the database system is starting up"), ["starting up"]),
    (TimeoutError(), ["no answer from pg.example:6543 within 10 s"]),
    (socket.gaierror(-2, "Name or service not known"), ["'pg.example'", "Name or service not known"]),
    (ConnectionRefusedError(111, "Connect call failed"), ["pg.example:6543", "connection refused"]),
    (OSError("Multiple exceptions: [Errno 111] a,\n[Errno 99] b"), ["pg.example:6543", "Multiple exceptions"]),
])
def test_each_cause_is_named_in_one_line_without_the_password(error, words):
    message = str(connect_failure(error, URL))
    assert "\n" not in message and SECRET not in message
    for word in words:
        assert word in message, message


def server_url(**change: str) -> str:
    """The test server's URL with another user or database name."""
    parts = urlsplit(postgres_test_url())
    user = change.get("user", parts.username)
    netloc = f"{user}:{SECRET}@{parts.hostname}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc, path="/" + change.get("database", parts.path[1:]),
                                     query=""))


needs_postgres = pytest.mark.skipif(postgres_test_url() is None,
                                    reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


@needs_postgres
@pytest.mark.parametrize("check", [False, True])
def test_a_database_that_does_not_exist(tmp_path, check):
    done = run(tmp_path, *(["--check"] if check else []), LOG_LEVEL="WARNING",
               DATABASE_URL=server_url(database="no_such_db"))
    assert_clear_failure(done, "DATABASE_URL", 'database "no_such_db" does not exist', "createdb")
    assert done.returncode == 2 and SECRET not in done.stderr


@needs_postgres
def test_a_user_the_server_does_not_know(tmp_path):
    done = run(tmp_path, "--check", DATABASE_URL=server_url(user="no_such_user"))
    assert_clear_failure(done, "DATABASE_URL", "no_such_user")
    assert done.returncode == 2 and SECRET not in done.stderr
