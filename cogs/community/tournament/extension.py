"""The extension ``cogs.community.tournament.extension``: registers the package's cogs and
restart-proof controls. A leaf module, not the package: discord.py drops an
extension's submodules from ``sys.modules`` when the bot closes."""
from __future__ import annotations

from typing import cast

from discord.ext import commands

from cogs.community.tournament.cog import TournamentCog
from cogs.community.tournament.notifier import DiscordTournamentNotifier
from cogs.community.tournament.views import DYNAMIC_ITEMS
from cogs.host import Host
from tables.tournaments.service import TournamentService


async def setup(bot: commands.Bot) -> None:
    """/tournament over the bot's table service, and its sign-up buttons."""
    host = cast(Host, bot)  # the running bot is a Host (cogs/host.py)
    await bot.add_cog(TournamentCog(bot, TournamentService(host.tables, DiscordTournamentNotifier(host))))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
