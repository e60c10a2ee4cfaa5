"""CI's PostgreSQL pass runs ``pytest -m database``: the tests that touch a
database (tests/support/database.py marks them). The selection must hold
every test that can run differently on PostgreSQL, and only those."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support import database

ROOT = Path(__file__).resolve().parents[2]
SOME_DATABASE_TESTS = "tests/pg/test_db_write.py", "tests/platform/test_platform_play.py"
NO_DATABASE_TESTS = "tests/setup/test_setup_json.py", "tests/render/test_lru.py"
ITS_OWN_SERVER = "tests/pg/test_change_bus.py"  # postgres_test_url() itself, no database_url
SEEN_NOT_STORED = "tests/browser/test_live_board.py", "tests/click/test_click_cubed.py"  # a database, nothing stored
READS_THE_STORE = "tests/browser/test_learn_board.py", "tests/click/test_click_controls.py"  # the same folders


def selected(*paths: str) -> set[str]:
    """Node ids ``pytest -m database`` collects from ``paths``."""
    env = {key: value for key, value in os.environ.items() if key != "TABLETOP_TEST_DATABASE_URL"}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q", "-m", "database",
                           "-p", "no:cacheprovider", "-p", "no:xdist", *paths],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_postgresql_pass_selects_the_database_tests_and_only_those():
    chosen = selected(*SOME_DATABASE_TESTS, *NO_DATABASE_TESTS, ITS_OWN_SERVER, *SEEN_NOT_STORED, *READS_THE_STORE)
    assert chosen, "the PostgreSQL pass would run nothing"
    for path in (*SOME_DATABASE_TESTS, ITS_OWN_SERVER, *READS_THE_STORE):
        assert any(node.startswith(path) for node in chosen), f"{path} is missing from the PostgreSQL pass"
    assert not any(node.startswith((*NO_DATABASE_TESTS, *SEEN_NOT_STORED)) for node in chosen), sorted(chosen)


def test_the_tests_left_to_sqlite_use_a_database_but_never_restart_or_open_the_store():
    """SEEN_NOT_STORED may only hold tests that touch a database (or the
    rule would hide nothing) and that never restart a bot or open a
    repository: those could behave differently on PostgreSQL."""
    for path in database.SEEN_NOT_STORED:
        text = (ROOT / path).read_text()
        assert "database_url" in text or "simcord_env" in text, path
        for sign in ("restart", "Repo(", ".db.", "service.db", "bot.db"):
            assert sign not in text, (path, sign)
