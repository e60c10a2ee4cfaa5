"""Running the bot: local play without a token, settings, command sync."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import Settings, create_bot

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_check_passes_for_local_play(tmp_path):
    """No token is local play now (tests/webboard/test_local_play.py serves it): ``--check`` opens its database."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path}/db/t.db"
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--check"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("ok:") and "local play" in lines[0]
    assert (tmp_path / "db" / "t.db").exists()


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


def test_the_token_never_reaches_the_log(capsys):
    import logging

    from app.logs import configure_logging

    secret = "abc.def.ghi-secret"
    configure_logging(Settings(discord_token=secret, _env_file=None))
    logging.getLogger("tabletop").warning("connecting with %s", secret)
    err = capsys.readouterr().err
    assert secret not in err and "[token]" in err
    logging.getLogger().handlers.clear()


async def test_shutdown_refuses_new_actions_and_closes_the_database(simcord_env):
    from tables.errors import TableError
    from tests.conftest import Table

    t = Table(simcord_env)
    live = await t.open_and_start()
    await t.service.shutdown()
    seat = live.to_act()[0]
    with pytest.raises(TableError) as refused:
        await t.service.act(live.id, live.seats[seat].user_id, None)
    assert refused.value.key == "core.err.shutting_down"
    assert all(table.timer is None for table in t.service.tables.values())
    await simcord_env.bot.close()
    assert not simcord_env.bot.db.is_open


@pytest.mark.simcord(check_errors=False)
async def test_an_unexpected_error_gets_a_private_apology(simcord_env, monkeypatch):
    from tests.conftest import Table, last_reply

    t = Table(simcord_env)

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(simcord_env.bot.tables, "open_lobby", broken)
    result = await t.members[0].slash(t.channel, "highcard new")
    reply = last_reply(result)
    assert reply.ephemeral and "Something went wrong" in reply.content
    assert isinstance(simcord_env.errors[-1].original, RuntimeError)


async def test_every_command_payload_fits_discord_limits(settings):
    """Names, descriptions and choices, in every language, as Discord checks them."""
    import re as _re

    from app.translator import CatalogueTranslator

    bot = create_bot(settings)
    await bot.db.open()
    for extension in bot.extensions_to_load:  # what setup_hook loads, without syncing
        await bot.load_extension(extension)
    try:
        translator = CatalogueTranslator()
        payloads = [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
        assert {p["name"] for p in payloads} >= {"setup", "cubed", "deathfront", "hand", "board", "resign",
                                                 "rules", "leaderboard", "stats", "help", "settings", "table"}

        def check(node):
            names = [node["name"], *node.get("name_localizations", {}).values()]
            for name in names:
                assert _re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name
            for text in [node.get("description", ""), *node.get("description_localizations", {}).values()]:
                assert 1 <= len(text) <= 100, (node["name"], text)
            assert len(node.get("choices", [])) <= 25
            for option in node.get("options", []):
                check(option)
            assert len(node.get("options", [])) <= 25

        for payload in payloads:
            check(payload)
        # The zh translations are really there for the game commands too.
        setup = next(p for p in payloads if p["name"] == "setup")
        assert setup["description_localizations"]["zh-CN"] != setup["description"]
    finally:
        await bot.db.close()
