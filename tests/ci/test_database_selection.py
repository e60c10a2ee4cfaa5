"""CI's PostgreSQL pass runs ``pytest -m database``: the tests that touch a
database (tests/support/database.py marks them). The selection must hold
every test that can run differently on PostgreSQL, and only those."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOME_DATABASE_TESTS = "tests/pg/test_db_write.py", "tests/platform/test_platform_play.py"
NO_DATABASE_TESTS = "tests/setup/test_setup_json.py", "tests/render/test_lru.py"
ITS_OWN_SERVER = "tests/pg/test_change_bus.py"  # postgres_test_url() itself, no database_url


def selected(*paths: str) -> set[str]:
    """Node ids ``pytest -m database`` collects from ``paths``."""
    env = {key: value for key, value in os.environ.items() if key != "TABLETOP_TEST_DATABASE_URL"}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q", "-m", "database",
                           "-p", "no:cacheprovider", "-p", "no:xdist", *paths],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_postgresql_pass_selects_the_database_tests_and_only_those():
    chosen = selected(*SOME_DATABASE_TESTS, *NO_DATABASE_TESTS, ITS_OWN_SERVER)
    assert chosen, "the PostgreSQL pass would run nothing"
    for path in (*SOME_DATABASE_TESTS, ITS_OWN_SERVER):
        assert any(node.startswith(path) for node in chosen), f"{path} is missing from the PostgreSQL pass"
    assert not any(node.startswith(NO_DATABASE_TESTS) for node in chosen), sorted(chosen)
