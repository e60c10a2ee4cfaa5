"""The extension ``cogs.account.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.account.privacy import PrivacyCog
from cogs.account.settings import SettingsCog


async def setup(bot: commands.Bot) -> None:
    """/settings and /privacy."""
    await bot.add_cog(SettingsCog(bot))
    await bot.add_cog(PrivacyCog(bot))
