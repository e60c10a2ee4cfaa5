"""Post-game review for players: the Review button under a finished game's
results (``tt:review:<game id>``, restart-proof) and ``/review game_id:``.
Each answers privately, in one message with a page per move (issue 31): the
three moves of the caller the AI judged furthest below its best, with
pictures, in the caller's language. The judging runs in the thinking pool and is stored (``tables.reviewing``)."""
from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, fit_message, png_file, refusals, reply, user_locale
from cogs.learn import latest
from i18n import t
from tables.review_show import shown_items
from tables.text import game_name


async def send_review(interaction: discord.Interaction, game_id: int) -> None:
    """The caller's review of ``game_id``, privately (refusals included):
    one message, a judged move per page; it replaces their previous review
    of that game."""
    async with refusals(interaction):
        bot = bot_of(interaction)
        await bot.tables.reviews.check(game_id, interaction.user.id)  # refuse at once, before deferring
        locale = await user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        page = await review_page(interaction, game_id, 0, locale)
        if page is None:
            return
        content, file, view = page
        await interaction.edit_original_response(content=content, attachments=[file], view=view)
        await latest.of(bot).replace("review", interaction.user.id, game_id, latest.Answer(interaction))


async def turn_page(interaction: discord.Interaction, game_id: int, number: int) -> None:
    """◀ / ▶ under a review: the same message shows another judged move."""
    async with refusals(interaction):
        bot = bot_of(interaction)
        await bot.tables.reviews.check(game_id, interaction.user.id)
        locale = await user_locale(interaction)
        await interaction.response.defer()
        page = await review_page(interaction, game_id, number, locale)
        if page is not None:
            content, file, view = page
            await interaction.edit_original_response(content=content, attachments=[file], view=view)


async def review_page(interaction: discord.Interaction, game_id: int, number: int,
                      locale: str) -> tuple[str, discord.File, discord.ui.View] | None:
    """The words, picture and page buttons of page ``number``; None (and the
    caller told) when the AI found nothing to show."""
    bot = bot_of(interaction)
    ready = await bot.tables.reviews.for_user(game_id, interaction.user.id)
    definition = bot.registry.get(ready.record.game_type)
    count = len(ready.data["items"])
    number = min(max(number, 0), max(count - 1, 0))
    items = await asyncio.to_thread(shown_items, definition, ready.record, ready.actions, ready.seat,
                                    ready.data, locale, number)
    game = game_name(ready.record.game_type, locale)
    if not ready.moves:  # e.g. resigned before the first move: nothing was played to judge
        await reply(interaction, t("review.no_moves", locale, game=game, id=game_id))
        return None
    if not items:
        await reply(interaction, t("review.none", locale, game=game, id=game_id))
        return None
    item = items[0]
    content = fit_message(t("review.title", locale, game=game, id=game_id, count=count) + "\n" + item.text)
    view = discord.ui.View(timeout=None)
    for tag, to, label in (("p", number - 1, "◀"), ("c", number, t("review.page", locale, page=number + 1,
                                                                   count=count)), ("n", number + 1, "▶")):
        button = ReviewPageButton(game_id, to, tag, label)
        button.item.disabled = to == number or not 0 <= to < count
        view.add_item(button)
    return content, png_file(item.picture, f"review-{game_id}-{item.seq}.png", item.alt), view


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


class ReviewPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:reviewpg:(?P<table>\d+):(?P<page>\d+):(?P<tag>[pcn])"):
    """A page of a review message: ◀ (tag p), "2 of 3" (c, disabled), ▶ (n)."""

    def __init__(self, table_id: int, page: int, tag: str, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"tt:reviewpg:{table_id}:{max(page, 0)}:{tag}"))
        self.table_id = table_id
        self.page = max(page, 0)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "ReviewPageButton":
        return cls(int(match["table"]), int(match["page"]), match["tag"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await turn_page(interaction, self.table_id, self.page)


class ReviewCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="review", description=_("Your three moves the AI judged furthest below its best, "
                                                       "in a finished game", key="review.cmd"))
    @app_commands.describe(game_id=_("The game's number (#)", key="cmd.opt.game_id"))
    async def review(self, interaction: discord.Interaction, game_id: int) -> None:
        await send_review(interaction, game_id)
