"""Tabletop: build the bot (``create_bot``), read settings, run it."""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
import sys
from typing import Iterable

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from db.database import Database, database_path_from_url
from tables.registry import GameRegistry, default_registry
from tables.service import TableService

log = logging.getLogger("tabletop")

CORE_EXTENSIONS = ("cogs.core",)
GAME_EXTENSIONS = ("cogs.setup", "cogs.cubed", "cogs.deathfront")
SYNC_HASH_KEY = "command_tree_hash"


class Settings(BaseSettings):
    """Every setting is documented in .env.example."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("database_url")
    @classmethod
    def _valid_url(cls, value: str) -> str:
        database_path_from_url(value)
        return value


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
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=TabletopTree)
        self.settings = settings
        self.registry = registry or default_registry()
        self.extensions_to_load = tuple(extensions) if extensions is not None else CORE_EXTENSIONS + GAME_EXTENSIONS
        self.db = Database(database_path_from_url(settings.database_url))
        from cogs.notifier import DiscordNotifier

        self.notifier = DiscordNotifier(self)
        self.tables = TableService(self.db, self.registry, self.notifier)

    async def setup_hook(self) -> None:
        from cogs.translator import CatalogueTranslator
        from cogs.views import DYNAMIC_ITEMS

        await self.db.open()
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extensions_to_load:
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        restored = await self.tables.restore()
        log.info("restored %d live tables", restored)
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
        await self.tables.shutdown()
        await super().close()
        await self.db.close()


def create_bot(settings: Settings | None = None, *, registry: GameRegistry | None = None,
               extensions: Iterable[str] | None = None) -> TabletopBot:
    """Build the bot without connecting to Discord. ``setup_hook`` loads the
    cogs, opens the database and restores live games."""
    return TabletopBot(settings or Settings(), registry=registry, extensions=extensions)


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


async def _run(bot: TabletopBot, token: str) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("signal received: shutting down")
            await bot.close()
        else:
            stopper.cancel()
        try:
            await runner  # re-raises a login failure
        except asyncio.CancelledError:
            pass


def main() -> int:
    settings = Settings()
    if not settings.discord_token:
        print("DISCORD_TOKEN is not set: put it in the environment or in .env (see .env.example).",
              file=sys.stderr)
        return 2
    configure_logging(settings)
    bot = create_bot(settings)
    try:
        asyncio.run(_run(bot, settings.discord_token))
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
