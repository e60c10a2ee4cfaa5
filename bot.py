"""Tabletop: the bot (``create_bot``) and the cogs it loads; ``main`` runs it
(settings, logging, start-up and the command line live in ``app``)."""
from __future__ import annotations

import gc
import hashlib
import json
import logging
import sys
from typing import TYPE_CHECKING, Any, Iterable

import discord
from discord import app_commands
from discord.ext import commands

from app import cli
from app.command_payload import command_payload
from app.gc_tuning import tune_collector
from app.settings import Settings
from cogs.common import reply_key
from cogs.games.parts import check_parts
from db.database import Database
from db.fronts import DISCORD
from tables.registry import GameRegistry, default_registry
from tables.service import TableService

if TYPE_CHECKING:
    from web.server import WebServer

log = logging.getLogger("tabletop")

# The game-agnostic features, each a package that registers its own cogs and
# controls; a test bot loads these and the games it plays.
SHARED_EXTENSIONS = ("cogs.core", "cogs.account.extension", "cogs.lobby.extension", "cogs.play.extension",
                     "cogs.learn.extension", "cogs.community.extension")
# With the tutorial and tournaments, each its own extension (a test bot loads them when it needs them).
CORE_EXTENSIONS = (*SHARED_EXTENSIONS, "cogs.learn.tutorial.extension", "cogs.community.tournament.extension")
SYNC_HASH_KEY = "command_tree_hash"
ENTRY_POINT_COMMAND = 4  # PRIMARY_ENTRY_POINT: launches the application's Activity

# The bot uses no voice: discord.py's "PyNaCl/davey is not installed" warnings
# at every start would only alarm operators.
for _flag in ("warn_nacl", "warn_dave"):
    if hasattr(discord.VoiceClient, _flag):
        setattr(discord.VoiceClient, _flag, False)


def extensions_for(registry: GameRegistry) -> tuple[str, ...]:
    """The cogs to load: the core commands, then each registered game's."""
    return CORE_EXTENSIONS + tuple(d.discord.cog for d in registry if d.discord is not None)


