"""/toy new and /toy take, built on the shared GameCog."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import refusals
from cogs.games.base import GameCog
from tests.support.toy.engine import Take


class ToyCog(GameCog, name="toy"):
    game_type = "toy"
    group = app_commands.Group(name="toy", description="Take-away, the tests' game")

    @group.command(name="new", description="Open a lobby")
    async def new(self, interaction: discord.Interaction, pile: app_commands.Range[int, 1, 60] = 15) -> None:
        async with refusals(interaction):
            await self.open_lobby(interaction, {"pile": pile})

    @group.command(name="take", description="Play a card: take that many counters")
    async def take(self, interaction: discord.Interaction, card: int) -> None:
        async with refusals(interaction):
            await self.submit(interaction, Take(card=card))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ToyCog(bot))
