"""Tabletop: build the bot (``create_bot``), read settings, run it."""
from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import logging
import re
import signal
import sys
from typing import Annotated, Iterable

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from db.database import Database, check_database_url
from db.postgres import ConnectFailure
from tables.registry import GameRegistry, default_registry
from tables.service import TableService

log = logging.getLogger("tabletop")

CORE_EXTENSIONS = ("cogs.core",)
SYNC_HASH_KEY = "command_tree_hash"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# The bot uses no voice: discord.py's "PyNaCl/davey is not installed" warnings
# at every start would only alarm operators.
for _flag in ("warn_nacl", "warn_dave"):
    if hasattr(discord.VoiceClient, _flag):
        setattr(discord.VoiceClient, _flag, False)


class Settings(BaseSettings):
    """Every setting is documented in .env.example."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_pool_min: int = Field(default=2, ge=1)  # PostgreSQL only
    database_pool_max: int = Field(default=10, ge=1)
    sweep_interval_seconds: float = Field(default=10.0, ge=0)  # PostgreSQL only; 0 turns the sweeper off
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None  # "0,1,2"; default: every shard
    render_processes: int | None = Field(default=None, ge=0)  # default: the machine's cores; 0: a thread
    ai_processes: int | None = Field(default=None, ge=0)  # default: 1 (tables/thinking.py); 0: a thread

    @field_validator("shard_count", "render_processes", "ai_processes", mode="before")
    @classmethod
    def _blank_count_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        return value

    @model_validator(mode="after")
    def _shards_in_range(self) -> "Settings":
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not all(0 <= shard < self.shard_count for shard in self.shard_ids):
                raise ValueError(f"SHARD_IDS must lie in 0..{self.shard_count - 1}")
        return self

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """(SHARD_COUNT, the shards this process runs), or None unsharded."""
        if self.shard_count is None:
            return None
        return self.shard_count, tuple(sorted(set(self.shard_ids or range(self.shard_count))))

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _guild_id(cls, value: object) -> object:
        if value in ("", None):
            return None
        if isinstance(value, str) and not value.strip().isdigit():
            raise ValueError("must be a server id, a number (Developer Mode → right-click the server → "
                             "Copy Server ID), or empty")
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value.strip().upper() not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return value.strip().upper()

    @field_validator("database_url")
    @classmethod
    def _valid_url(cls, value: str) -> str:
        return check_database_url(value)


def settings_problems(error: ValidationError) -> list[str]:
    """One line per bad setting, named as in .env.example (never a token)."""
    lines = []
    for item in error.errors():
        name = str(item["loc"][0]).upper() if item["loc"] else "settings"
        message = str(item.get("ctx", {}).get("error") or item["msg"]).removeprefix("Value error, ")
        given = re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", str(item.get("input")))  # no URL password
        shown = "" if "TOKEN" in name else f" (got {given[:60]!r})"
        lines.append(f"{name}{shown}: {message}")
    return lines


def extensions_for(registry: GameRegistry) -> tuple[str, ...]:
    """The cogs to load: the core commands, then each registered game's."""
    return CORE_EXTENSIONS + tuple(d.discord.cog for d in registry if d.discord is not None)


