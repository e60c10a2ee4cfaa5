"""The Discord side of a tournament (``tables.tournaments.notifier``): the
sign-up message, a public thread per match with a ping of its players, the
round's pairings, the standings and the podium in the tournament's channel,
all in the server's language. Only a match's players and the podium's
winners are mentioned; a round's post in the channel pings nobody."""
from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.common import channel_by_id, guild_locale
from cogs.community.tournament.text import entrant_name, podium_message, signup_embed, standings_message
from cogs.community.tournament.views import signup_view
from cogs.host import Host
from i18n import t
from tables.records import Entrant, Match, Tournament
from tables.text import safe_name
from tables.tournaments.pairing import Standing

log = logging.getLogger(__name__)
THREAD_NAME_LIMIT = 100  # Discord's longest channel name
ARCHIVE_MINUTES = 1440


def mentioning(user_ids: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


class DiscordTournamentNotifier:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> Any:
        return await channel_by_id(self.bot, channel_id)

    async def _locale(self, t_: Tournament) -> str:
        guild = self.bot.get_guild(t_.guild_id) if t_.guild_id else None
        if guild is None:
            language, _ = await self.bot.tables.queries.guild_settings(t_.guild_id)
            return language or "en"
        return await guild_locale(self.bot, guild)

    async def _send(self, channel_id: int, content: str, users: list[int] | None = None, **kwargs: Any) -> Any:
        channel = await self._channel(channel_id)
        if channel is None:
            return None
        try:
            return await channel.send(content, allowed_mentions=mentioning(users or []), **kwargs)
        except discord.HTTPException as error:
            log.warning("tournament message to %s failed: %s", channel_id, error)
            return None

    async def signup_changed(self, t_: Tournament, entrants: list[Entrant], closed: str | None = None) -> None:
        if t_.message_id is None:
            return
        channel = await self._channel(t_.channel_id)
        if channel is None:
            return
        locale = await self._locale(t_)
        try:
            await channel.get_partial_message(t_.message_id).edit(
                embed=signup_embed(t_, entrants, locale, closed),
                view=signup_view(t_.id, locale) if t_.status == "signup" else None)
        except discord.HTTPException as error:
            log.warning("tournament %s: sign-up message not updated: %s", t_.id, error)

    async def match_thread(self, t_: Tournament, match: Match, a: Entrant, b: Entrant) -> int | None:
        channel = await self._channel(t_.channel_id)
        if channel is None:
            return None
        locale = await self._locale(t_)
        name = t("tournament.round.thread", locale, id=t_.id, round=match.round,
                 a=entrant_name(a, locale), b=entrant_name(b, locale))
        if len(name) > THREAD_NAME_LIMIT:
            name = name[:THREAD_NAME_LIMIT - 1] + "…"
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=ARCHIVE_MINUTES)
        except (discord.HTTPException, AttributeError) as error:
            log.warning("tournament %s: no thread for round %d match %d: %s", t_.id, match.round, match.board, error)
            return None
        return int(thread.id)

    async def match_opened(self, t_: Tournament, match: Match, a: Entrant, b: Entrant, game_id: int) -> None:
        if match.thread_id is None:
            return
        locale = await self._locale(t_)
        people = a.users + b.users

        def side(entrant: Entrant) -> str:
            users = entrant.users
            return " & ".join(f"<@{u}>" for u in users) if users else safe_name(entrant_name(entrant, locale))

        await self._send(match.thread_id, t("tournament.round.opened", locale, id=t_.id, round=match.round,
                                            a=side(a), b=side(b)), people)

    async def round_started(self, t_: Tournament, matches: list[Match], entrants: dict[int, Entrant]) -> None:
        locale = await self._locale(t_)
        lines = [t("tournament.round.title", locale, id=t_.id, round=t_.round_no, rounds=t_.rounds)]
        for m in matches:
            a = safe_name(entrant_name(entrants.get(m.a), locale))
            if m.b is None:
                lines.append(t("tournament.round.bye", locale, name=a))
            else:
                lines.append(t("tournament.round.match", locale, board=m.board, a=a,
                               b=safe_name(entrant_name(entrants.get(m.b), locale))))
        await self._send(t_.channel_id, "\n".join(lines)[:1990])

    async def round_standings(self, t_: Tournament, round_no: int, standings: list[Standing],
                              entrants: dict[int, Entrant]) -> None:
        locale = await self._locale(t_)
        finished = round_no >= t_.rounds
        content, file = await standings_message(t_, round_no, standings, entrants, locale, finished)
        await self._send(t_.channel_id, content[:1990], file=file)

    async def podium(self, t_: Tournament, places: list[tuple[int, list[int]]], standings: list[Standing],
                     entrants: dict[int, Entrant]) -> None:
        locale = await self._locale(t_)
        content, file, pinged = await podium_message(t_, places, standings, entrants, locale)
        await self._send(t_.channel_id, content[:1990], pinged, file=file)

    async def cancelled(self, t_: Tournament) -> None:
        locale = await self._locale(t_)
        await self._send(t_.channel_id, t("tournament.cancelled", locale, id=t_.id))
