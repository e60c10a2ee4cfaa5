"""Hints in casual games (issue 23): ``/hint`` and the 💡 Hint button on a
player's panel (``tt:hint:<table id>``, restart-proof). Each answers the
caller alone with the AI's suggested move and a short reason
(``tables.hints``), or a private refusal: hints off, no game, not a
player, not their turn. A new hint replaces the player's previous one of
that game, and "Play it" is disabled once pressed or once the game moved
on (``cogs.learn.latest``; issue 31)."""
from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, refusals, reply, user_locale
from cogs.learn import latest
from cogs.seats import find_table
from games.options import hints_on
from i18n import t
from tables.errors import TableError
from tables.hints import hint_text, require_hint_seat
from tables.review_show import move_text


async def send_hint(interaction: discord.Interaction, table_id: int | None = None) -> None:
    """The caller's hint for the table ``table_id`` (else the channel's), privately."""
    async with refusals(interaction):
        bot = bot_of(interaction)
        table = find_table(interaction, table_id=table_id)
        require_hint_seat(table, interaction.user.id)  # refuse at once, before deferring
        locale = await user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await bot.tables.hint(table.id, interaction.user.id)
        text = await asyncio.to_thread(hint_text, table.definition, hint, locale)
        await interaction.edit_original_response(content=text, view=play_view(table.id, hint.version, locale))
        await latest.of(bot).replace("hint", interaction.user.id, table.id, latest.Answer(
            interaction, hint.version, play_view(table.id, hint.version, locale, spent=True)))


def play_view(table_id: int, version: int, locale: str, spent: bool = False) -> discord.ui.View:
    """▶️ Play it under a hint; ``spent``: disabled (played, or the game moved on)."""
    view = discord.ui.View(timeout=None)
    button = PlayHintButton(table_id, version, t("hints.play", locale))
    button.item.disabled = spent
    view.add_item(button)
    return view


async def play_hint(interaction: discord.Interaction, table_id: int, version: int) -> None:
    """Play the hinted move, if the game is still where the hint was given.
    After a restart the hint is worked out again: seeded, it is the same move."""
    async with refusals(interaction):
        bot = bot_of(interaction)
        locale = await user_locale(interaction)
        # The button is spent either way: played now, or the game moved on.
        await interaction.response.edit_message(view=play_view(table_id, version, locale, spent=True))
        table = find_table(interaction, table_id=table_id)
        if table.record.version != version:
            raise TableError("hints.stale")
        require_hint_seat(table, interaction.user.id)
        hint = await bot.tables.hint(table.id, interaction.user.id)
        if hint.version != version:
            raise TableError("hints.stale")
        move, _ = move_text(table.definition, hint.info, hint.seat, hint.action, locale)
        await bot.tables.act(table.id, interaction.user.id, hint.action, expected_version=version)
        await reply(interaction, "✅ " + t("hints.played", locale, move=move))


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:hint:(?P<table>\d+)"):
    """💡 Hint on a player's panel, in games with hints on."""

    def __init__(self, table_id: int, label: str = "Hint") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="💡", style=discord.ButtonStyle.secondary,
                                           custom_id=f"tt:hint:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "HintButton":
        return cls(int(match["table"]), item.label or "Hint")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await send_hint(interaction, self.table_id)


class PlayHintButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tt:hintplay:(?P<table>\d+):(?P<version>\d+)"):
    """"Play it" under a hint: plays the hinted move at the version it was given for."""

    def __init__(self, table_id: int, version: int, label: str = "Play it") -> None:
        super().__init__(discord.ui.Button(label=label, emoji="▶️", style=discord.ButtonStyle.success,
                                           custom_id=f"tt:hintplay:{table_id}:{version}"))
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "PlayHintButton":
        return cls(int(match["table"]), int(match["version"]), item.label or "Play it")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await play_hint(interaction, self.table_id, self.version)


def hint_button(table: Any, seat: int, locale: str) -> HintButton | None:
    """The panel's 💡 Hint button: hints on and the seat to act."""
    if not hints_on(table.record.config) or seat not in table.to_act():
        return None
    return HintButton(table.id, t("hints.button", locale))


class HintCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="hint", description=_("The AI's suggested move for your turn, privately "
                                                     "(games with hints on)", key="hints.cmd"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await send_hint(interaction)
