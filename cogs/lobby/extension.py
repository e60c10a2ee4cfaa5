"""The extension ``cogs.lobby.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.lobby import options, sides
from cogs.lobby.rematch import RematchButton


async def setup(bot: commands.Bot) -> None:
    """The restart-proof lobby controls: options, sides and Rematch."""
    bot.add_dynamic_items(*options.DYNAMIC_ITEMS, *sides.DYNAMIC_ITEMS, RematchButton)