class TabletopTree(app_commands.CommandTree):
    """Unexpected errors: logged with the game context, answered privately."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
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
        from app.metrics_server import metrics_server
        from app.rest_metrics import discord_trace

        # METRICS_PORT: count from now on (tables/metrics.py); served from setup_hook, stopped in close.
        self.metrics_server = metrics_server(settings)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=TabletopTree, **sharding,
                         http_trace=discord_trace() if self.metrics_server is not None else None,
                         # No message pings anyone unless it says so: names users chose are never mentions.
                         allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.registry = registry or default_registry()
        self.extensions_to_load = tuple(extensions) if extensions is not None else extensions_for(self.registry)
        self.db = Database(settings.database_url, pool_min=settings.database_pool_min,
                           pool_max=settings.database_pool_max)
        from app.rest_fleet import process_budget
        from cogs.notifier import DiscordNotifier
        from tables.drawing import DrawingPool
        from tables.thinking import ThinkingPool

        # Installed on the HTTP client in setup_hook (SimCord swaps the client before that).
        self.rest_budget = process_budget(
            settings.discord_token, settings.rest_global_per_second, settings.rest_channel_requests,
            settings.rest_channel_seconds, settings.rest_redis_url, settings.rest_processes,
        ) if settings.rest_budget else None
        self.drawing = DrawingPool(settings.render_processes)  # started in setup_hook, stopped in close
        self.notifier = DiscordNotifier(self, activity=settings.activity, interaction_routes=settings.interaction_routes)
        # The AI's pool: started in setup_hook, stopped by tables.shutdown().
        self.tables = TableService(self.db, self.registry, self.notifier,
                                   thinking=ThinkingPool(settings.ai_processes))
        from tables.sweeper import Sweeper

        self.sweeper = Sweeper(self.tables, interval=settings.sweep_interval_seconds)
        from tables.bus import TableBus

        # PostgreSQL: changes other processes (the web process) make to this bot's games.
        self.bus = TableBus(self.tables, holds_every_table=False)
        self.tables.games.shards = settings.shards  # restore only the games of this process's guilds
        self.tables.games.front = DISCORD  # and only Discord's: local-play tables wait for local play
        self.web_server = web_front(self, settings) if settings.web_port is not None else None

    @property
    def runs_shard_zero(self) -> bool:
        """Commands are synced by one process: the one running shard 0."""
        return self.settings.shards is None or 0 in self.settings.shards[1]

    async def setup_hook(self) -> None:
        from app.translator import CatalogueTranslator

        if self.metrics_server is not None:  # first: a port already taken stops the start at once
            await self.metrics_server.start()
        if self.rest_budget is not None:
            from app.rest_budget import install

            install(self.http, self.rest_budget)
        await self.db.open()
        self.tables.thinking.start(registry=self.registry)  # first: its forkserver preload covers the drawing pool's too
        self.drawing.start(registry=self.registry)
        await self.tree.set_translator(CatalogueTranslator())
        check_parts(self.registry)  # every game's builder and board buttons, before a player needs them
        for name in self.extensions_to_load:
            await self.load_extension(name)
        listening = await self.bus.listen()  # before restoring, taken after: none missed
        restored = await restore_without_collections(self.tables)
        log.info("restored %d live tables", restored)
        tune_collector(self.settings.gc_tuning)  # everything is loaded: freeze it, fewer young collections
        if listening:
            self.bus.take_changes()
        if self.db.dialect == "postgresql":
            self.sweeper.start()
        if self.runs_shard_zero:
            await self.sync_commands_if_changed()
        if self.web_server is not None:
            await self.web_server.start()
            log.info("web board at %s", self.web_server.url)

    async def sync_commands_if_changed(self) -> bool:
        """Sync only when the command tree changed since the last sync, so
        restarts don't spend Discord's daily sync allowance."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await command_payload(self.tree, guild)
        digest = hashlib.sha256(
            json.dumps({"guild": self.settings.dev_guild_id, "commands": payload}, sort_keys=True,
                       default=str).encode()
        ).hexdigest()
        if await self.tables.settings.meta(SYNC_HASH_KEY) == digest:
            log.info("command tree unchanged; not syncing")
            return False
        entry_points = await self.activity_entry_points() if guild is None else []
        if entry_points:  # Discord refuses a bulk overwrite that would drop them
            await self.http.bulk_upsert_global_commands(self.application_id, payload=payload + entry_points)
        else:
            await self.upload_commands(payload, guild)
        await self.tables.settings.set_meta(SYNC_HASH_KEY, digest)
        log.info("synced %d commands %s", len(payload), f"to guild {guild.id}" if guild else "globally")
        return True

    async def upload_commands(self, payload: list[dict[str, Any]], guild: discord.Object | None) -> None:
        """``tree.sync(guild=guild)`` with the payload already built for the digest."""
        if self.application_id is None:
            raise app_commands.MissingApplicationID
        try:
            if guild is None:
                await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
            else:
                await self.http.bulk_upsert_guild_commands(self.application_id, guild.id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, self.tree.get_commands(guild=guild)) from None
            raise

    async def activity_entry_points(self) -> list[dict[str, Any]]:
        """With ACTIVITY=true: the application's Entry Point commands (type 4,
        the "Launch" Discord adds when Activities are enabled), which a global
        sync must carry along unchanged; none without."""
        if not self.settings.activity or self.application_id is None:
            return []
        existing = await self.http.get_global_commands(self.application_id)
        kept = ("name", "type", "description", "handler", "name_localizations", "description_localizations",
                "contexts", "integration_types", "default_member_permissions")
        return [{key: command[key] for key in kept if key in command}
                for command in existing if command.get("type") == ENTRY_POINT_COMMAND]

    async def close(self) -> None:
        """Stop taking actions, let writes in flight finish, close the database."""
        if self.web_server is not None:
            await self.web_server.stop()
        await self.bus.stop()
        await self.tables.shutdown()  # the boards still queued are drawn and sent first
        await self.drawing.shutdown()
        if self.sweeper.task is not None:
            await self.sweeper.stop()
        await super().close()
        await self.db.close()
        if self.rest_budget is not None:
            await self.rest_budget.close()
        if self.metrics_server is not None:
            await self.metrics_server.stop()


def web_front(bot: TabletopBot, settings: Settings) -> "WebServer":
    """The web board beside the bot (WEB_PORT): the table service tells
    the web's pages and Discord of every change (docs/web.md)."""
    from app.guild_viewers import GuildViewers
    from tables.composite_notifier import CompositeNotifier
    from web.app import create_app
    from web.discord_oauth import oauth_client
    from web.notifier import WebNotifier
    from web.server import WebServer

    pages = WebNotifier()
    bot.tables.notifier = CompositeNotifier([pages, bot.notifier])  # bot.notifier stays the Discord one
    app = create_app(bot.tables, pages, local=False, secret=settings.web_secret or None, drawing=bot.drawing,
                     oauth=oauth_client(settings.discord_client_id, settings.discord_client_secret),
                     viewers=GuildViewers(bot))
    return WebServer(app, settings.web_host, settings.web_port or 0)


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


def main(argv: list[str] | None = None) -> int:
    """The ``tabletop`` command, as ``python bot.py``."""
    return cli.main(argv, build=create_bot)


if __name__ == "__main__":
    sys.exit(main())
