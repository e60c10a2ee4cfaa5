"""One-use tickets for a WebSocket: a browser cannot set a header on a
socket, and inside Discord's iframe the session cookie is not sent, so the
Activity asks for a ticket (``POST /api/session/ticket``, with its bearer
token) and opens ``…/ws?ticket=…``. A ticket is random, lives for
``TICKET_SECONDS``, opens one socket, and means nothing afterwards, so the URL
is worthless to whoever reads it in a log. A ticket keeps the session's
signed token, read again when it is used: a session ended meanwhile opens
nothing."""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from aiohttp import web

TICKET_SECONDS = 30.0
MAX_TICKETS = 10_000  # unclaimed tickets kept at most; the oldest go first


class SocketTickets:
    def __init__(self, clock: Callable[[], float] = time.monotonic, lifetime: float = TICKET_SECONDS) -> None:
        self.clock = clock
        self.lifetime = lifetime
        self.open: dict[str, tuple[str, float]] = {}  # ticket -> (the session's token, expiry)

    def __repr__(self) -> str:  # tickets never show, not even in a traceback's locals
        return f"SocketTickets({len(self.open)} open)"

    def issue(self, token: str) -> str:
        self.drop_expired()
        while len(self.open) >= MAX_TICKETS:
            self.open.pop(next(iter(self.open)))
        ticket = secrets.token_urlsafe(24)
        self.open[ticket] = (token, self.clock() + self.lifetime)
        return ticket

    def take(self, ticket: str | None) -> str | None:
        """The token a ticket was issued for, once; None for an unknown,
        used or expired one."""
        if not ticket or len(ticket) > 64:
            return None
        found = self.open.pop(ticket, None)
        if found is None or self.clock() > found[1]:
            return None
        return found[0]

    def drop_expired(self) -> None:
        now = self.clock()
        for ticket in [t for t, (_, expiry) in self.open.items() if expiry < now]:
            del self.open[ticket]


TICKETS = web.AppKey("tabletop_socket_tickets", SocketTickets)
