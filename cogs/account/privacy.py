"""/privacy show (what the bot stores about you) and /privacy delete (forget
it, after a private Confirm). Both are private; both work in DMs too. Also
starts the pruning of old action logs when PRUNE_ACTIONS_AFTER_DAYS is set."""
from __future__ import annotations

from typing import Callable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, refusals, reply, user_locale, user_text
from cogs.community.seasons import number_label
from i18n import has, t
from tables.errors import TableError, refusal_text
from tables.records import StoredData
from tables.text import game_name, safe_name

MAX_NAMES = 10


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


def _choice(name: str, locale: str) -> str:
    """A /settings choice as the reader's client names it."""
    key = f"core.choices.{name}"
    return t(key, locale) if has(key, locale) else name


def stored_text(data: StoredData, locale: str, server_name: Callable[[int], str]) -> str:
    """The private answer of /privacy show. ``server_name(guild_id)``
    names a server (its id when the bot does not see it)."""
    lines = [f"**{t('privacy.show.title', locale)}**"]
    if data.names:
        names = ", ".join(safe_name(n) for n in data.names[:MAX_NAMES])
        more = len(data.names) - MAX_NAMES
        lines.append(t("privacy.show.names", locale, names=names + (f" (+{more})" if more > 0 else "")))
    else:
        lines.append(t("privacy.show.no_names", locale))
    if data.settings:
        none = t("privacy.show.unset", locale)
        dm, view, ping = (data.settings.get(k) for k in ("dm_mode", "view_mode", "ping_mode"))
        lines.append(t("privacy.show.settings", locale, dm=_choice(dm, locale) if dm else none,
                       view=_choice(view.capitalize(), locale) if view else none,
                       ping=_choice(ping, locale) if ping else none,
                       language=data.settings.get("locale") or none))
    else:
        lines.append(t("privacy.show.no_settings", locale))
    if data.ratings:
        lines.append(t("privacy.show.ratings", locale))
        for row in data.ratings:
            lines.append("- " + t("privacy.show.rating_line", locale, game=game_name(row.game_type, locale),
                                  server=safe_name(server_name(row.guild_id)), rating=f"{row.ordinal:.1f}",
                                  games=row.games, wins=row.wins))
    else:
        lines.append(t("privacy.show.no_ratings", locale))
    if data.season_ratings:
        lines.append(t("privacy.show.season_ratings", locale))
        for number, row in data.season_ratings:
            lines.append("- " + t("privacy.show.season_rating_line", locale, game=game_name(row.game_type, locale),
                                  server=safe_name(server_name(row.guild_id)), season=number_label(number, locale),
                                  rating=f"{row.ordinal:.1f}", games=row.games, wins=row.wins))
    if data.history_points:
        lines.append(t("privacy.show.history", locale, points=data.history_points))
    if data.tournaments:
        lines.append(t("privacy.show.tournaments", locale,
                       tournaments=", ".join(f"#{n}" for n in data.tournaments[:MAX_NAMES])))
    if data.games:
        lines.append(t("privacy.show.games", locale, hosted=data.hosted))
        for game_type in sorted({g for g, _ in data.games}):
            counts = {status: n for (g, status), n in data.games.items() if g == game_type}
            lines.append("- " + t("privacy.show.games_line", locale, game=game_name(game_type, locale),
                                  finished=counts.get("finished", 0), abandoned=counts.get("abandoned", 0),
                                  live=counts.get("lobby", 0) + counts.get("playing", 0)))
    else:
        lines.append(t("privacy.show.no_games", locale))
    lines.append(t("privacy.show.web", locale))
    lines.append("-# " + t("privacy.show.footer", locale))
    return "\n".join(lines)


class ForgetConfirm(discord.ui.View):
    """The private Confirm / Cancel before forgetting the user."""

    def __init__(self, user_id: int, locale: str) -> None:
        super().__init__(timeout=300)
        self.user_id = user_id
        self.locale = locale  # taken before the deletion: asking again would store it again
        confirm: discord.ui.Button[ForgetConfirm] = discord.ui.Button(
            label=t("privacy.delete.confirm", locale), style=discord.ButtonStyle.danger)
        cancel: discord.ui.Button[ForgetConfirm] = discord.ui.Button(
            label=t("privacy.delete.cancel", locale), style=discord.ButtonStyle.secondary)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        cancel.callback = self.cancel  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(cancel)

    async def cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=t("privacy.delete.cancelled", self.locale), view=None)

    async def confirm(self, interaction: discord.Interaction) -> None:
        self.stop()
        bot = bot_of(interaction)
        try:
            done = await bot.tables.queries.forget_user(self.user_id)
        except TableError as error:
            await interaction.response.edit_message(content="⚠️ " + refusal_text(error, self.locale, quote=user_text),
                                                    view=None)
            return
        history = interaction.client.get_cog("HistoryCog")  # type: ignore[attr-defined]
        if history is not None:
            history.replays.clear()  # animations drawn with the old name
        await interaction.response.edit_message(
            content=t("privacy.delete.done", self.locale, games=done.games, ratings=done.ratings), view=None)


class PrivacyCog(commands.Cog):
    privacy = app_commands.Group(name="privacy", description=_desc("privacy.cmd.group", "Your data: what the bot stores, and deleting it"))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        settings = getattr(bot, "settings", None)
        days = getattr(settings, "prune_actions_after_days", None)
        tables = getattr(bot, "tables", None)
        self.pruner = tables.queries.pruner(days) if days and tables is not None else None

    async def cog_load(self) -> None:
        if self.pruner is not None:
            self.pruner.start()

    async def cog_unload(self) -> None:
        if self.pruner is not None:
            await self.pruner.stop()

    def _server_name(self, guild_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        return guild.name if guild is not None else str(guild_id)

    @privacy.command(name="show", description=_desc("privacy.cmd.show", "What the bot stores about you (only you see it)"))
    async def show(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            locale = await user_locale(interaction)
            data = await bot_of(interaction).tables.queries.stored_about(interaction.user.id)
            await reply(interaction, stored_text(data, locale, self._server_name))

    @privacy.command(name="delete", description=_desc("privacy.cmd.delete", "Delete your names, ratings and settings (asks first)"))
    async def delete(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            locale = await user_locale(interaction)
            data = await bot_of(interaction).tables.queries.stored_about(interaction.user.id)
            if data.live:
                raise TableError("privacy.err.live", games=", ".join(f"#{i}" for i in data.live))
            await reply(interaction, t("privacy.delete.ask", locale), view=ForgetConfirm(interaction.user.id, locale))
