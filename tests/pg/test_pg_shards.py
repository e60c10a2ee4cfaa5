"""Shards: settings, the sharded bot class, games restored by exactly one
process, commands synced by shard 0 only, IDENTIFY pacing through the
database."""
from __future__ import annotations

import discord
import pytest
from pydantic import ValidationError

from bot import SHARED_EXTENSIONS, Settings, create_bot
from db.database import Database
from db.leases import IdentifyLeases
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer

SHARD_COUNT = 4


def guild_on_shard(shard: int, n: int = 0) -> int:
    """A Discord-sized guild id whose shard is ``shard`` of SHARD_COUNT."""
    return ((1_000_000 + n * SHARD_COUNT + shard) << 22) | 12345


def settings_for(database_url: str, **env) -> Settings:
    return Settings(discord_token="t", database_url=database_url, sweep_interval_seconds=0,
                    _env_file=None, **env)


def test_shard_settings_from_the_environment(monkeypatch, database_url):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "3, 1")
    assert settings_for(database_url).shards == (4, (1, 3))
    monkeypatch.setenv("SHARD_IDS", "")
    assert settings_for(database_url).shards == (4, (0, 1, 2, 3))
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    assert settings_for(database_url).shards is None


@pytest.mark.parametrize("env", [{"shard_ids": "0"}, {"shard_count": 2, "shard_ids": "2"},
                                 {"shard_count": 0}, {"shard_count": 2, "shard_ids": "x"}])
def test_bad_shard_settings_are_refused(env, database_url):
    with pytest.raises(ValidationError):
        settings_for(database_url, **env)


def test_the_sharded_bot_runs_exactly_its_shards(database_url):
    bot = create_bot(settings_for(database_url, shard_count=4, shard_ids="1,3"))
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3]) and not bot.runs_shard_zero
    plain = create_bot(settings_for(database_url))
    assert not isinstance(plain, discord.AutoShardedClient) and plain.runs_shard_zero


@pytest.mark.parametrize("shard_ids, syncs", [("0,2", True), ("1,3", False)])
async def test_only_the_process_with_shard_zero_syncs_commands(database_url, monkeypatch, shard_ids, syncs):
    bot = create_bot(settings_for(database_url, shard_count=4, shard_ids=shard_ids),
                     extensions=[*SHARED_EXTENSIONS])
    synced = []

    async def sync(self=bot):
        synced.append(True)
        return True

    monkeypatch.setattr(bot, "sync_commands_if_changed", sync)
    try:
        await bot.setup_hook()
    finally:
        await bot.tables.shutdown()
        await bot.db.close()
    assert bool(synced) is syncs


async def test_each_game_is_restored_by_exactly_one_process(database_url):
    registry = GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())])
    db = Database(database_url)
    await db.open()
    creator = TableService(db, registry)
    games = {}
    for shard in range(SHARD_COUNT):
        for n in range(2):
            table = await creator.open_lobby("highcard", guild_on_shard(shard, n), 100 + 10 * shard + n,
                                             1, "host", {}, seed=1)
            games[table.id] = shard
    no_guild = await creator.open_lobby("highcard", None, 999, 1, "host", {}, seed=1)
    games[no_guild.id] = 0  # no server: shard 0, like Discord's DMs
    await creator.shutdown()

    restored = {}
    for ids in [(0, 2), (1,), (3,)]:
        service = TableService(db, registry)
        service.games.shards = (SHARD_COUNT, ids)
        await service.restore()
        restored[ids] = set(service.tables)
        await service.shutdown()
    await db.close()
    for ids, held in restored.items():
        assert held == {game for game, shard in games.items() if shard in ids}
    assert sum(len(held) for held in restored.values()) == len(games)


async def test_identify_leases_pace_each_bucket_across_processes(database_url):
    db = Database(database_url)
    await db.open()
    now = [100.0]
    log = []

    async def sleep(seconds):
        now[0] += seconds

    def leases(holder):
        return IdentifyLeases(db, holder, clock=lambda: now[0], sleep=sleep)

    try:
        for holder, bucket in [("a", 0), ("b", 0), ("c", 1), ("a", 0)]:
            await leases(holder).acquire(bucket)
            log.append((holder, bucket, now[0]))
    finally:
        await db.close()
    assert log == [("a", 0, 100.0), ("b", 0, 105.5), ("c", 1, 105.5), ("a", 0, 111.0)]
