"""/highcard new and /highcard play, built on the shared GameCog."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import refusals
from cogs.games.base import GameCog
from tests.support.highcard import Play


class HighcardCog(GameCog, name="highcard"):
    game_type = "highcard"
    group = app_commands.Group(name="highcard", description="The test game")

    @group.command(name="new", description="Open a lobby")
    async def new(self, interaction: discord.Interaction, teams: bool = False) -> None:
        async with refusals(interaction):
            await self.open_lobby(interaction, {"teams": teams})

    @group.command(name="play", description="Play a card")
    async def play(self, interaction: discord.Interaction, card: int) -> None:
        async with refusals(interaction):
            await self.submit(interaction, Play(card=card))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HighcardCog(bot))
