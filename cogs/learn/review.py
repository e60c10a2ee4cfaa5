"""Post-game review for players: the Review button under a finished game's
results (``tt:review:<game id>``, restart-proof) and ``/review game_id:``.
Each answers privately: the three moves of the caller the AI judged
furthest below its best, with pictures, in the caller's language. The
judging runs in the thinking pool and is stored (``tables.reviewing``)."""
from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, png_file, refusals, reply, user_locale
from i18n import t
from tables.review_show import shown_items
from tables.text import game_name


async def send_review(interaction: discord.Interaction, game_id: int) -> None:
    """The caller's review of ``game_id``, privately (refusals included)."""
    async with refusals(interaction):
        bot = bot_of(interaction)
        await bot.tables.reviews.check(game_id, interaction.user.id)  # refuse at once, before deferring
        locale = await user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ready = await bot.tables.reviews.for_user(game_id, interaction.user.id)
        definition = bot.registry.get(ready.record.game_type)
        items = await asyncio.to_thread(shown_items, definition, ready.record, ready.actions, ready.seat,
                                        ready.data, locale)
        game = game_name(ready.record.game_type, locale)
        if not items:
            await reply(interaction, t("review.none", locale, game=game, id=game_id))
            return
        await reply(interaction, t("review.title", locale, game=game, id=game_id, count=len(items)))
        for item in items:
            await reply(interaction, item.text,
                        file=png_file(item.picture, f"review-{game_id}-{item.seq}.png", item.alt))


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:review:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "Review") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="🔍", style=discord.ButtonStyle.secondary, custom_id=f"tt:review:{table_id}",
        ))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "ReviewButton":
        return cls(int(match["table"]), item.label or "Review")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await send_review(interaction, self.table_id)


class ReviewCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="review", description=_("Your three moves the AI judged furthest below its best, "
                                                       "in a finished game", key="review.cmd"))
    @app_commands.describe(game_id=_("The game's number (#)", key="cmd.opt.game_id"))
    async def review(self, interaction: discord.Interaction, game_id: int) -> None:
        await send_review(interaction, game_id)