class TabletopTree(app_commands.CommandTree):
    """Unexpected errors: logged with the game context, answered privately."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        from cogs.common import reply_key

        log.error("command %s failed (guild=%s channel=%s user=%s)",
                  interaction.command.qualified_name if interaction.command else "?",
                  interaction.guild_id, interaction.channel_id, interaction.user.id, exc_info=error)
        try:
            await reply_key(interaction, "core.err.internal")
        except discord.HTTPException:
            pass


class TabletopBot(commands.Bot):
    def __init__(self, settings: Settings, registry: GameRegistry | None = None,
                 extensions: Iterable[str] | None = None) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        sharding = {}
        if settings.shards is not None:
            sharding = {"shard_count": settings.shards[0], "shard_ids": list(settings.shards[1])}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=TabletopTree, **sharding,
                         # No message pings anyone unless it says so: names users chose are never mentions.
                         allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.registry = registry or default_registry()
        self.extensions_to_load = tuple(extensions) if extensions is not None else extensions_for(self.registry)
        self.db = Database(settings.database_url, pool_min=settings.database_pool_min,
                           pool_max=settings.database_pool_max)
        from cogs.notifier import DiscordNotifier
        from tables.drawing import DrawingPool
        from tables.thinking import ThinkingPool

        self.drawing = DrawingPool(settings.render_processes)  # started in setup_hook, stopped in close
        self.notifier = DiscordNotifier(self)
        # The AI's pool: started in setup_hook, stopped by tables.shutdown().
        self.tables = TableService(self.db, self.registry, self.notifier,
                                   thinking=ThinkingPool(settings.ai_processes))
        from tables.sweeper import Sweeper

        self.sweeper = Sweeper(self.tables, interval=settings.sweep_interval_seconds)
        self.tables.games.shards = settings.shards  # restore only the games of this process's guilds

    @property
    def runs_shard_zero(self) -> bool:
        """Commands are synced by one process: the one running shard 0."""
        return self.settings.shards is None or 0 in self.settings.shards[1]

    async def setup_hook(self) -> None:
        from cogs.translator import CatalogueTranslator
        from cogs.views import DYNAMIC_ITEMS

        await self.db.open()
        self.tables.thinking.start(registry=self.registry)  # first: its forkserver preload covers the drawing pool's too
        self.drawing.start(registry=self.registry)
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extensions_to_load:
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        restored = await restore_without_collections(self.tables)
        log.info("restored %d live tables", restored)
        freeze_startup_objects()
        if self.db.dialect == "postgresql":
            self.sweeper.start()
        if self.runs_shard_zero:
            await self.sync_commands_if_changed()

    async def sync_commands_if_changed(self) -> bool:
        """Sync only when the command tree changed since the last sync, so
        restarts don't spend Discord's daily sync allowance."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = []
        for command in self.tree.get_commands(guild=guild):
            payload.append(await command.get_translated_payload(self.tree, translator) if translator
                           else command.to_dict(self.tree))
        digest = hashlib.sha256(
            json.dumps({"guild": self.settings.dev_guild_id, "commands": payload}, sort_keys=True,
                       default=str).encode()
        ).hexdigest()
        if await self.tables.settings.meta(SYNC_HASH_KEY) == digest:
            log.info("command tree unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.tables.settings.set_meta(SYNC_HASH_KEY, digest)
        log.info("synced %d commands %s", len(payload), f"to guild {guild.id}" if guild else "globally")
        return True

    async def close(self) -> None:
        """Stop taking actions, let writes in flight finish, close the database."""
        await self.tables.shutdown()  # the boards still queued are drawn and sent first
        await self.drawing.shutdown()
        if self.sweeper.task is not None:
            await self.sweeper.stop()
        await super().close()
        await self.db.close()


async def restore_without_collections(tables: TableService) -> int:
    """``tables.restore()`` with the cyclic garbage collector off. Restoring
    allocates most of what the process will hold, and each full collection
    walks all of it: with 10,000 live games 12 of them took 9.5 of 23.5 s
    (docs/performance.md). Reference counting still frees as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return await tables.restore()
    finally:
        if was_enabled:
            gc.enable()


_frozen = False


def freeze_startup_objects() -> None:
    """Once per process, after the restore: what start-up loaded (modules,
    fonts, every restored game) moves out of the collector's reach, so no
    full collection walks it again — with 10,000 games in memory one such
    pass paused the loop for 1.7 s in whatever action set it off. Objects
    frozen are still freed when unreferenced (a finished game's state)."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The bot running exactly ``SHARD_IDS`` of ``SHARD_COUNT`` shards; the
    processes of one bot pace their IDENTIFYs through the database."""

    _max_concurrency: int | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        from db.leases import IdentifyLeases

        if self._max_concurrency is None:
            self._max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
        await IdentifyLeases(self.db, self.sweeper.id).acquire((shard_id or 0) % self._max_concurrency)


def create_bot(settings: Settings | None = None, *, registry: GameRegistry | None = None,
               extensions: Iterable[str] | None = None) -> TabletopBot:
    """Build the bot without connecting to Discord. ``setup_hook`` loads the
    cogs, opens the database and restores live games. With ``SHARD_COUNT`` it
    is an ``AutoShardedBot`` running ``SHARD_IDS`` (default: all of them)."""
    settings = settings or Settings()
    cls = ShardedTabletopBot if settings.shards is not None else TabletopBot
    return cls(settings, registry=registry, extensions=extensions)


class _RedactTokens(logging.Filter):
    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret and self.secret in record.getMessage():
            record.msg = record.getMessage().replace(self.secret, "[token]")
            record.args = ()
        return True


# Loggers that print statement parameters or request/response bodies at
# DEBUG: game snapshots (every hand, the bag) and private replies would reach
# the log. They stay at INFO whatever LOG_LEVEL says.
PARAMETER_LOGGERS = ("aiosqlite", "asyncpg", "discord.http", "discord.webhook", "discord.webhook.async_",
                     "discord.gateway", "discord.client", "discord.state")


def configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_RedactTokens(settings.discord_token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = logging.getLevelName(settings.log_level.upper())
    root.setLevel(level)
    for name in PARAMETER_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))


class StartFailure(Exception):
    """A start that cannot go on; the message names the cause and the setting."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


async def open_database(bot: TabletopBot) -> None:
    """Open (and migrate) the database before anything talks to Discord."""
    try:
        await bot.db.open()
    except ConnectFailure as failure:
        raise StartFailure(f"cannot open the PostgreSQL database named by DATABASE_URL: {failure}",
                           status=2) from None
    except Exception as error:  # any driver, any cause: one line naming the setting
        where = getattr(bot.db, "path", None)
        place = f" at {where}" if where else ""
        raise StartFailure(f"cannot open the database{place} named by DATABASE_URL: "
                           f"{type(error).__name__}: {error}", status=2) from None


async def _login(bot: TabletopBot, token: str) -> None:
    try:
        await bot.login(token)
    except discord.LoginFailure:
        raise StartFailure("Discord refused the token in DISCORD_TOKEN: copy it again from the Developer "
                           "Portal (Bot → Reset Token).") from None
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        raise StartFailure(f"cannot reach Discord ({type(error).__name__}: {error or 'timed out'}); "
                           "check the network, DNS or proxy of this machine.") from None
    except discord.HTTPException as error:
        raise StartFailure(f"Discord answered HTTP {error.status} at login; try again later.") from None


async def _run(bot: TabletopBot, token: str) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        await open_database(bot)

        async def login_and_connect() -> None:
            await _login(bot, token)
            # After a good login discord.py reconnects by itself, with backoff.
            await bot.connect(reconnect=True)

        runner = asyncio.create_task(login_and_connect())
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("signal received: shutting down")
            await bot.close()
        else:
            stopper.cancel()
        try:
            await runner  # re-raises a failure to start
        except asyncio.CancelledError:
            pass
        except discord.PrivilegedIntentsRequired:
            raise StartFailure("Discord refused the gateway intents; the bot needs none of the privileged "
                               "ones, so check the application's settings.") from None
        except discord.ConnectionClosed as error:
            if error.code == 4004:
                raise StartFailure("Discord refused the token in DISCORD_TOKEN.") from None
            raise


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        raise StartFailure("\n".join(settings_problems(error) + ["Fix it in the environment or in .env "
                                                                  "(see .env.example)."]), status=2) from None


async def _check(bot: TabletopBot) -> None:
    await open_database(bot)
    await bot.db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description="Run the Tabletop Discord bot.")
    parser.add_argument("--check", action="store_true",
                        help="validate the settings and open the database, then exit without connecting "
                             "to Discord (status 0 when the bot could start)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
        if not settings.discord_token:
            raise StartFailure("DISCORD_TOKEN is not set: put it in the environment or in .env "
                               "(see .env.example).", status=2)
        configure_logging(settings)
        bot = create_bot(settings)
        if args.check:
            asyncio.run(_check(bot))
            print(f"ok: settings valid, database open at {getattr(bot.db, 'path', 'DATABASE_URL')}")
            return 0
        asyncio.run(_run(bot, settings.discord_token))
    except StartFailure as failure:
        print(f"tabletop: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
