"""What every game cog needs: open a lobby, submit an action, answer
privately, and turn refusals into localized reasons."""
from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands
from pydantic import BaseModel

from cogs.common import bot_of, display_name, guild_locale, reply, reply_error, reply_key, user_locale
from engines.base import IllegalAction
from i18n import t
from tables.errors import TableError
from tables.service import LiveTable


class GameCog(commands.Cog):
    """Base for /setup, /cubed, /deathfront (and the tests' game).

    Command bodies run inside ``async with refusals(interaction):`` so that a
    refused request becomes a private, localized answer."""

    game_id: str = ""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def open_lobby(self, interaction: discord.Interaction, config: dict[str, Any]) -> LiveTable:
        bot = bot_of(interaction)
        table = await bot.tables.open_lobby(
            self.game_id, interaction.guild_id, interaction.channel_id, interaction.user.id,
            display_name(interaction.user), config,
        )
        locale = await guild_locale(bot, interaction.guild)
        await interaction.response.defer()
        await bot.notifier.post_lobby(interaction, table, locale)
        return table

    async def open_and_start(self, interaction: discord.Interaction, config: dict[str, Any],
                             ai_seats: int = 0) -> LiveTable:
        """A game with no lobby (solo, or against AI seats)."""
        bot = bot_of(interaction)
        table = await bot.tables.open_lobby(
            self.game_id, interaction.guild_id, interaction.channel_id, interaction.user.id,
            display_name(interaction.user), config,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            for _ in range(ai_seats):
                await bot.tables.add_ai(table.id, interaction.user.id)
            await bot.tables.start(table.id, interaction.user.id)
        except (TableError, IllegalAction):
            await bot.tables.cancel(table.id, interaction.user.id)  # no half-made table left behind
            raise
        await reply_key(interaction, "core.game.started_solo", id=table.id)
        return table

    def table(self, interaction: discord.Interaction) -> LiveTable:
        table = bot_of(interaction).tables.require_channel(interaction.channel_id)
        if table.record.game_type != self.game_id:
            raise TableError("core.err.other_game", game=table.record.game_type)
        return table

    def seat(self, interaction: discord.Interaction, table: LiveTable) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("core.err.not_seated")
        return seat

    async def submit(self, interaction: discord.Interaction, action: BaseModel,
                     confirm_key: str = "core.action.done") -> bool:
        """Apply the caller's action; answer privately. True when accepted."""
        table = self.table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await bot_of(interaction).tables.act(table.id, interaction.user.id, action)
        except (TableError, IllegalAction) as error:
            await reply_error(interaction, error)
            return False
        locale = await user_locale(interaction)
        await reply(interaction, "✅ " + t(confirm_key, locale))
        return True
