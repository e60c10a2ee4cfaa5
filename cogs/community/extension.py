"""The extension ``cogs.community.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.community.profile import ProfileCog
from cogs.community.seasons import SeasonCog


async def setup(bot: commands.Bot) -> None:
    """/profile and /season."""
    await bot.add_cog(ProfileCog(bot))
    await bot.add_cog(SeasonCog(bot))
