"""Discord sessions: the OAuth2 code exchange on the server (the Embedded
App SDK's ``authorize`` gives the page a code; the client secret never
leaves the server). ``Http`` is the one network call, injectable: tests pass
a fake, the server an aiohttp one. Nothing of a code, token or secret is
logged, and a failure says only which step failed."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

API = "https://discord.com/api/v10"

# (method, url, form data or None, headers) -> (HTTP status, JSON body)
Http = Callable[[str, str, dict[str, str] | None, dict[str, str]], Awaitable[tuple[int, Any]]]


class OAuthFailed(Exception):
    """The exchange failed; ``step`` is "token" or "user" (no details: they may quote the code)."""

    def __init__(self, step: str, status: int) -> None:
        super().__init__(f"discord {step} request failed with HTTP {status}")
        self.step = step
        self.status = status


@dataclass(frozen=True)
class DiscordUser:
    id: int
    name: str
    locale: str | None
    access_token: str = field(repr=False)  # for the SDK's authenticate(); never stored server side


@dataclass(frozen=True)
class OAuthClient:
    client_id: str
    client_secret: str = field(repr=False)
    http: Http | None = None

    async def exchange(self, code: str, redirect_uri: str | None = None) -> DiscordUser:
        """The user behind an authorization ``code``."""
        http = self.http or aiohttp_http
        form = {"client_id": self.client_id, "client_secret": self.client_secret,
                "grant_type": "authorization_code", "code": code}
        if redirect_uri:
            form["redirect_uri"] = redirect_uri
        status, body = await http("POST", f"{API}/oauth2/token", form,
                                  {"Content-Type": "application/x-www-form-urlencoded"})
        token = body.get("access_token") if status == 200 and isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise OAuthFailed("token", status)
        status, user = await http("GET", f"{API}/users/@me", None, {"Authorization": f"Bearer {token}"})
        if status != 200 or not isinstance(user, dict) or not str(user.get("id", "")).isdigit():
            raise OAuthFailed("user", status)
        name = user.get("global_name") or user.get("username") or str(user["id"])
        return DiscordUser(int(user["id"]), str(name), user.get("locale"), token)


def oauth_client(client_id: str, client_secret: str) -> OAuthClient | None:
    """The exchange where both settings are given, else None (no Discord sign-in)."""
    return OAuthClient(client_id, client_secret) if client_id and client_secret else None


async def aiohttp_http(method: str, url: str, form: dict[str, str] | None,
                       headers: dict[str, str]) -> tuple[int, Any]:
    import aiohttp

    timeout = aiohttp.ClientTimeout(total=10)
    async with aiohttp.ClientSession(timeout=timeout) as client:
        async with client.request(method, url, data=form, headers=headers) as response:
            try:
                body = await response.json(content_type=None)
            except ValueError:
                body = None
            return response.status, body
