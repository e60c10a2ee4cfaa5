"""Running the bot: the missing-token line, settings, command sync."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import Settings, create_bot

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_exits_2_with_one_clear_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    lines = [line for line in (proc.stdout + proc.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]


def test_settings_defaults_and_environment(monkeypatch):
    monkeypatch.setenv("DEV_GUILD_ID", "")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    s = Settings(_env_file=None)
    assert s.database_url == "sqlite:///data/tabletop.db" and s.dev_guild_id is None
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    s = Settings(_env_file=None)
    assert s.dev_guild_id == 123 and "abc" not in repr(s)
    monkeypatch.setenv("DATABASE_URL", "mysql://nope")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


def test_env_example_documents_every_setting():
    text = (ROOT / ".env.example").read_text()
    for name in Settings.model_fields:
        assert name.upper() in text


def test_create_bot_does_not_connect(settings):
    bot = create_bot(settings)
    assert not bot.is_ready() and bot.ws is None
    assert set(bot.registry.ids()) == {"setup", "cubed", "deathfront"}


async def test_commands_sync_only_when_the_tree_changed(simcord_env, make_bot):
    syncs = [r for r in simcord_env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(syncs) == 1
    await simcord_env.restart_bot(make_bot())
    syncs = [r for r in simcord_env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(syncs) == 1  # same tree: no second sync
