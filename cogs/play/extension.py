"""The extension ``cogs.play.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.play.builder import items as builder_items
from cogs.play.history import HistoryCog


async def setup(bot: commands.Bot) -> None:
    """/history and the click builder's restart-proof controls."""
    await bot.add_cog(HistoryCog(bot))
    bot.add_dynamic_items(*builder_items.DYNAMIC_ITEMS)
