"""The bot's ChannelViewers (app.guild_viewers.GuildViewers): a member of the server who can
view the channel or thread may watch its table; anyone else, an unknown
server, channel or member, and any error from Discord: no, and never a raise."""
from __future__ import annotations

from types import SimpleNamespace

import discord

from app.guild_viewers import GuildViewers


class FakeGuild:
    def __init__(self, channels: dict[int, set[int]], cached: set[int], members: set[int],
                 fail: Exception | None = None) -> None:
        self.channels = channels  # channel id → the users who can view it
        self.cached = cached
        self.members = members
        self.fail = fail
        self.fetched: list[int] = []

    def get_channel_or_thread(self, channel_id: int):
        viewers = self.channels.get(channel_id)
        if viewers is None:
            return None
        return SimpleNamespace(permissions_for=lambda member: SimpleNamespace(view_channel=member.id in viewers))

    def get_member(self, user_id: int):
        return SimpleNamespace(id=user_id) if user_id in self.cached else None

    async def fetch_member(self, user_id: int):
        self.fetched.append(user_id)
        if self.fail is not None:
            raise self.fail
        if user_id not in self.members:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Member")
        return SimpleNamespace(id=user_id)


class FakeClient:
    def __init__(self, guilds: dict[int, FakeGuild]) -> None:
        self.guilds = guilds

    def get_guild(self, guild_id: int):
        return self.guilds.get(guild_id)


async def test_a_member_who_can_view_the_channel_may_watch():
    guild = FakeGuild({10: {1, 2}, 11: {1}}, cached={1}, members={1, 2, 3})
    now = [0.0]
    viewers = GuildViewers(FakeClient({5: guild}), ttl=60, clock=lambda: now[0])
    assert await viewers.can_view(1, 5, 10)  # from the cache
    assert await viewers.can_view(2, 5, 10) and guild.fetched == [2]  # fetched
    assert not await viewers.can_view(2, 5, 11)  # a member who cannot view that channel
    assert not await viewers.can_view(3, 5, 10)
    assert not await viewers.can_view(4, 5, 10)  # not a member: NotFound
    assert not await viewers.can_view(1, 6, 10)  # unknown server
    assert not await viewers.can_view(1, 5, 99)  # unknown channel
    assert not await viewers.can_view(1, None, 10)  # no server
    fetched = len(guild.fetched)
    assert await viewers.can_view(2, 5, 10) and len(guild.fetched) == fetched  # kept for a while
    guild.channels[10].discard(2)
    now[0] = 61.0
    assert not await viewers.can_view(2, 5, 10)  # then asked again: the permission was taken away


async def test_errors_from_discord_are_a_no_never_a_raise():
    for error in (discord.HTTPException(SimpleNamespace(status=500, reason="x"), "boom"), RuntimeError("x")):
        guild = FakeGuild({10: {2}}, cached=set(), members={2}, fail=error)
        assert not await GuildViewers(FakeClient({5: guild})).can_view(2, 5, 10)


def test_the_bot_gives_the_web_its_viewers(settings):
    from bot import create_bot
    from web.context import CONTEXT

    bot = create_bot(settings.model_copy(update={"web_port": 0}))
    viewers = bot.web_server.app[CONTEXT].viewers
    assert isinstance(viewers, GuildViewers) and viewers.client is bot
