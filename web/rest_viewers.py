"""Who may watch a Discord table, for ``tabletop web``: a process with the
bot's token but no gateway, so no cache of members, roles or channels. It
asks Discord's HTTP API — the server (its owner and roles), the member, the
channel with its permission overwrites (a thread: its parent's, as the bot's
``GuildViewers`` does) — and computes VIEW_CHANNEL as Discord does. Not a
member, an unknown channel, any error or a slow answer: no, never a raise.
Answers are kept ``ttl`` seconds per (user, channel); a server's or a
channel's data ``data_ttl`` seconds, shared by everyone asking meanwhile."""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from typing import Any, Generic, Protocol, TypeVar

log = logging.getLogger("tabletop.web")

ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
MEMBER_OVERWRITE = 1  # an overwrite's type: 0 a role, 1 a member
THREAD_TYPES = frozenset({10, 11, 12})  # announcement, public and private threads

Json = Mapping[str, Any]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class DiscordRest(Protocol):
    """Discord's HTTP API, as far as watching needs it; each raises on any
    failure (404, 403, a network error)."""

    async def guild(self, guild_id: int) -> Json:
        """GET /guilds/{guild_id}: ``owner_id`` and ``roles`` (id, permissions)."""
        ...

    async def member(self, guild_id: int, user_id: int) -> Json:
        """GET /guilds/{guild_id}/members/{user_id}: ``roles`` (ids)."""
        ...

    async def channel(self, channel_id: int) -> Json:
        """GET /channels/{channel_id}: ``guild_id``, ``type``, ``parent_id``, ``permission_overwrites``."""
        ...


def server_permissions(user_id: int, guild: Json, member: Json) -> int:
    """The member's permissions in the server: @everyone's and its roles' OR'd;
    the owner and an administrator have all."""
    if int(guild["owner_id"]) == user_id:
        return -1
    guild_id = int(guild["id"])
    roles = {int(role["id"]): int(role["permissions"]) for role in guild["roles"]}
    permissions = roles.get(guild_id, 0)
    for role in member_roles(guild_id, member):
        permissions |= roles.get(role, 0)
    return -1 if permissions & ADMINISTRATOR else permissions


def member_roles(guild_id: int, member: Json) -> set[int]:
    return {int(role) for role in member["roles"]} - {guild_id}


def channel_permissions(user_id: int, guild: Json, member: Json, channel: Json) -> int:
    """The member's permissions in ``channel`` (not a thread): the server's,
    then the overwrites in Discord's order — @everyone's, the member's roles'
    (denies and allows together), the member's own."""
    permissions = server_permissions(user_id, guild, member)
    if permissions & ADMINISTRATOR:
        return permissions
    guild_id = int(guild["id"])
    overwrites = {(int(o["type"]) == MEMBER_OVERWRITE, int(o["id"])): (int(o["allow"]), int(o["deny"]))
                  for o in channel.get("permission_overwrites") or ()}
    allow, deny = overwrites.get((False, guild_id), (0, 0))
    permissions = (permissions & ~deny) | allow
    allow = deny = 0
    for role in member_roles(guild_id, member):
        role_allow, role_deny = overwrites.get((False, role), (0, 0))
        allow, deny = allow | role_allow, deny | role_deny
    permissions = (permissions & ~deny) | allow
    allow, deny = overwrites.get((True, user_id), (0, 0))
    return (permissions & ~deny) | allow


class Kept(Generic[K, V]):
    """Values kept ``ttl`` seconds; whoever asks for one being fetched waits
    for that fetch (a failed fetch, too, is kept: no storm of retries)."""

    def __init__(self, ttl: float, clock: Callable[[], float], limit: int = 10_000) -> None:
        self.ttl = ttl
        self.clock = clock
        self.limit = limit
        self.entries: dict[K, tuple[asyncio.Future[V], float]] = {}

    async def get(self, key: K, fetch: Callable[[], Awaitable[V]]) -> V:
        kept = self.entries.get(key)
        if kept is None or kept[1] <= self.clock():
            if len(self.entries) >= self.limit:
                self.entries.clear()
            kept = (asyncio.ensure_future(fetch()), self.clock() + self.ttl)
            self.entries[key] = kept
        return await asyncio.shield(kept[0])  # one caller's timeout does not cancel the others' fetch


class RestViewers:
    """``web.viewers.ChannelViewers`` over Discord's HTTP API (``DiscordRest``)."""

    def __init__(self, rest: DiscordRest, *, ttl: float = 60.0, data_ttl: float = 10.0, timeout: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rest = rest
        self.timeout = timeout
        self.answers: Kept[tuple[int, int, int], bool] = Kept(ttl, clock)
        self.guilds: Kept[int, Json] = Kept(data_ttl, clock)
        self.channels: Kept[int, Json] = Kept(data_ttl, clock)

    async def can_view(self, user_id: int, guild_id: int | None, channel_id: int) -> bool:
        if guild_id is None:
            return False
        return await self.answers.get((user_id, guild_id, channel_id),
                                      lambda: self.answer(user_id, guild_id, channel_id))

    async def answer(self, user_id: int, guild_id: int, channel_id: int) -> bool:
        try:
            return await asyncio.wait_for(self.ask_discord(user_id, guild_id, channel_id), self.timeout)
        except Exception as error:  # not a member, no such channel, Discord down or slow: not knowing is no
            log.debug("channel viewers: no answer from Discord (%s)", type(error).__name__)
            return False

    async def ask_discord(self, user_id: int, guild_id: int, channel_id: int) -> bool:
        channel = await self.channels.get(channel_id, lambda: self.rest.channel(channel_id))
        if int(channel.get("type", 0)) in THREAD_TYPES:
            parent_id = int(channel["parent_id"])
            channel = await self.channels.get(parent_id, lambda: self.rest.channel(parent_id))
        if int(channel["guild_id"]) != guild_id:
            return False
        guild = await self.guilds.get(guild_id, lambda: self.rest.guild(guild_id))
        member = await self.rest.member(guild_id, user_id)
        return bool(channel_permissions(user_id, guild, member, channel) & VIEW_CHANNEL)
