"""``POST /api/discord/session`` {"code"}: a session bound to the Discord
user behind an Embedded App SDK authorization code (only where
DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set). It answers the access
token the SDK's ``authenticate`` needs (the server keeps none of it) and the
session itself twice: as the cookie, and as ``token`` for the Activity, which
runs in Discord's iframe where the cookie is not sent and so presents it as
``Authorization: Bearer`` (web/credentials.py)."""
from __future__ import annotations

import logging

from aiohttp import web

from web.context import context_of
from web.discord_oauth import OAuthFailed
from web.local_routes import cookie_args, request_locale
from web.refusals import Refusal
from web.requests import json_body
from web.sessions import COOKIE, clean_name

log = logging.getLogger(__name__)


async def discord_session(request: web.Request) -> web.Response:
    context = context_of(request)
    if context.oauth is None:
        raise Refusal(404, "web.err.no_discord")
    body = await json_body(request)
    code = body.get("code")
    if not isinstance(code, str) or not 0 < len(code) <= 256:
        raise Refusal(400, "web.err.bad_code")
    try:
        user = await context.oauth.exchange(code)
    except OAuthFailed as failure:
        log.warning("discord sign-in failed at the %s step (HTTP %s)", failure.step, failure.status)
        raise Refusal(401, "web.err.discord_refused") from None
    locale = request_locale(request, user.locale)
    session, cookie = context.sessions.new(user.id, clean_name(user.name, str(user.id)), locale, "discord")
    response = web.json_response({"name": session.name, "locale": locale, "mode": "discord",
                                  "access_token": user.access_token, "token": cookie})
    response.set_cookie(COOKIE, cookie, **cookie_args(request))
    return response


def add_routes(app: web.Application) -> None:
    app.router.add_post("/api/discord/session", discord_session)
