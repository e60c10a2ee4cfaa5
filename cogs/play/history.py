"""/history (the move log, paged), /replay (an animation of the board) and
/games (what runs on this server)."""
from __future__ import annotations

import asyncio
import datetime as dt
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, guild_locale, refusals, reply, user_locale
from i18n import t
from render.lru import LruCache
from tables import replay
from tables.errors import TableError
from tables.records import GameRecord, was_pruned
from tables.text import game_name, safe_name

PAGE_LINES = 12
CACHED_REPLAYS = 16


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


def pages(lines: list[str], size: int = PAGE_LINES) -> list[list[str]]:
    return [lines[i:i + size] for i in range(0, len(lines), size)] or [[]]


class HistoryPages(discord.ui.View):
    """Previous / Next over a private move log; opens on the newest page."""

    def __init__(self, title: dict, lines: list[str], locale: str, user_id: int) -> None:
        super().__init__(timeout=900)
        self.title = title
        self.lines = lines
        self.pages = pages(lines)
        self.page = len(self.pages) - 1
        self.locale = locale
        self.user_id = user_id
        self.previous = discord.ui.Button(label=t("core.history.previous", locale), emoji="◀️",
                                          style=discord.ButtonStyle.secondary)
        self.next = discord.ui.Button(label=t("core.history.next", locale), emoji="▶️",
                                      style=discord.ButtonStyle.secondary)
        self.previous.callback = self._go(-1)  # type: ignore[method-assign]
        self.next.callback = self._go(+1)  # type: ignore[method-assign]
        self.add_item(self.previous)
        self.add_item(self.next)
        self._sync()

    def _sync(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= len(self.pages) - 1

    def content(self) -> str:
        shown = self.pages[self.page]
        first = self.page * PAGE_LINES + 1
        header = t("core.history.title", self.locale, first=first, last=first + len(shown) - 1,
                   total=len(self.lines), **self.title)
        footer = t("core.history.page", self.locale, page=self.page + 1, pages=len(self.pages))
        return "\n".join([f"**{header}**", *shown, f"-# {footer}"])

    def _go(self, delta: int):
        async def callback(interaction: discord.Interaction) -> None:
            self.page = max(0, min(len(self.pages) - 1, self.page + delta))
            self._sync()
            await interaction.response.edit_message(content=self.content(), view=self)
        return callback


class HistoryCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.replays: LruCache[tuple[int, str], replay.Replay] = LruCache(CACHED_REPLAYS)  # finished games, per language

    async def _game(self, interaction: discord.Interaction, game_id: int | None) -> GameRecord:
        """The channel's game (the one being played, else the last one
        finished here), or a finished game of this server."""
        service = bot_of(interaction).tables
        if game_id is None:
            table = service.in_channel(interaction.channel_id)
            if table is not None and table.record.status == "playing":
                return table.record
            record = await service.queries.last_finished_in_channel(interaction.channel_id)
            if record is None:
                raise TableError("core.err.not_playing" if table else "core.err.no_game")
            return record
        live = service.get(game_id)
        if live is not None and live.record.guild_id == interaction.guild_id and live.record.status == "playing":
            return live.record
        record = await service.queries.finished_in_guild(interaction.guild_id, game_id)
        if record is None:
            raise TableError("core.history.not_found", id=game_id)
        return record

    @staticmethod
    async def _actions(interaction: discord.Interaction, record: GameRecord) -> list[tuple[int, int, dict]]:
        rows = await bot_of(interaction).tables.queries.actions(record.id)
        return [(seq, seat, action) for seq, seat, action, _ in rows]

    @app_commands.command(name="history", description=_desc("cmd.history", "The move log of this channel's game (or of a finished game)"))
    @app_commands.describe(game_id=_desc("cmd.opt.game_id", "The game's number (#)"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async with refusals(interaction):
            record = await self._game(interaction, game_id)
            locale = await user_locale(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            spec = bot_of(interaction).registry.get(record.game_type)
            actions = await self._actions(interaction, record)
            lines = await asyncio.to_thread(replay.history_lines, spec, record, actions, locale)
            title = {"game": game_name(record.game_type, locale), "id": record.id}
            if not lines:
                key = "privacy.pruned" if was_pruned(record, len(actions)) else "core.history.empty"
                await reply(interaction, t(key, locale, **title))
                return
            view = HistoryPages(title, lines, locale, interaction.user.id)
            await reply(interaction, view.content(), view=view)

    @app_commands.command(name="replay", description=_desc("cmd.replay", "An animation of a game, move by move"))
    @app_commands.describe(game_id=_desc("cmd.opt.game_id", "The game's number (#)"))
    @app_commands.guild_only()
    async def replay_(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        async with refusals(interaction):
            record = await self._game(interaction, game_id)
            locale = await user_locale(interaction)
            # The animation is posted for the channel: drawn and captioned in the server's language.
            public = await guild_locale(bot_of(interaction), interaction.guild)
            await interaction.response.defer(thinking=True)  # building may take a few seconds
            finished = record.status == "finished"
            key = (record.id, public)
            built = self.replays.lookup(key) if finished else None
            if built is None:
                actions = await self._actions(interaction, record)
                if not actions:
                    key = "privacy.pruned" if was_pruned(record, len(actions)) else "core.replay.none"
                    await reply(interaction, t(key, locale, id=record.id, game=game_name(record.game_type, locale)))
                    return
                spec = bot_of(interaction).registry.get(record.game_type)
                try:
                    built = await asyncio.to_thread(replay.build, spec, record, actions, locale=public)
                except replay.ReplayTooLarge:
                    await reply(interaction, t("core.replay.too_big", locale, id=record.id))
                    return
                if finished:
                    self.replays.put(key, built)
            caption = t("core.replay.caption", public, game=game_name(record.game_type, public), id=record.id,
                        frames=built.frames, moves=built.moves,
                        live="" if finished else t("core.replay.live", public))
            await reply(interaction, caption, ephemeral=False,
                        file=discord.File(io.BytesIO(built.data), filename=f"replay-{record.id}.gif"))

    @app_commands.command(name="games", description=_desc("cmd.games", "Lobbies and games running on this server"))
    @app_commands.describe(public=_desc("cmd.opt.public", "Show the answer to everyone in the channel"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction, public: bool = False) -> None:
        async with refusals(interaction):
            locale = await user_locale(interaction)
            service = bot_of(interaction).tables
            lines = []
            for table in sorted(service.tables.values(), key=lambda tb: tb.id):
                record = table.record
                if record.guild_id != interaction.guild_id:
                    continue
                players = ", ".join(("🤖 " if s.ai_reason == "added" else "") + safe_name(s.name) for s in record.seats)
                game = game_name(record.game_type, locale)
                if record.status == "lobby":
                    lines.append(t("core.games.lobby", locale, game=game, id=record.id, channel=record.channel_id,
                                   count=len(record.seats), players=players))
                    continue
                turn = ", ".join(safe_name(record.seats[s].name) for s in table.to_act()) or t("core.games.nobody", locale)
                last = dt.datetime.fromtimestamp(record.updated_at, tz=dt.timezone.utc)
                lines.append(t("core.games.playing", locale, game=game, id=record.id, channel=record.channel_id,
                               players=players, turn=turn, ago=discord.utils.format_dt(last, "R")))
            if not lines:
                await reply(interaction, t("core.games.empty", locale), ephemeral=not public)
                return
            text = f"**{t('core.games.title', locale)}**\n" + "\n".join(lines)
            await reply(interaction, text[:1990], ephemeral=not public)
