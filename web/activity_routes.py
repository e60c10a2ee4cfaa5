"""What the Activity page needs besides the table routes: its configuration
(``/activity/config.json``: the application's public client id, whether
the client bundle is built, the reader's language) and one-use socket
tickets (``POST /api/session/ticket``, web/tickets.py). ``mock`` is for
tests only (``create_app(activity_mock=True)``, never a setting): the page
then signs in through Discord's own DiscordSDKMock."""
from __future__ import annotations

from pathlib import Path

from aiohttp import web

from web.context import context_of
from web.credentials import presented_token
from web.local_routes import request_locale
from web.refusals import Refusal
from web.tickets import TICKETS

BUNDLE = Path(__file__).parent / "static" / "build" / "activity.js"  # built by `npm run build` in web/activity
MOCK = web.AppKey("tabletop_activity_mock", bool)


async def config(request: web.Request) -> web.Response:
    oauth = context_of(request).oauth
    return web.json_response({"client_id": oauth.client_id if oauth else "", "built": BUNDLE.is_file(),
                              "mock": request.app[MOCK], "locale": request_locale(request)},
                             headers={"Cache-Control": "no-store"})


async def socket_ticket(request: web.Request) -> web.Response:
    token = presented_token(request)
    if token is None:  # the middleware found a session, so there is one
        raise Refusal(401, "web.err.no_session")
    return web.json_response({"ticket": request.app[TICKETS].issue(token)}, headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application, mock: bool = False) -> None:
    app[MOCK] = mock
    app.router.add_get("/activity/config.json", config)
    app.router.add_post("/api/session/ticket", socket_ticket)
