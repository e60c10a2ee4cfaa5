"""CI runs the README's test command exactly (.ci/run), on every core, and
prints the slowest tests; its PostgreSQL pass runs the database tests."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(.*?)\n```", readme, flags=re.S)
    return next(block for block in blocks if "-m pytest" in block)


def test_ci_runs_the_readmes_test_command_with_xdist_and_durations():
    command = readme_test_command()
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in run
    assert command.endswith("-m pytest -n auto --durations=25")


def test_the_postgresql_pass_runs_only_the_database_tests():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/with-postgres .venv/bin/python -m pytest -m database -n auto --durations=25" in run
