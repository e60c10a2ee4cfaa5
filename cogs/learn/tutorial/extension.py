"""The extension ``cogs.learn.tutorial.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.learn.tutorial.cog import DYNAMIC_ITEMS, LearnCog


async def setup(bot: commands.Bot) -> None:
    """/learn and its restart-proof controls."""
    await bot.add_cog(LearnCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
