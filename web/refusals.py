"""Refusals as the API answers them: ``{"error": key, "message": text}``
with an HTTP status; the message in the reader's language, never carrying
hidden information (the keys are the catalogues')."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aiohttp import web

from i18n import t
from tables.errors import Localizer, localized_params
from tables.errors import Refusal as TableRefusal
from tables.records import Seat

STATUS = {"core.err.not_seated": 403, "core.err.not_playing": 409, "core.err.not_your_turn": 409,
          "core.err.stale_table": 409, "core.err.moved_on": 409}


class Refusal(Exception):
    def __init__(self, status: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.params = params


def refusal_response(status: int, key: str, locale: str, **params: Any) -> web.Response:
    return web.json_response({"error": key, "message": t(key, locale, **params)}, status=status)


def from_table(error: TableRefusal, localize: Localizer | None = None, locale: str = "en",
               seats: Sequence[Seat] | None = None) -> Refusal:
    """A table's or an engine's refusal, its params in the reader's words
    (``tables.errors.localized_params``): 403 for a caller with no seat, 409
    when the game is not in play, moved on or it is not the player's turn,
    else 422."""
    params = localized_params(error, locale, localize, seats)
    return Refusal(STATUS.get(error.key, 422), error.key, **params)
