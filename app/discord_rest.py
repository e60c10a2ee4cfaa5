"""``tabletop web``'s way to Discord: the bot's token and discord.py's HTTP
client (which keeps to Discord's rate limits) without a gateway, for the
spectators of a channel (``web.rest_viewers``)."""
from __future__ import annotations

from typing import Any

import discord

from app.rest_budget import RestBudget, install
from app.rest_metrics import discord_trace
from app.startup import login
from web.rest_viewers import Json, RestViewers

RATE_LIMIT_WAIT = 30.0  # the least discord.py takes; a longer wait fails the request (no, to a watcher)


class DiscordRestClient:
    """``web.rest_viewers.DiscordRest`` over discord.py's HTTP client."""

    def __init__(self, counted: bool = False, budget: RestBudget | None = None) -> None:
        # No gateway, so intents ask nothing; "guilds" only keeps discord.py from warning of its absence.
        # ``counted``: its requests and 429s go to the metrics (METRICS_PORT).
        traced: dict[str, Any] = {"http_trace": discord_trace()} if counted else {}
        self.client = discord.Client(intents=discord.Intents(guilds=True), max_ratelimit_timeout=RATE_LIMIT_WAIT,
                                     **traced)
        self.budget = budget  # REST_BUDGET: the web process takes its slots as the bots do (one token)
        if budget is not None:
            install(self.client.http, budget)

    async def guild(self, guild_id: int) -> Json:
        return await self.client.http.get_guild(guild_id, with_counts=False)

    async def member(self, guild_id: int, user_id: int) -> Json:
        return await self.client.http.get_member(guild_id, user_id)

    async def channel(self, channel_id: int) -> Json:
        return await self.client.http.get_channel(channel_id)

    async def close(self) -> None:
        await self.client.close()
        if self.budget is not None:
            await self.budget.close()


async def rest_viewers(token: str, counted: bool = False,
                       budget: RestBudget | None = None) -> tuple[RestViewers, DiscordRestClient]:
    """Logged in with ``token`` (a refusal is a ``StartFailure``, as for the bot)."""
    rest = DiscordRestClient(counted, budget)
    try:
        await login(rest.client, token)
    except BaseException:
        await rest.close()
        raise
    return RestViewers(rest), rest
