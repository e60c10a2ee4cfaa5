"""The Activity's side of tests: a fake Discord for the OAuth2 code exchange
(each code a user), a stand-in for the bot's ChannelViewers, and a Discord
table (a guild channel, seated by a Discord user against an AI)."""
from __future__ import annotations

from typing import Any

from tables.service import TableService
from web.discord_oauth import OAuthClient

CLIENT_ID = "1234567890"
GUILD = 700
CHANNEL = 800_000_000_000_000_001


class FakeDiscord:
    """Discord's token and user routes: ``codes`` maps a code to (user id,
    name, locale); any other code is refused at the token step."""

    def __init__(self, codes: dict[str, tuple[int, str, str]]) -> None:
        self.codes = codes
        self.tokens: dict[str, tuple[int, str, str]] = {}

    async def __call__(self, method: str, url: str, form: dict[str, str] | None,
                       headers: dict[str, str]) -> tuple[int, Any]:
        if url.endswith("/oauth2/token"):
            user = self.codes.get((form or {}).get("code", ""))
            if user is None:
                return 400, {"error": "invalid_grant"}
            token = f"access-{user[0]}"
            self.tokens[token] = user
            return 200, {"access_token": token, "token_type": "Bearer"}
        user = self.tokens.get(headers.get("Authorization", "").removeprefix("Bearer "))
        if user is None:
            return 401, {}
        return 200, {"id": str(user[0]), "username": user[1], "global_name": user[1], "locale": user[2]}


def fake_oauth(codes: dict[str, tuple[int, str, str]]) -> OAuthClient:
    return OAuthClient(CLIENT_ID, "app-secret", FakeDiscord(codes))


class Viewers:
    """The bot's answer to "may this user read this channel": ``allowed``
    holds (user id, channel id) pairs; every question is kept."""

    def __init__(self, allowed: set[tuple[int, int]] | None = None) -> None:
        self.allowed = allowed or set()
        self.asked: list[tuple[int, int | None, int]] = []

    async def can_view(self, user_id: int, guild_id: int | None, channel_id: int) -> bool:
        self.asked.append((user_id, guild_id, channel_id))
        return (user_id, channel_id) in self.allowed


async def discord_table(service: TableService, user_id: int, name: str, game: str = "cubed",
                        options: dict[str, Any] | None = None, channel: int = CHANNEL,
                        start: bool = True) -> int:
    """A table in a guild channel, hosted by ``user_id`` against a greedy AI."""
    definition = service.registry.get(game)
    config = definition.config_for(2, dict(options or {"rounds": 1}))
    table = await service.open_lobby(game, GUILD, channel, user_id, name, config)
    await service.add_ai(table.id, user_id)
    await service.set_ai_level(table.id, user_id, "greedy")
    if start:
        await service.start(table.id, user_id)
    return table.id
