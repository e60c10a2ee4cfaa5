"""``/tournament new|join|leave|standings``: a tournament signed up for in a
channel, its matches played in threads (``tables/tournaments/``). The
service is built here, over the bot's table service, with the Discord
notifier; once the bot is ready (the tables restored), every running
tournament is resumed."""
from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import (
    bot_of,
    display_name,
    guild_locale,
    manages_server,
    refusals,
    reply,
    reply_key,
    user_locale,
)
from cogs.community.tournament.text import signup_embed, standings_message
from cogs.community.tournament.views import COG_NAME, signup_view
from cogs.core import game_autocomplete
from tables.errors import TableError
from tables.records import Tournament
from tables.tournaments.flow import played_of
from tables.tournaments.pairing import standings
from tables.tournaments.service import TournamentService

log = logging.getLogger(__name__)

FORMAT_CHOICES = [app_commands.Choice(name=_(name, key=f"pairing.format.{value}"), value=value)
                  for value, name in (("swiss", "Swiss"), ("round-robin", "round-robin"), ("knockout", "knockout"))]


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=f"tournament.cmd.{key}")


class TournamentCog(commands.Cog, name=COG_NAME):
    group = app_commands.Group(name="tournament", description=_desc("group", "Tournaments"), guild_only=True)

    def __init__(self, bot: commands.Bot, service: TournamentService) -> None:
        self.bot = bot
        self.service = service
        self._resuming: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._resuming = asyncio.get_running_loop().create_task(self._resume_when_ready())

    async def _resume_when_ready(self) -> None:
        try:
            await self.bot.wait_until_ready()  # after setup_hook: the tables are restored
        except RuntimeError:  # never logged in: a process that only loads the cogs (a test, a command sync check)
            return
        # Only the tournaments of this process's servers (several processes each run some shards).
        resumed = await self.service.resume(lambda t_: t_.guild_id is None or self.bot.get_guild(t_.guild_id) is not None)
        log.info("resumed %d tournaments", resumed)

    async def _pick(self, interaction: discord.Interaction, tournament: int | None) -> Tournament:
        """The tournament named, in this server; else the newest of this channel."""
        if tournament is not None:
            t_ = await self.service.find(tournament)
            if t_ is None or t_.guild_id != interaction.guild_id:
                raise TableError("tournament.err.unknown", id=tournament)
            return t_
        newest = next((t_ for t_ in await self.service.in_guild(interaction.guild_id)
                       if t_.channel_id == interaction.channel_id), None)
        if newest is None:
            raise TableError("tournament.err.none_here")
        return newest

    @group.command(name="new", description=_desc("new", "Open a tournament in this channel"))
    @app_commands.describe(game=_desc("opt_game", "The game"), format=_desc("opt_format", "The format"),
                           rounds=_desc("opt_rounds", "Rounds"), teams=_desc("opt_teams", "Two against two"),
                           turn_minutes=_desc("opt_turn_minutes", "Minutes a turn"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.choices(format=FORMAT_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, format: str,
                  rounds: app_commands.Range[int, 1, 20] | None = None, teams: bool = False,
                  turn_minutes: app_commands.Range[int, 1, 1440] | None = None) -> None:
        async with refusals(interaction):
            if game not in bot_of(interaction).registry:
                raise TableError("core.err.unknown_game", game=game)
            channel = interaction.channel
            if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
                raise TableError("tournament.err.in_thread")
            me = channel.guild.me
            allowed = channel.permissions_for(me) if me is not None else None
            if allowed is None or not (allowed.create_public_threads and allowed.send_messages_in_threads):
                raise TableError("tournament.err.no_threads")
            t_ = await self.service.new(interaction.guild_id, channel.id, interaction.user.id, game, format,
                                        rounds, teams, turn_minutes)
            locale = await guild_locale(bot_of(interaction), interaction.guild)
            await interaction.response.send_message(embed=signup_embed(t_, [], locale),
                                                    view=signup_view(t_.id, locale))
            message = await interaction.original_response()
            await self.service.set_message(t_, message.id)

    @group.command(name="join", description=_desc("join", "Sign up for a tournament"))
    @app_commands.describe(partner=_desc("opt_partner", "Your partner"),
                           tournament=_desc("opt_tournament", "The tournament's number"))
    async def join(self, interaction: discord.Interaction, partner: discord.Member | None = None,
                   tournament: int | None = None) -> None:
        async with refusals(interaction):
            t_ = await self._pick(interaction, tournament)
            if partner is not None and partner.bot:
                raise TableError("tournament.err.partner_bot")
            await interaction.response.defer(ephemeral=True)
            await self.service.join(t_.id, interaction.user.id, display_name(interaction.user),
                                    partner.id if partner else None, display_name(partner) if partner else None)
            await reply_key(interaction, "tournament.joined", id=t_.id)

    @group.command(name="leave", description=_desc("leave", "Withdraw from a tournament"))
    @app_commands.describe(tournament=_desc("opt_tournament", "The tournament's number"))
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with refusals(interaction):
            t_ = await self._pick(interaction, tournament)
            await interaction.response.defer(ephemeral=True)
            await self.service.leave(t_.id, interaction.user.id)
            await reply_key(interaction, "tournament.left", id=t_.id)

    @group.command(name="cancel", description=_desc("cancel", "Cancel a tournament"))
    @app_commands.describe(tournament=_desc("opt_tournament", "The tournament's number"))
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with refusals(interaction):
            t_ = await self._pick(interaction, tournament)
            await interaction.response.defer(ephemeral=True)
            await self.service.cancel(t_.id, interaction.user.id, manages_server(interaction))
            await reply_key(interaction, "tournament.cancelled_you", id=t_.id)

    @group.command(name="standings", description=_desc("standings", "The standings of a tournament"))
    @app_commands.describe(tournament=_desc("opt_tournament", "The tournament's number"))
    async def standings_(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async with refusals(interaction):
            t_ = await self._pick(interaction, tournament)
            locale = await user_locale(interaction)
            if t_.round_no == 0:
                raise TableError("tournament.standings.none", id=t_.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            entrants = {e.entrant: e for e in await self.service.entrants(t_.id)}
            played = played_of(await self.service.matches(t_.id))
            shown = max((p.round for p in played), default=0)
            table = standings(t_.format, list(entrants), played)
            content, file = await standings_message(t_, shown, table, entrants, locale, t_.status == "finished")
            await reply(interaction, content, file=file)

