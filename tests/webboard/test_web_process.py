"""``tabletop web`` (``python bot.py web``): refused in one line on SQLite;
on PostgreSQL ``--check`` opens the database, and a real web process serves
a Discord game the bot (here, this test's table service) holds — a move made
through it reaches the bot, and a SIGKILL of it loses no committed action."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from db.database import Database
from tables.bus import TableBus
from tables.registry import default_registry
from tables.service import TableService
from tests.pg.bus_kit import CHANNEL, GUILD, NELLY, Recorder, eventually
from tests.support.database import postgres_test_url
from tests.webboard.test_local_play import first_line, free_port
from web.sessions import SessionKeeper

ROOT = Path(__file__).resolve().parents[2]
needs_postgres = pytest.mark.skipif(postgres_test_url() is None,
                                    reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


def environment(database_url: str, **more: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "DATABASE_URL": database_url,
            "RENDER_PROCESSES": "0", "AI_PROCESSES": "0", "LOG_LEVEL": "WARNING", **more}


def test_on_sqlite_the_web_command_is_refused_in_one_line(tmp_path):
    for args in (["web"], ["web", "--check"]):
        done = subprocess.run([sys.executable, str(ROOT / "bot.py"), *args], cwd=tmp_path, text=True,
                              env=environment(f"sqlite:///{tmp_path}/db/t.db"), capture_output=True, timeout=60)
        output = (done.stdout + done.stderr).strip()
        assert done.returncode == 2 and len(output.splitlines()) == 1, output
        assert "PostgreSQL" in output and "WEB_PORT" in output and "Traceback" not in output
        assert not (tmp_path / "db" / "t.db").exists()  # refused before opening anything


@needs_postgres
def test_on_postgres_the_web_command_checks_serves_and_stops(tmp_path, database_url):
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "web", "--check"], cwd=tmp_path, text=True,
                          env=environment(database_url), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("ok: "), done.stdout + done.stderr
    port = free_port()
    web = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "web"], cwd=tmp_path, text=True,
                           env=environment(database_url, WEB_PORT=str(port)),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert first_line(web) == f"Tabletop web board: http://127.0.0.1:{port}/\n"
    finally:
        web.send_signal(signal.SIGTERM)
        rest, errors = web.communicate(timeout=60)
    assert web.returncode == 0 and rest == "" and "Traceback" not in errors, (rest, errors)


@needs_postgres
async def test_a_killed_web_process_loses_no_committed_action(tmp_path, database_url):
    db = Database(database_url, pool_min=1, pool_max=4)
    await db.open()
    discord = Recorder()
    bot = TableService(db, default_registry(), discord)
    bus = TableBus(bot, holds_every_table=False)
    assert await bus.start()
    table = await bot.open_lobby("cubed", GUILD, CHANNEL, NELLY, "Nelly", {"rounds": 1})
    await bot.add_ai(table.id, NELLY)
    await bot.start(table.id, NELLY)
    port = free_port()
    web = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "web"], cwd=tmp_path, text=True,
                           env=environment(database_url, WEB_PORT=str(port), WEB_SECRET="web-secret"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = first_line(web)
        assert line == f"Tabletop web board: http://127.0.0.1:{port}/\n", line
        _, cookie = SessionKeeper("web-secret").new(NELLY, "Nelly", "en", "discord")
        async with aiohttp.ClientSession(cookies={"tt_session": cookie}) as browser:
            base = f"http://127.0.0.1:{port}/api/tables/{table.id}"
            async with browser.get(base) as seen:
                data = await seen.json()
            assert data["to_act"] == [0] and data["version"] == table.record.version
            async with browser.post(f"{base}/actions", json={"action": data["moves"][0]["action"],
                                                              "version": data["version"]}) as answer:
                assert answer.status == 200, await answer.text()
                played = (await answer.json())["version"]
        web.send_signal(signal.SIGKILL)
        web.wait(30)

        # The bot heard the move, played its AI seat after it, and its copy is the log's replay.
        await eventually(lambda: any(board[1] > played for board in discord.boards()), "the AI's move announced")
        await bot.announcing.join()
        rows = await db.fetchall("SELECT seq, by_ai FROM actions WHERE game_id = ? ORDER BY seq", (table.id,))
        assert [bool(r["by_ai"]) for r in rows if r["seq"] >= played][:2] == [False, True]
        live = bot.get(table.id)
        if live is not None:
            replayed = await bot.replay(live.record)
            assert live.engine.state_to_json(replayed) == live.engine.state_to_json(live.state)
    finally:
        if web.poll() is None:
            web.kill()
        web.communicate()
        await bus.stop()
        await bot.shutdown()
        await db.close()
