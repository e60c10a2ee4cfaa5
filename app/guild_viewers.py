"""Who may watch a Discord table on the web board beside the bot: a member
of its server who can view its channel or thread, from the bot's gateway
cache (``web.viewers.ChannelViewers``; the separate web process asks
Discord's HTTP API instead, ``web/rest_viewers.py``)."""
from __future__ import annotations

import time
from typing import Callable

import discord


class GuildViewers:
    """``web.viewers.ChannelViewers`` for the bot: who may watch a Discord
    table on the web board — a member of its server who can view its
    channel or thread. Unknown server, channel or member, or any error: no.
    Answers are kept ``ttl`` seconds: a watching page asks on every request,
    and a member the cache lacks costs a REST call."""

    def __init__(self, client: discord.Client, ttl: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.ttl = ttl
        self.clock = clock
        self.known: dict[tuple[int, int, int], tuple[bool, float]] = {}

    async def can_view(self, user_id: int, guild_id: int | None, channel_id: int) -> bool:
        if guild_id is None:
            return False
        kept = self.known.get((user_id, guild_id, channel_id))
        if kept is not None and kept[1] > self.clock():
            return kept[0]
        try:
            answer = await self.ask_discord(user_id, guild_id, channel_id)
        except Exception:  # a missing member, a REST failure: not knowing is no
            answer = False
        if len(self.known) >= 10_000:
            self.known.clear()
        self.known[(user_id, guild_id, channel_id)] = (answer, self.clock() + self.ttl)
        return answer

    async def ask_discord(self, user_id: int, guild_id: int, channel_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if guild is None or channel is None:
            return False
        member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        return bool(channel.permissions_for(member).view_channel)
