"""/season start|end|show (server managers start and end seasons) and the
season words /leaderboard and /stats use (tables/seasons.py)."""
from __future__ import annotations

import datetime as dt

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, guild_locale, manages_server, refusals, reply, user_locale
from i18n import t
from tables.errors import TableError
from tables.records import BEFORE_SEASONS, Season
from tables.seasons import NAME_LIMIT, Seasons
from tables.text import safe_name

CHOICES = 25  # Discord's limit on autocomplete choices


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


def seasons_of(interaction: discord.Interaction) -> Seasons:
    return bot_of(interaction).tables.queries.seasons


def season_label(season: Season, locale: str) -> str:
    """"Season 2: Spring", "Season 3", or "Before seasons" for season 0."""
    if season.name and season.number != BEFORE_SEASONS:
        return t("season.label.named", locale, season=season.number, name=safe_name(season.name))
    return number_label(season.number, locale)


def number_label(number: int, locale: str) -> str:
    """A season by its number alone: "Season 2", or "Before seasons" for 0."""
    if number == BEFORE_SEASONS:
        return t("season.label.before", locale)
    return t("season.label.numbered", locale, season=number)


def board_label(season: Season | None, asked: int | None, locale: str) -> str | None:
    """What a leaderboard is of: None on a server that never had a season
    (the board as it always was), "between seasons" for the current table
    after a season ended, else the season."""
    if season is None:
        return None
    if asked is None and not season.running:
        return t("season.label.between", locale, season=season.number)
    return season_label(season, locale)


async def season_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    locale = await user_locale(interaction)
    out = []
    for season in await seasons_of(interaction).all(interaction.guild_id):
        label = season_label(season, locale)
        if current.strip().lower() in f"{season.number} {label}".lower():
            out.append(app_commands.Choice(name=label[:100], value=season.number))
    return out[:CHOICES]


def _when(at: float | None) -> str:
    return discord.utils.format_dt(dt.datetime.fromtimestamp(at, tz=dt.timezone.utc), "d") if at else "—"


def seasons_text(seasons: list[Season], locale: str) -> str:
    """The private answer of /season show: the seasons, newest first."""
    if not seasons:
        return t("season.show.none", locale)
    lines = [f"**{t('season.show.title', locale)}**"]
    if not seasons[0].running:
        lines.append(t("season.show.between", locale))
    for season in seasons:
        label = season_label(season, locale)
        if season.running:
            lines.append(t("season.show.running", locale, season=label, start=_when(season.started_at)))
        elif season.number == BEFORE_SEASONS:
            lines.append(t("season.show.before", locale, season=label, end=_when(season.ended_at)))
        else:
            lines.append(t("season.show.ended", locale, season=label, start=_when(season.started_at),
                           end=_when(season.ended_at)))
    return "\n".join(lines)


class SeasonCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    season = app_commands.Group(name="season", description=_desc("season.cmd.group", "Seasons of this server's ratings"),
                                guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    @season.command(name="start", description=_desc("season.cmd.start", "Start a new season (Manage Server)"))
    @app_commands.describe(name=_desc("season.cmd.opt_name", "The season's name (optional)"))
    async def start(self, interaction: discord.Interaction,
                    name: app_commands.Range[str, 1, NAME_LIMIT] | None = None) -> None:
        async with refusals(interaction):
            guild_id = self._managed_guild(interaction)
            season = await seasons_of(interaction).start(guild_id, name)
            locale = await guild_locale(bot_of(interaction), interaction.guild)
            await reply(interaction, t("season.started", locale, season=season_label(season, locale)),
                        ephemeral=False)

    @season.command(name="end", description=_desc("season.cmd.end", "End the running season (Manage Server)"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            guild_id = self._managed_guild(interaction)
            season = await seasons_of(interaction).end(guild_id)
            locale = await guild_locale(bot_of(interaction), interaction.guild)
            await reply(interaction, t("season.ended", locale, season=season_label(season, locale),
                                       number=season.number), ephemeral=False)

    @season.command(name="show", description=_desc("season.cmd.show", "The current season and the earlier ones"))
    async def show(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            if interaction.guild_id is None:
                raise TableError("season.err.dm")
            locale = await user_locale(interaction)
            await reply(interaction, seasons_text(await seasons_of(interaction).all(interaction.guild_id), locale))

    @staticmethod
    def _managed_guild(interaction: discord.Interaction) -> int:
        """The server, when the caller may change its seasons. Discord hides
        the commands from others by default, but a server can grant them to
        anyone: the check is made here too."""
        if interaction.guild_id is None:
            raise TableError("season.err.dm")
        if not manages_server(interaction):
            raise TableError("core.err.manager_only")
        return interaction.guild_id
