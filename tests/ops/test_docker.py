"""The Docker image's settings: the README's `cp .env.example .env` +
`docker run --env-file .env` keeps the database on the /data volume. No Docker
engine here, so the image's environment is read from the Dockerfile and the
env file is read as `docker run --env-file` reads it."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

from bot import Settings
from db.database import database_path_from_url

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")


def dockerfile_instructions() -> list[tuple[str, str]]:
    joined = re.sub(r"\\\n", " ", DOCKERFILE)
    lines = [line.strip() for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "") for line in lines]


def image_environment() -> dict[str, str]:
    env = {}
    for name, args in dockerfile_instructions():
        if name == "ENV":
            env.update(pair.split("=", 1) for pair in shlex.split(args))
    return env


def env_file(path: Path) -> dict[str, str]:
    """`docker run --env-file`: KEY=VALUE lines taken literally; # comments and
    blank lines skipped."""
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            values[key] = value
    return values


def settings_in_container(monkeypatch, tmp_path, dotenv: dict[str, str]) -> Settings:
    for key in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    for key, value in {**image_environment(), **dotenv}.items():  # --env-file wins over ENV
        monkeypatch.setenv(key, value)
    workdir = next(args for name, args in dockerfile_instructions() if name == "WORKDIR")
    monkeypatch.chdir(tmp_path)  # the image's WORKDIR has no .env (.dockerignore)
    assert workdir == "/app"
    return Settings()


def test_the_readme_env_file_keeps_the_database_on_the_volume(monkeypatch, tmp_path):
    dotenv = env_file(ROOT / ".env.example")
    dotenv["DISCORD_TOKEN"] = "token"
    settings = settings_in_container(monkeypatch, tmp_path, dotenv)
    assert database_path_from_url(settings.database_url) == "/data/tabletop.db"
    assert "/data" in next(args for name, args in dockerfile_instructions() if name == "VOLUME")


def test_an_explicit_database_url_in_env_still_wins(monkeypatch, tmp_path):
    settings = settings_in_container(monkeypatch, tmp_path, {"DATABASE_URL": "sqlite:////data/other.db"})
    assert database_path_from_url(settings.database_url) == "/data/other.db"


def test_outside_docker_the_default_stays_relative(monkeypatch, tmp_path):
    for key in ("DATABASE_URL",):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert database_path_from_url(Settings().database_url) == "data/tabletop.db"


def test_the_image_runs_as_a_user_with_a_healthcheck_a_pinned_base_and_no_tests():
    steps = dockerfile_instructions()
    base = next(args for name, args in steps if name == "FROM")
    assert re.fullmatch(r"python:3\.11\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base), base
    user = [args for name, args in steps if name == "USER"]
    assert user and user[-1] not in ("root", "0")
    assert any(name == "HEALTHCHECK" and "--check" in args for name, args in steps)
    copies = [args for name, args in steps if name == "COPY"]
    assert copies and not any("--chown" in args for args in copies)  # code not writable by the bot's user
    assert any("--require-hashes" in args and "requirements.lock" in args for name, args in steps if name == "RUN")
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert {"tests", "bench", "docs", ".env", ".git"} <= set(ignored)


def test_the_readme_run_line_restarts_and_mounts_the_volume():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    run = next(line for line in readme.splitlines() if "docker run" in line)
    assert "--restart" in run and "--env-file .env" in run and ":/data" in run


def test_the_readme_command_table_names_every_command(simcord_env):
    """Each slash command appears in the README's table, as `/name` or after
    `·` in its group's row, with each of its options."""
    import discord

    table = [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
             if line.startswith("| `/")]
    missing = []
    for command in simcord_env.bot.tree.walk_commands():
        if not isinstance(command, discord.app_commands.Command):
            continue
        group, _, leaf = command.qualified_name.rpartition(" ")
        rows = [row for row in table if f"`/{command.qualified_name}" in row
                or (group and f"`/{group}" in row and (f"`{leaf}" in row or f"/{group} {leaf}" in row))]
        cells = [re.split(r"(?<!\\)\|", row)[1] for row in rows]
        if not rows or not all(any(f"{p.name}:" in cell or f"[{p.name}]" in cell for cell in cells)
                                  for p in command.parameters):
            missing.append(command.qualified_name)
    assert missing == [], missing
