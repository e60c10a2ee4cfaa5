"""docker-compose.yml: PostgreSQL, two bot processes splitting the shards, the
web process, and the Redis whose window they share for the token's REST budget.
No Docker engine here: the file is read as compose reads it (YAML, `.env`
interpolation, env_file < environment) and each bot service's settings are
built and validated as the container would build them. When a compose
binary is installed, `compose config` validates the file as well."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bot import Settings, ShardedTabletopBot, create_bot
from tests.ops.compose_file import ComposeError, interpolate, load_yaml, read_block_yaml
from tests.ops.test_docker import dockerfile_instructions, env_file, image_environment

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_TEXT = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
PASSWORD = "Pg4tabletop"
# Settings compose reads from the project's .env that pydantic does not:
# the bundled PostgreSQL's password (interpolated into DATABASE_URL).
COMPOSE_ONLY = {"POSTGRES_PASSWORD"}
POSTGRES_MAX_CONNECTIONS = 100  # the server's default


def filled_env() -> dict[str, str]:
    """`cp .env.example .env` with the two required values filled in."""
    env = env_file(ROOT / ".env.example")
    env.update(DISCORD_TOKEN="MTIz.fake.token", POSTGRES_PASSWORD=PASSWORD)
    return env


@pytest.fixture(scope="module")
def compose() -> dict:
    return interpolate(load_yaml(COMPOSE_TEXT), filled_env())


def bot_services(compose: dict) -> dict[str, dict]:
    return {name: s for name, s in compose["services"].items() if "build" in s and "web" not in (s.get("command") or [])}


def processes(compose: dict) -> dict[str, dict]:
    """Every process built from the Dockerfile: the bots and `tabletop web`."""
    return {name: s for name, s in compose["services"].items() if "build" in s}


def container_env(service: dict) -> dict[str, str]:
    """The image's ENV, then env_file, then environment (compose's order)."""
    files = service.get("env_file") or []
    env = dict(image_environment())
    for name in [files] if isinstance(files, str) else files:
        assert name == ".env"  # the file README tells users to make from .env.example
        env.update(filled_env())
    env.update(service.get("environment") or {})
    return env


def settings_of(service: dict, monkeypatch, tmp_path) -> Settings:
    for key in list(Settings.model_fields) + ["DISCORD_TOKEN"]:
        monkeypatch.delenv(key.upper(), raising=False)
    for key, value in container_env(service).items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)  # no .env in the image's working directory
    return Settings()


def test_the_reader_agrees_with_pyyaml_and_refuses_what_it_does_not_know():
    yaml = pytest.importorskip("yaml")  # not a dependency; the test suite reads the file without it
    from tests.ops.compose_file import as_strings

    assert read_block_yaml(COMPOSE_TEXT) == as_strings(yaml.safe_load(COMPOSE_TEXT))


@pytest.mark.parametrize("text", ["a: &x 1\nb: *x\n", "a: {b: 1}\n", "a:\n  - b: 1\n", "a: |\n  x\n",
                                  "a: 1\na: 2\n", "a:\n  b: 1\n   c: 2\n"])
def test_the_reader_refuses_yaml_outside_its_subset(text):
    with pytest.raises(ComposeError):
        read_block_yaml(text)


def test_no_password_is_committed_and_a_missing_one_stops_compose():
    env = env_file(ROOT / ".env.example")
    assert env["POSTGRES_PASSWORD"] == ""  # .env.example ships none
    with pytest.raises(ComposeError, match="POSTGRES_PASSWORD"):
        interpolate(load_yaml(COMPOSE_TEXT), env)
    raw = load_yaml(COMPOSE_TEXT)
    assert raw["services"]["db"]["environment"]["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD:?")
    for name, service in bot_services(raw).items():
        assert "DISCORD_TOKEN" not in (service.get("environment") or {}), name  # from .env only


def test_postgres_15_on_a_named_volume_with_a_readiness_check(compose):
    db = compose["services"]["db"]
    assert db["image"].startswith("postgres:15")
    volume, _, path = db["volumes"][0].partition(":")
    assert volume in compose["volumes"] and path == "/var/lib/postgresql/data"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert db["restart"] == "unless-stopped"


def test_two_bot_processes_built_from_the_dockerfile_wait_for_a_healthy_database(compose):
    bots = bot_services(compose)
    assert len(bots) >= 2
    assert (ROOT / "Dockerfile").exists()
    assert any(name == "HEALTHCHECK" and "--check" in args for name, args in dockerfile_instructions())
    for name, service in bots.items():
        assert service["build"] == ".", name
        assert service["depends_on"]["db"]["condition"] == "service_healthy", name
        assert service["restart"] == "unless-stopped", name
        assert "healthcheck" not in service, name  # the image's own (bot.py --check) applies


def test_bot_environments_name_only_real_settings(compose):
    fields = {name.upper() for name in Settings.model_fields}
    for name, service in bot_services(compose).items():
        assert set(service["environment"]) <= fields, name
    assert set(env_file(ROOT / ".env.example")) <= fields | COMPOSE_ONLY


def test_the_shards_are_split_exactly_once_and_one_process_syncs(compose, monkeypatch, tmp_path):
    counts, owners, syncing = set(), [], []
    for name, service in bot_services(compose).items():
        settings = settings_of(service, monkeypatch, tmp_path)
        count, shards = settings.shards
        counts.add(count)
        owners += shards
        bot = create_bot(settings)  # builds the bot; connects to nothing
        assert isinstance(bot, ShardedTabletopBot) and bot.shard_ids == list(shards), name
        if bot.runs_shard_zero:
            syncing.append(name)
    assert len(counts) == 1
    assert sorted(owners) == list(range(counts.pop()))
    assert len(syncing) == 1


def test_every_bot_reaches_the_db_service_and_fits_its_connections(compose, monkeypatch, tmp_path):
    db_env = compose["services"]["db"]["environment"]
    bots = processes(compose)  # the web process's pool too
    connections = 0
    for name, service in bots.items():
        settings = settings_of(service, monkeypatch, tmp_path)
        url = urlsplit(settings.database_url)
        assert url.scheme == "postgresql" and url.hostname == "db" and url.port == 5432, name
        assert url.username == db_env["POSTGRES_USER"] and url.password == PASSWORD, name
        assert url.path == "/" + db_env["POSTGRES_DB"], name
        assert settings.discord_token == "MTIz.fake.token"
        # The bot's pool at its largest and, while it runs, its health check's.
        connections += settings.database_pool_max + settings.database_pool_min
    assert connections < POSTGRES_MAX_CONNECTIONS


def compose_binary() -> list[str] | None:
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    return None


@pytest.mark.skipif(compose_binary() is None, reason="no docker compose here")
def test_compose_itself_accepts_the_file(tmp_path):
    (tmp_path / "docker-compose.yml").write_text(COMPOSE_TEXT, encoding="utf-8")
    (tmp_path / ".env").write_text("".join(f"{k}={v}\n" for k, v in filled_env().items()), encoding="utf-8")
    done = subprocess.run([*compose_binary(), "config", "--quiet"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\n", encoding="utf-8")
    refused = subprocess.run([*compose_binary(), "config", "--quiet"], cwd=tmp_path, capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode != 0 and "POSTGRES_PASSWORD" in refused.stderr


def test_the_web_process_serves_on_this_machine_on_the_bots_database(compose, monkeypatch, tmp_path):
    web = compose["services"]["web"]
    assert web["command"] == ["python", "bot.py", "web"] and web["build"] == "."
    assert web["ports"] == ["127.0.0.1:8080:8080"]  # a TLS proxy goes in front; not every interface
    assert "--check" in web["healthcheck"]["test"] and "web" in web["healthcheck"]["test"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    settings = settings_of(web, monkeypatch, tmp_path)
    bot = settings_of(compose["services"]["bot-0"], monkeypatch, tmp_path)
    assert settings.database_url == bot.database_url and settings.web_port == 8080
    assert settings.shards is None  # no gateway: it runs no shard


def test_every_process_shares_one_rest_window_in_the_redis_service(compose, monkeypatch, tmp_path):
    redis = compose["services"]["redis"]
    assert redis["image"].startswith("redis:7.0")  # what Debian ships and CI tests (.ci/run)
    assert "redis-cli" in redis["healthcheck"]["test"] and redis["restart"] == "unless-stopped"
    assert "volumes" not in redis  # a window of the last second: nothing worth keeping
    fleet = processes(compose)
    assert len(fleet) == 3
    for name, service in fleet.items():
        settings = settings_of(service, monkeypatch, tmp_path)
        url = urlsplit(settings.rest_redis_url)
        assert (url.scheme, url.hostname, url.port) == ("redis", "redis", 6379), name
        assert settings.rest_processes == len(fleet), name  # each falls back to its share: 45 // 3
        assert settings.rest_budget, name
        # The bots still start without Redis (they fall back to their share): started, not healthy.
        assert service["depends_on"]["redis"]["condition"] == "service_started", name
