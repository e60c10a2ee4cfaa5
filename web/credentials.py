"""The session token a request presents: ``Authorization: Bearer <token>``
(the Activity: inside Discord's iframe the SameSite=Strict cookie is not
sent) or the ``tt_session`` cookie (a page on the site itself); for a
WebSocket, which cannot carry a header, a one-use ticket in its query
(web/tickets.py). Either is the same signed session, checked the same way."""
from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web

from web.sessions import COOKIE
from web.tickets import TICKETS

ACTIVITY_HOST = "{client_id}.discordsays.com"  # where Discord serves an application's Activity


def presented_token(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return request.cookies.get(COOKIE)


def socket_token(request: web.Request) -> str | None:
    """A socket's token: its ticket's (used up now), else the usual one."""
    if "ticket" in request.query:
        return request.app[TICKETS].take(request.query.get("ticket"))
    return presented_token(request)


def same_origin(request: web.Request, client_id: str | None) -> bool:
    """The request comes from the site's own pages: no Origin, this host, or
    the application's Activity host (Discord's proxy serves the page there)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = urlsplit(origin).netloc
    return host == request.host or (bool(client_id) and host == ACTIVITY_HOST.format(client_id=client_id))
