"""What every game cog needs: open a lobby, submit an action, answer
privately, and turn refusals into localized reasons."""
from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands
from pydantic import BaseModel

from cogs.common import bot_of, display_name, guild_locale, reply, reply_error, reply_key, user_locale
from cogs.seats import find_table
from i18n import t
from tables.errors import Refusal
from tables.service import LiveTable
from tables.text import describe, score_line


class GameCog(commands.Cog):
    """Base of every game's cog (and the tests' game).

    Command bodies run inside ``async with refusals(interaction):`` so that a
    refused request becomes a private, localized answer."""

    game_type: str = ""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def open_lobby(self, interaction: discord.Interaction, config: dict[str, Any]) -> LiveTable:
        bot = bot_of(interaction)
        table = await bot.tables.open_lobby(
            self.game_type, interaction.guild_id, interaction.channel_id, interaction.user.id,
            display_name(interaction.user), config,
        )
        locale = await guild_locale(bot, interaction.guild)
        await interaction.response.defer()
        await bot.notifier.post_lobby(interaction, table, locale)
        return table

    async def open_and_start(self, interaction: discord.Interaction, config: dict[str, Any],
                             ai_seats: int = 0) -> LiveTable:
        """A game with no lobby (solo, or against AI seats)."""
        bot = bot_of(interaction)
        table = await bot.tables.open_lobby(
            self.game_type, interaction.guild_id, interaction.channel_id, interaction.user.id,
            display_name(interaction.user), config,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            for _ in range(ai_seats):
                await bot.tables.add_ai(table.id, interaction.user.id)
            await bot.tables.start(table.id, interaction.user.id)
        except Refusal:
            await bot.tables.cancel(table.id, interaction.user.id)  # no half-made table left behind
            raise
        await reply_key(interaction, "core.game.started_solo", id=table.id)
        return table

    def table(self, interaction: discord.Interaction) -> LiveTable:
        """This channel's table, refused unless it is a game of this cog's."""
        return find_table(interaction, self.game_type)

    @staticmethod
    def confirm_question(table: LiveTable, seat: int, action: BaseModel, locale: str) -> str:
        """What the game asks before this action is sent (``MoveWords.confirm``:
        e.g. Death Front's last card, which ends the game); "" for none."""
        describe = table.definition.describe_moves
        if describe is None or table.state is None:
            return ""
        return describe(table.state, seat, [action], locale)[0].confirm

    async def submit(self, interaction: discord.Interaction, action: BaseModel,
                     confirm_key: str = "core.action.done", confirmed: bool = False) -> bool:
        """Apply the caller's action; answer privately with what was done.
        True when accepted."""
        table = self.table(interaction)
        seat = table.seat_of(interaction.user.id)
        if not confirmed and seat is not None and seat in table.to_act():
            locale = await user_locale(interaction)
            question = self.confirm_question(table, seat, action, locale)
            if question:
                await reply(interaction, question, view=EndingConfirm(self, action, confirm_key, locale))
                return False
        if not interaction.response.is_done():  # (after Confirm the click was already answered)
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            events = await bot_of(interaction).tables.act(table.id, interaction.user.id, action)
        except Refusal as error:
            await reply_error(interaction, error)
            return False
        locale = await user_locale(interaction)
        lines = own_lines(table, seat, events, locale)
        score = score_line(table.engine, table.state, table.seats, locale)
        if confirm_key == "core.action.done" and lines:
            await reply(interaction, "\n".join(["✅ " + lines[0], *lines[1:], *([score] if score else [])]))
        else:
            await reply(interaction, "\n".join(["✅ " + t(confirm_key, locale), *lines, *([score] if score else [])]))
        return True


def own_lines(table: LiveTable, seat: int | None, events: list, locale: str, limit: int = 4) -> list[str]:
    """The log lines of the caller's own action (not the AI moves after it)."""
    out = []
    for event in events:
        actor = event.params.get("seat")
        if out and actor is not None and actor != seat:
            break
        out.append(describe(event, table.seats, locale, table.definition.localize_params))
    return out[:limit]


class EndingConfirm(discord.ui.View):
    """The game's question before an action (Death Front: "this is your last
    card: the game ends at this round's resolution"; "propose to end?") —
    only the Confirm button commits; ignoring it changes nothing."""

    def __init__(self, cog: GameCog, action: BaseModel, confirm_key: str, locale: str) -> None:
        super().__init__(timeout=300)
        self.cog, self.action, self.confirm_key = cog, action, confirm_key
        button = discord.ui.Button(label=t("core.confirm.button", locale), style=discord.ButtonStyle.danger)
        button.callback = self.confirm  # type: ignore[method-assign]
        self.add_item(button)

    async def confirm(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(view=None)
        await self.cog.submit(interaction, self.action, self.confirm_key, confirmed=True)
