"""What every handler of the web app reads: the table service and the web's
own parts, kept on the aiohttp application under ``CONTEXT``."""
from __future__ import annotations

from dataclasses import dataclass, field

from aiohttp import web

from tables.service import TableService
from web.discord_oauth import OAuthClient
from web.notifier import WebNotifier
from web.pictures import Pictures
from web.rate_limit import RateLimiter
from web.sessions import Session, SessionKeeper
from web.viewers import ChannelViewers


@dataclass
class WebContext:
    service: TableService
    notifier: WebNotifier
    sessions: SessionKeeper
    limiter: RateLimiter = field(default_factory=RateLimiter)
    pictures: Pictures = field(default_factory=Pictures)
    local: bool = False  # local play: the /api/local routes answer
    oauth: OAuthClient | None = None  # Discord sessions (DISCORD_CLIENT_ID/SECRET)
    viewers: ChannelViewers | None = None  # who may watch a Discord channel's tables (the bot)


CONTEXT = web.AppKey("tabletop_web", WebContext)
SESSION = web.RequestKey("tt_session", Session)  # the request's Session, set by the session middleware


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]


def session_of(request: web.Request) -> Session:
    return request[SESSION]
