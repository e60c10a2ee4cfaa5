"""Who a request is: a session in a signed cookie (``tt_session``).

The cookie holds the session's id, its user id, name, language and when it
was issued, signed by itsdangerous (``URLSafeTimedSerializer``: HMAC-SHA256
under a key derived from the settings' ``WEB_SECRET`` or one made for this
process, with the salt ``SALT`` and the signing time). A cookie whose
signature, form or age is wrong (older than ``MAX_AGE_SECONDS``, or signed
in the future), or whose session was ended, is refused. Nothing of a
cookie or the secret is ever logged.

A local session (local play, no Discord) owns a block of ``LOCAL_SEATS``
negative user ids — Discord ids are positive — so one browser can hold
several seats of a table (hot-seat) and two sessions never share a seat.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from itsdangerous import BadData, TimestampSigner, URLSafeTimedSerializer

COOKIE = "tt_session"
MAX_AGE_SECONDS = 30 * 24 * 3600
LOCAL_SEATS = 16  # user ids a local session owns: uid, uid-1, … (hot-seat players)
MAX_NAME = 32
SALT = "tabletop.web.session"  # a value signed for another use under the same secret is no session
MAX_COOKIE = 1024


@dataclass(frozen=True)
class Session:
    sid: str
    uid: int  # a Discord user id, or the first (highest) of a local session's ids
    name: str
    locale: str
    mode: str  # "local" or "discord"
    issued: float

    def owns(self, user_id: int | None) -> bool:
        """``user_id`` is this session's (a local session: one of its block)."""
        if user_id is None:
            return False
        if self.mode == "local":
            return self.uid - LOCAL_SEATS < user_id <= self.uid
        return user_id == self.uid

    def local_user(self, index: int) -> int:
        """The user id of the session's ``index``-th hot-seat player."""
        if not 0 <= index < LOCAL_SEATS:
            raise ValueError("hot-seat index out of range")
        return self.uid - index


def new_local_uid() -> int:
    """A fresh negative block start, a multiple of LOCAL_SEATS."""
    return -LOCAL_SEATS * (1 + secrets.randbits(40))


def clean_name(name: object, fallback: str) -> str:
    text = " ".join(str(name or "").split())[:MAX_NAME]
    return text or fallback


class ClockedSigner(TimestampSigner):
    """itsdangerous's timestamp signer on the keeper's clock (tests move it)."""

    def __init__(self, *args: Any, clock: Callable[[], float] = time.time, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock

    def get_timestamp(self) -> int:
        return int(self.clock())


class SessionKeeper:
    """Makes and checks session cookies; remembers the sessions ended in
    this process (a replayed cookie of an ended session is refused)."""

    def __init__(self, secret: str | None = None, clock: Callable[[], float] = time.time,
                 max_age: float = MAX_AGE_SECONDS) -> None:
        self.clock = clock
        self.max_age = max_age
        self._serializer = URLSafeTimedSerializer(
            secret or secrets.token_hex(32), salt=SALT, signer=ClockedSigner,
            signer_kwargs={"digest_method": hashlib.sha256, "clock": clock})
        self._ended: set[str] = set()

    def __repr__(self) -> str:  # the key never shows, not even in a traceback's locals
        return "SessionKeeper(<secret>)"

    def new(self, uid: int, name: str, locale: str, mode: str) -> tuple[Session, str]:
        session = Session(secrets.token_urlsafe(12), uid, name, locale, mode, self.clock())
        return session, self.cookie(session)

    def cookie(self, session: Session) -> str:
        return str(self._serializer.dumps(asdict(session)))

    def read(self, cookie: str | None) -> Session | None:
        """The session of a cookie, or None when it is not one of ours,
        expired or ended."""
        if not cookie or len(cookie) > MAX_COOKIE:
            return None
        try:
            data = self._serializer.loads(cookie, max_age=int(self.max_age))
            session = Session(**data)
        except (BadData, ValueError, TypeError):  # forged, foreign, expired, malformed
            return None
        if session.sid in self._ended:
            return None
        return session

    def ended(self, session: Session) -> bool:
        """Whether ``session`` was ended here (a socket opened before goes quiet)."""
        return session.sid in self._ended

    def end(self, session: Session) -> None:
        self._ended.add(session.sid)
