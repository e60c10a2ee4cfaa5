"""The Rematch button under a game's results: a new lobby in the same
channel with the same options, the clicker as host; beside it, Review
(``cogs.learn.review``)."""
from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common import bot_of, display_name, guild_locale, reply_error
from cogs.learn.review import ReviewButton
from cogs.lobby.options import lobby_option_items
from cogs.views import lobby_view
from i18n import t
from tables.errors import Refusal


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:rematch:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "Rematch") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="🔁", style=discord.ButtonStyle.primary, custom_id=f"tt:rematch:{table_id}",
        ))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "RematchButton":
        return cls(int(match["table"]), item.label or "Rematch")

    async def callback(self, interaction: discord.Interaction) -> Any:
        bot = bot_of(interaction)
        try:
            table, old = await bot.tables.rematch(self.table_id, interaction.user.id, display_name(interaction.user))
        except Refusal as error:
            await reply_error(interaction, error)
            return
        locale = await guild_locale(bot, interaction.guild)
        await interaction.response.defer()
        # A new message: the deferred interaction's own message is the results.
        message = await interaction.followup.send(embed=bot.notifier.lobby_embed(table, locale),
                                                  view=lobby_view(table.id, locale=locale,
                                                                  extra=lobby_option_items(table, locale)),
                                                  wait=True)
        await bot.tables.set_message_ids(table, lobby=message.id)
        if interaction.channel is not None:
            await bot.notifier.rematch_opened(interaction.channel, table, old, locale)


def rematch_view(table_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table_id, t("core.rematch.button", locale)))
    view.add_item(ReviewButton(table_id, t("review.button", locale)))
    return view
