"""Local play and a Discord bot on one database: each front restores, times
and adopts only its own tables; the other kind stays untouched in the
database until its own front runs (db/fronts.py)."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

from bot import create_bot
from db.database import Database
from db.fronts import DISCORD, LOCAL, Front, is_local_table
from db.processes import ProcessRepo
from tables.registry import default_registry
from tables.service import TableService
from tests.webboard.test_local_play import ROOT, first_line, free_port

HOST = 80351110224678912  # a Discord user
LOCAL_HOST = -16  # a local session's first player


async def two_tables(database_url: str) -> tuple[int, int]:
    """One local and one Discord CUBED table, each a person to act against the AI."""
    db = Database(database_url)
    await db.open()
    service = TableService(db, default_registry())
    service.new_seed = lambda: 7
    try:
        ids = []
        for guild, channel, host in ((None, -123456, LOCAL_HOST), (1, 555, HOST)):
            table = await service.open_lobby("cubed", guild, channel, host, "Ada", {"rounds": 1})
            await service.add_ai(table.id, host)
            await service.start(table.id, host)
            assert table.record.status == "playing" and table.record.turn_started_at is not None
            ids.append(table.id)
        return ids[0], ids[1]
    finally:
        await service.shutdown()
        await db.close()


async def versions(db: Database) -> dict[int, tuple[int, str]]:
    rows = await db.fetchall("SELECT id, version, status FROM games ORDER BY id")
    return {r["id"]: (r["version"], r["status"]) for r in rows}


async def restore_late(database_url: str, front: Front) -> tuple[TableService, Database]:
    """A service of ``front`` restoring a day later: every turn timer is overdue."""
    db = Database(database_url)
    await db.open()
    service = TableService(db, default_registry(), clock=lambda: time.time() + 86400)
    service.games.front = front
    await service.restore()
    return service, db


def test_the_one_rule_of_a_local_table():
    assert is_local_table(None, -5)
    assert not is_local_table(None, 5)  # a Discord DM-like channel
    assert not is_local_table(3, -5)


async def test_each_front_restores_and_times_only_its_own_tables(database_url):
    local_id, discord_id = await two_tables(database_url)
    for front, mine, other in ((DISCORD, discord_id, local_id), (LOCAL, local_id, discord_id)):
        service, db = await restore_late(database_url, front)
        try:
            before = await versions(db)
            assert set(service.tables) == {mine}
            table = service.get(mine)
            for _ in range(200):  # the overdue timer times the person out: the AI plays their seat
                if table.record.version > before[mine][0]:
                    break
                await asyncio.sleep(0.05)
            assert table.record.version > before[mine][0]
            assert (await versions(db))[other] == before[other]
            assert await service.restorer.reload(other) is None and service.get(other) is None
        finally:
            await service.shutdown()
            await db.close()


async def test_a_sweeper_adopts_only_its_fronts_overdue_games(database_url):
    local_id, discord_id = await two_tables(database_url)
    db = Database(database_url)
    await db.open()
    try:
        async with db.transaction() as conn:
            await conn.execute("UPDATE games SET deadline = 1, owner = 'gone'")
        processes = ProcessRepo(db)
        assert await processes.claim_overdue("bot", 10.0, 5.0, 10, front=DISCORD) == [discord_id]
        assert await processes.claim_overdue("local", 10.0, 5.0, 10, front=LOCAL) == [local_id]
    finally:
        await db.close()


def test_the_bot_is_the_discord_front(settings):
    assert create_bot(settings).tables.games.front == DISCORD


def test_local_play_restores_and_times_only_local_tables(database_url, tmp_path):
    """The main command without a token, on a database holding both kinds, every
    turn overdue: the local game is listed and timed out, the Discord one untouched."""
    async def prepare() -> tuple[int, int, dict[int, tuple[int, str]]]:
        local_id, discord_id = await two_tables(database_url)
        db = Database(database_url)
        await db.open()
        try:
            async with db.transaction() as conn:
                await conn.execute("UPDATE games SET turn_started_at = 1")
            return local_id, discord_id, await versions(db)
        finally:
            await db.close()

    async def now_versions() -> dict[int, tuple[int, str]]:
        db = Database(database_url)
        await db.open()
        try:
            return await versions(db)
        finally:
            await db.close()

    local_id, discord_id, before = asyncio.run(prepare())
    port = free_port()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "WEB_PORT": str(port),
           "DATABASE_URL": database_url, "RENDER_PROCESSES": "0", "AI_PROCESSES": "0", "LOG_LEVEL": "WARNING"}
    process = subprocess.Popen([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert first_line(process).startswith("Tabletop local play:")
        base = f"http://127.0.0.1:{port}"
        made = urllib.request.urlopen(urllib.request.Request(
            base + "/api/local/session", data=b"{}", headers={"Content-Type": "application/json"}), timeout=10)
        cookie = made.headers["Set-Cookie"].split(";")[0]
        listed = urllib.request.urlopen(urllib.request.Request(base + "/api/local/live", headers={"Cookie": cookie}),
                                        timeout=10)
        assert [t["table_id"] for t in json.loads(listed.read())["tables"]] == [local_id]
        for _ in range(200):
            if asyncio.run(now_versions())[local_id] != before[local_id]:
                break
            time.sleep(0.05)
        after = asyncio.run(now_versions())
        assert after[local_id] != before[local_id]  # local play timed its own game out
        assert after[discord_id] == before[discord_id]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            _, errors = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            _, errors = process.communicate()
    assert "Traceback" not in errors, errors
