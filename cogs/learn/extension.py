"""The extension ``cogs.learn.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from discord.ext import commands

from cogs.learn.hints import HintButton, HintCog, PlayHintButton
from cogs.learn.review import ReviewButton, ReviewCog


async def setup(bot: commands.Bot) -> None:
    """/review and hints, with their restart-proof buttons."""
    await bot.add_cog(ReviewCog(bot))
    await bot.add_cog(HintCog(bot))
    bot.add_dynamic_items(ReviewButton, HintButton, PlayHintButton)
