"""``tabletop web``'s ChannelViewers (web.rest_viewers.RestViewers): VIEW_CHANNEL
computed from Discord's HTTP answers as Discord does — owner, administrator,
@everyone and roles OR'd, then the channel's overwrites (@everyone, roles
together, the member), a thread by its parent — with a fake HTTP layer; any
failure is no. And end to end: a Discord session not seated watches a table
of a channel it may read, and one that may not is refused."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from aiohttp import CookieJar
from aiohttp.test_utils import TestClient

from app.discord_rest import DiscordRestClient, rest_viewers
from app.startup import StartFailure
from tests.webboard.kit import table_json
from tests.webboard.watching import CHANNEL, GUILD, discord_front, hidden_items, leaks, two_player_table
from web.rest_viewers import ADMINISTRATOR, VIEW_CHANNEL, RestViewers

OWNER, ADA, BO, CY, DEE = 900, 901, 902, 903, 904
MODS, GUESTS = 50, 51
TEXT, THREAD, OTHER_GUILDS = 0, 11, 3
SEND_MESSAGES = 1 << 11
OPENAPI = Path("/work/shared/discord/openapi.json")


def overwrite(target: int, allow: int = 0, deny: int = 0, member: bool = False) -> dict[str, Any]:
    return {"id": str(target), "type": 1 if member else 0, "allow": str(allow), "deny": str(deny)}


def not_found() -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown")


class FakeRest:
    """Discord's HTTP API as JSON dicts; a missing one is a 404. ``calls`` counts requests."""

    def __init__(self, everyone: int = VIEW_CHANNEL | SEND_MESSAGES) -> None:
        self.guilds = {GUILD: {"id": str(GUILD), "owner_id": str(OWNER), "roles": [
            {"id": str(GUILD), "permissions": str(everyone)},
            {"id": str(MODS), "permissions": str(VIEW_CHANNEL)},
            {"id": str(GUESTS), "permissions": "0"}]}}
        self.members: dict[tuple[int, int], dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.calls: list[str] = []
        self.fail: Exception | None = None
        self.hold: asyncio.Event | None = None

    def add_member(self, user_id: int, *roles: int) -> None:
        self.members[(GUILD, user_id)] = {"user": {"id": str(user_id)}, "roles": [str(r) for r in roles]}

    def add_channel(self, channel_id: int, *overwrites: dict[str, Any], kind: int = TEXT, parent: int | None = None,
                    guild: int = GUILD) -> None:
        self.channels[channel_id] = {"id": str(channel_id), "guild_id": str(guild), "type": kind,
                                     "parent_id": None if parent is None else str(parent),
                                     "permission_overwrites": list(overwrites)}

    async def answer(self, what: str, found: Any) -> Any:
        self.calls.append(what)
        if self.hold is not None:
            await self.hold.wait()
        if self.fail is not None:
            raise self.fail
        if found is None:
            raise not_found()
        return found

    async def guild(self, guild_id: int) -> Any:
        return await self.answer("guild", self.guilds.get(guild_id))

    async def member(self, guild_id: int, user_id: int) -> Any:
        return await self.answer("member", self.members.get((guild_id, user_id)))

    async def channel(self, channel_id: int) -> Any:
        return await self.answer("channel", self.channels.get(channel_id))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def viewers_of(rest: FakeRest, **options: Any) -> RestViewers:
    return RestViewers(rest, **options)


async def test_roles_and_overwrites_decide_as_discord_does():
    rest = FakeRest()
    for user in (ADA, BO, CY):
        rest.add_member(user)
    rest.add_member(OWNER)
    rest.add_member(DEE, GUESTS)
    rest.members[(GUILD, BO)]["roles"] = [str(MODS)]
    rest.members[(GUILD, CY)]["roles"] = [str(MODS), str(GUESTS)]
    rest.add_channel(CHANNEL)  # no overwrites: @everyone may view
    rest.add_channel(10, overwrite(GUILD, deny=VIEW_CHANNEL), overwrite(MODS, allow=VIEW_CHANNEL))
    rest.add_channel(11, overwrite(MODS, allow=VIEW_CHANNEL), overwrite(BO, deny=VIEW_CHANNEL, member=True))
    rest.add_channel(12, overwrite(GUILD, deny=VIEW_CHANNEL), overwrite(ADA, allow=VIEW_CHANNEL, member=True))
    # a role's allow beats another role's deny (roles together), whatever their order
    rest.add_channel(13, overwrite(GUESTS, deny=VIEW_CHANNEL), overwrite(MODS, allow=VIEW_CHANNEL))
    rest.add_channel(14, overwrite(GUILD, deny=VIEW_CHANNEL | SEND_MESSAGES))
    viewers = viewers_of(rest)
    expected = {
        (ADA, CHANNEL): True, (BO, CHANNEL): True,
        (ADA, 10): False, (BO, 10): True, (CY, 10): True,  # everyone denied, a role allowed
        (BO, 11): False, (ADA, 11): True,  # the member's own deny beats the role's allow
        (ADA, 12): True, (BO, 12): False,  # the member's own allow beats @everyone's deny
        (CY, 13): True, (DEE, 13): False, (ADA, 13): True,
        (ADA, 14): False, (OWNER, 14): True,  # the owner sees everything
    }
    seen = {key: await viewers.can_view(key[0], GUILD, key[1]) for key in expected}
    assert seen == expected


async def test_an_administrator_sees_through_every_deny():
    rest = FakeRest(everyone=0)
    rest.guilds[GUILD]["roles"].append({"id": "60", "permissions": str(ADMINISTRATOR)})
    rest.add_member(ADA, 60)
    rest.add_member(BO, MODS)
    rest.add_channel(CHANNEL, overwrite(MODS, deny=VIEW_CHANNEL), overwrite(ADA, deny=VIEW_CHANNEL, member=True),
                     overwrite(BO, deny=VIEW_CHANNEL, member=True))
    viewers = viewers_of(rest)
    assert await viewers.can_view(ADA, GUILD, CHANNEL) is True
    assert await viewers.can_view(BO, GUILD, CHANNEL) is False


async def test_a_thread_takes_its_parents_permissions():
    rest = FakeRest()
    rest.add_member(ADA)
    rest.add_member(BO, MODS)
    rest.add_channel(CHANNEL, overwrite(GUILD, deny=VIEW_CHANNEL), overwrite(MODS, allow=VIEW_CHANNEL))
    rest.add_channel(77, kind=THREAD, parent=CHANNEL)  # a thread carries no overwrites of its own
    viewers = viewers_of(rest)
    assert await viewers.can_view(BO, GUILD, 77) is True
    assert await viewers.can_view(ADA, GUILD, 77) is False


async def test_not_a_member_another_server_or_any_failure_is_no():
    rest = FakeRest()
    rest.add_member(ADA)
    rest.add_channel(CHANNEL)
    rest.add_channel(20, guild=OTHER_GUILDS)
    viewers = viewers_of(rest)
    assert await viewers.can_view(BO, GUILD, CHANNEL) is False  # 404: not a member
    assert await viewers.can_view(ADA, GUILD, 20) is False  # the channel is another server's
    assert await viewers.can_view(ADA, GUILD, 404) is False  # no such channel
    assert await viewers.can_view(ADA, None, CHANNEL) is False  # no server: a local table
    assert rest.calls.count("guild") <= 1
    for failure in (discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access"),
                    discord.HTTPException(SimpleNamespace(status=500, reason="Server Error"), "oops"),
                    OSError("network down"), asyncio.TimeoutError(), ValueError("bad JSON")):
        rest.fail = failure
        assert await viewers_of(rest).can_view(ADA, GUILD, CHANNEL) is False, failure
    rest.fail = None
    rest.guilds[GUILD]["roles"] = "garbage"
    assert await viewers_of(rest).can_view(ADA, GUILD, CHANNEL) is False


async def test_a_slow_discord_is_no_and_the_others_asking_share_one_fetch():
    rest = FakeRest()
    rest.add_member(ADA)
    rest.add_channel(CHANNEL)
    rest.hold = asyncio.Event()
    viewers = viewers_of(rest, timeout=0.05)
    assert await asyncio.gather(*(viewers.can_view(ADA, GUILD, CHANNEL) for _ in range(5))) == [False] * 5
    assert rest.calls == ["channel"]  # five asked, one request
    rest.hold.set()  # let the held request end
    await asyncio.sleep(0)


async def test_answers_are_kept_a_minute_and_server_data_briefly():
    rest = FakeRest()
    for user in (ADA, BO):
        rest.add_member(user)
    rest.add_channel(CHANNEL)
    clock = Clock()
    viewers = viewers_of(rest, clock=clock)
    assert await viewers.can_view(ADA, GUILD, CHANNEL) and await viewers.can_view(BO, GUILD, CHANNEL)
    assert sorted(rest.calls) == ["channel", "guild", "member", "member"]  # the channel and server asked once
    rest.channels[CHANNEL]["permission_overwrites"] = [overwrite(GUILD, deny=VIEW_CHANNEL)]
    clock.now = 59.0
    assert await viewers.can_view(ADA, GUILD, CHANNEL) is True and len(rest.calls) == 4
    clock.now = 61.0
    assert await viewers.can_view(ADA, GUILD, CHANNEL) is False and len(rest.calls) == 7


async def test_the_http_client_asks_the_paths_discord_describes():
    rest = DiscordRestClient()
    asked: list[tuple[str, str, dict[str, Any]]] = []

    async def request(route: Any, **options: Any) -> dict[str, Any]:
        asked.append((route.method, route.path, options))
        return {}

    rest.client.http.request = request
    await rest.guild(GUILD)
    await rest.member(GUILD, ADA)
    await rest.channel(CHANNEL)
    await rest.close()
    assert [(m, p) for m, p, _ in asked] == [("GET", "/guilds/{guild_id}"), ("GET", "/guilds/{guild_id}/members/{member_id}"),
                                             ("GET", "/channels/{channel_id}")]
    assert asked[0][2] == {"params": {"with_counts": 0}}
    if not OPENAPI.exists():
        pytest.skip("no copy of Discord's OpenAPI description here")
    paths = json.loads(OPENAPI.read_text())["paths"]
    for method, path, _ in asked:
        assert method.lower() in paths[path.replace("{member_id}", "{user_id}")], path
    assert any(p["name"] == "with_counts" for p in paths["/guilds/{guild_id}"]["get"]["parameters"])


async def test_end_to_end_a_discord_session_not_seated_watches_where_it_may_read(database_url):
    ada, bo, cy, dee = 80351110224678912, 80351110224678913, 80351110224678914, 80351110224678915
    rest = FakeRest(everyone=0)
    rest.add_member(cy, MODS)
    rest.add_member(dee, GUESTS)
    rest.add_channel(CHANNEL, overwrite(GUESTS, deny=VIEW_CHANNEL))
    async with discord_front(database_url, RestViewers(rest)) as front:
        table_id = await two_player_table(front.service, "deathfront", ada, bo, {"round_limit": 10})
        clients = {}
        for uid, name in ((cy, "Cy"), (dee, "Dee")):
            clients[uid] = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
            await clients[uid].start_server()
            clients[uid].session.cookie_jar.update_cookies({"tt_session": front.cookie(uid, name)})
        try:
            seen = await table_json(clients[cy], table_id)
            assert seen["watching"] is True and seen["hand"] is None and seen["moves"] == []
            assert leaks(seen, hidden_items(front.service, table_id)) == []
            refused = await clients[dee].get(f"/api/tables/{table_id}")
            assert refused.status == 403 and (await refused.json())["error"] == "web.err.not_your_table"
        finally:
            for client in clients.values():
                await client.close()


async def test_the_web_process_logs_in_once_and_a_refused_token_is_one_start_failure(monkeypatch):
    logins: list[str] = []

    async def refused(client: Any, token: str) -> None:
        logins.append(token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refused)
    with pytest.raises(StartFailure) as failure:
        await rest_viewers("secret-token")
    assert "DISCORD_TOKEN" in str(failure.value) and "secret-token" not in str(failure.value)

    async def accepted(client: Any, token: str) -> None:
        logins.append(token)

    monkeypatch.setattr(discord.Client, "login", accepted)
    viewers, rest = await rest_viewers("secret-token")
    assert isinstance(viewers, RestViewers) and viewers.rest is rest and logins == ["secret-token"] * 2
    await rest.close()
