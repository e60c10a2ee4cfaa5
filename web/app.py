"""The aiohttp application: pages, the JSON API, and the middleware every
API request passes — the session (a signed cookie, the same as a bearer
token, or a socket's one-use ticket: web/credentials.py), the rate limit per
session, same-origin writes, and refusals answered as JSON in the reader's
language. Nothing of a cookie, hand or secret reaches a log."""
from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable

from aiohttp import web

from tables.errors import Refusal as TableRefusal
from tables.service import TableService
from web import (
    activity_routes,
    channel_routes,
    community_routes,
    continue_routes,
    discord_routes,
    hint_routes,
    learn_routes,
    lobby_routes,
    local_routes,
    pages,
    review_routes,
    table_routes,
    tournament_routes,
)
from web.context import CONTEXT, SESSION, WebContext
from web.credentials import presented_token, same_origin, socket_token
from web.discord_oauth import OAuthClient
from web.notifier import WebNotifier
from web.pictures import Pictures
from web.rate_limit import RateLimiter
from web.refusals import Refusal, from_table, refusal_response
from web.sessions import SessionKeeper
from web.tickets import TICKETS, SocketTickets
from web.tournament_news import TOURNAMENT_NEWS, TournamentNews
from web.viewers import ChannelViewers

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
OPEN_ROUTES = frozenset({("POST", "/api/local/session"), ("POST", "/api/discord/session"), ("GET", "/api/session")})


def reader_locale(request: web.Request) -> str:
    session = request.get(SESSION)
    if session is not None:
        return str(session.locale)
    return local_routes.request_locale(request)


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except Refusal as refusal:
        return refusal_response(refusal.status, refusal.key, reader_locale(request), **refusal.params)
    except TableRefusal as error:  # the table's seat checks (tables.seating), raised as they are
        answer = from_table(error, locale=reader_locale(request))
        return refusal_response(answer.status, answer.key, reader_locale(request), **answer.params)
    except web.HTTPException as error:
        if request.path.startswith("/api/") and error.status >= 400:
            key = "web.err.no_route" if error.status in (404, 405) else "web.err.bad_request"
            return refusal_response(error.status, key, reader_locale(request))
        raise
    except Exception as error:  # type and place only: a message may quote a view
        where = traceback.extract_tb(error.__traceback__)[-1]
        log.error("%s %s failed: %s at %s:%s", request.method, request.path, type(error).__name__,
                  where.filename.rsplit("/", 1)[-1], where.lineno)
        return refusal_response(500, "web.err.internal", reader_locale(request))


@web.middleware
async def sessions(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not request.path.startswith("/api/"):
        return await handler(request)
    context = request.app[CONTEXT]
    socket = request.path.endswith("/ws")
    writes = request.method not in ("GET", "HEAD") or socket  # a socket acts for its page
    if writes and not same_origin(request, context.oauth.client_id if context.oauth else None):
        raise Refusal(403, "web.err.bad_origin")
    session = context.sessions.read(socket_token(request) if socket else presented_token(request))
    if session is not None:
        request[SESSION] = session
    if (request.method, request.path) in OPEN_ROUTES:
        key = f"addr:{request.remote}"
    elif session is None:
        raise Refusal(401, "web.err.no_session")
    else:
        key = f"session:{session.sid}"
    if not context.limiter.allow(key):
        raise Refusal(429, "web.err.slow_down")
    return await handler(request)


def create_app(service: TableService, notifier: WebNotifier, *, local: bool, secret: str | None = None,
               limiter: RateLimiter | None = None, drawing: object | None = None,
               oauth: OAuthClient | None = None, viewers: ChannelViewers | None = None,
               activity_mock: bool = False) -> web.Application:
    """The web front end over ``service``. ``notifier`` must be (part of)
    the service's notifier for pages to hear of changes. ``local``: the
    local-play routes answer. ``secret``: signs the cookies (None: one made
    for this process, so its sessions end with it). ``activity_mock``: tests
    only, never a setting — the Activity page uses Discord's DiscordSDKMock."""
    app = web.Application(middlewares=[refusals, sessions], client_max_size=64 * 1024)
    app[CONTEXT] = WebContext(service, notifier, SessionKeeper(secret), limiter or RateLimiter(),
                              Pictures(drawing), local, oauth, viewers)
    app[TICKETS] = SocketTickets()
    news = TournamentNews(service.queries, notifier.guild_listening, notifier.tell_guild)
    notifier.on_over.append(news.game_over)
    app[TOURNAMENT_NEWS] = news
    pages.add_routes(app)
    activity_routes.add_routes(app, mock=activity_mock)
    channel_routes.add_routes(app)
    local_routes.add_routes(app, local)
    discord_routes.add_routes(app)
    table_routes.add_routes(app)
    continue_routes.add_routes(app)
    hint_routes.add_routes(app)
    lobby_routes.add_routes(app)
    review_routes.add_routes(app)
    community_routes.add_routes(app)
    tournament_routes.add_routes(app)
    learn_routes.add_routes(app)

    async def close_sockets(app: web.Application) -> None:
        app[TOURNAMENT_NEWS].close()
        await app[CONTEXT].notifier.close_all()

    app.on_shutdown.append(close_sockets)
    return app
