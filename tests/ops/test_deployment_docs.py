"""The README's deployment section says what the code and the compose file do."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.ops.compose_file import load_yaml

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def deployment_section() -> str:
    start = README.index("## Deployment")
    return README[start:README.index("\n## ", start + 1)]


def test_the_migration_command_matches_the_tools_usage():
    done = subprocess.run([sys.executable, "-m", "db.migrate_sqlite_to_postgres"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    usage = (done.stdout + done.stderr).strip()
    assert done.returncode != 0 and usage.endswith("db.migrate_sqlite_to_postgres SQLITE_URL POSTGRES_URL")
    lines = [line for line in deployment_section().splitlines() if "-m db.migrate_sqlite_to_postgres" in line]
    assert lines
    for line in lines:
        args = re.split(r"\s+", line.split("-m db.migrate_sqlite_to_postgres", 1)[1].strip().rstrip("`.'"))
        assert len(args) == 2 and args[0].startswith("sqlite:///"), line
        assert args[1].startswith(("postgresql://", '"$DATABASE_URL"')), line


def test_the_compose_services_and_shards_named_in_the_readme_exist():
    compose = load_yaml((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    section = " ".join(deployment_section().split())  # the prose's line breaks do not matter
    assert "docker compose up -d --build" in section
    bots = {name: s for name, s in compose["services"].items() if "build" in s and "web" not in s.get("command", [])}
    for name, service in bots.items():
        assert f"`{name}` with `SHARD_IDS={service['environment']['SHARD_IDS']}`" in section, name
        assert f"SHARD_COUNT={service['environment']['SHARD_COUNT']}" in section
    volume = next(iter(compose["volumes"]))
    assert f"`{volume}` volume" in section
    assert "POSTGRES_PASSWORD" in section and "DISCORD_TOKEN" in section
    # The web process and the Redis their REST budget shares (issue 34).
    assert "`web` (`tabletop web`" in section and "`redis`" in section and "REST_PROCESSES" in section
