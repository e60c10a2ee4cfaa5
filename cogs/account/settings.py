"""/settings: the server's turn timeout and language (server managers), and
each player's DMs, turn pings and view mode."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, is_manager, refusals, reply_key
from i18n import LOCALES
from tables.errors import TableError


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


class SettingsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    settings = app_commands.Group(name="settings", description=_desc("cmd.settings", "Bot settings"),
                                  guild_only=True)

    @settings.command(name="turn_timeout", description=_desc("cmd.settings.turn_timeout", "Minutes per turn before the AI plays it (server)"))
    @app_commands.describe(minutes=_desc("cmd.opt.minutes", "Minutes, 1 to 10080"))
    async def turn_timeout(self, interaction: discord.Interaction,
                           minutes: app_commands.Range[int, 1, 10080]) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            await bot_of(interaction).tables.queries.set_guild_settings(interaction.guild_id, turn_timeout_minutes=minutes)
            await reply_key(interaction, "core.settings.turn_timeout_set", minutes=minutes)

    @settings.command(name="language", description=_desc("cmd.settings.language", "The server's language for the bot"))
    @app_commands.describe(language=_desc("cmd.opt.language", "en, zh-CN or zh-TW"))
    @app_commands.choices(language=[
        app_commands.Choice(name="English", value="en"),
        app_commands.Choice(name="简体中文", value="zh-CN"),
        app_commands.Choice(name="繁體中文", value="zh-TW"),
    ])
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            assert language.value in LOCALES
            await bot_of(interaction).tables.queries.set_guild_settings(interaction.guild_id, language=language.value)
            await reply_key(interaction, "core.settings.language_set", language=language.name)

    @settings.command(name="dm_hands", description=_desc("cmd.settings.dm_hands", "Receive your hand by DM"))
    @app_commands.describe(enabled=_desc("cmd.opt.enabled", "on or off"))
    @app_commands.choices(enabled=[
        app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off"),
    ])
    async def dm_hands(self, interaction: discord.Interaction, enabled: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            on = enabled.value == "on"
            service = bot_of(interaction).tables
            await service.queries.set_dm_hands(interaction.user.id, on)
            if on:
                await self._clear_dm_refusals(service, interaction.user.id)
            await reply_key(interaction, "core.settings.dm_on" if on else "core.settings.dm_off")

    @settings.command(name="dm", description=_desc("cmd.settings.dm", "What the bot sends you by DM: your turn, every hand change, or nothing"))
    @app_commands.describe(mode=_desc("cmd.opt.dm_mode", "turn, hand or off"))
    @app_commands.choices(mode=[
        app_commands.Choice(name="turn", value="turn"), app_commands.Choice(name="hand", value="hand"),
        app_commands.Choice(name="off", value="off"),
    ])
    async def dm(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            service = bot_of(interaction).tables
            await service.queries.set_dm_mode(interaction.user.id, mode.value)
            if mode.value != "off":
                await self._clear_dm_refusals(service, interaction.user.id)
            await reply_key(interaction, f"core.dm.set_{mode.value}")

    @settings.command(name="ping", description=_desc("cmd.settings.ping", "How you are told it is your turn: every turn, only when away, or by DM"))
    @app_commands.describe(mode=_desc("cmd.opt.ping_mode", "every turn, only when I have been away, or by DM"))
    @app_commands.choices(mode=[
        app_commands.Choice(name="every turn", value="every"),
        app_commands.Choice(name="only when I have been away", value="away"),
        app_commands.Choice(name="by DM", value="dm"),
    ])
    async def ping(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            service = bot_of(interaction).tables
            await service.queries.set_ping_mode(interaction.user.id, mode.value)
            if mode.value == "dm":
                await self._clear_dm_refusals(service, interaction.user.id)
            await reply_key(interaction, f"core.ping.set_{mode.value}")

    @settings.command(name="view", description=_desc("cmd.settings.view", "See boards and hands as pictures or as text (screen readers)"))
    @app_commands.describe(mode=_desc("cmd.opt.view_mode", "Image or Text"))
    @app_commands.choices(mode=[
        app_commands.Choice(name="Image", value="image"), app_commands.Choice(name="Text", value="text"),
    ])
    async def view(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            await bot_of(interaction).tables.queries.set_view_mode(interaction.user.id, mode.value)
            await reply_key(interaction, f"core.view.set_{mode.value}")

    @staticmethod
    async def _clear_dm_refusals(service, user_id: int) -> None:
        """Asking for DMs again clears an earlier refusal."""
        for table in list(service.tables.values()):
            seat = table.seat_of(user_id)
            if seat is not None and table.seats[seat].dm_failed:
                await service.mark_dm_failed(table, seat, False)
