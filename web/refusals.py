"""Refusals as the API answers them: ``{"error": key, "message": text}``
with an HTTP status; the message in the reader's language, never carrying
hidden information (the keys are the catalogues')."""
from __future__ import annotations

from typing import Any

from aiohttp import web

from engines.base import IllegalAction
from i18n import t
from tables.errors import TableError


class Refusal(Exception):
    def __init__(self, status: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.params = params


def refusal_response(status: int, key: str, locale: str, **params: Any) -> web.Response:
    return web.json_response({"error": key, "message": t(key, locale, **params)}, status=status)


def from_table(error: TableError | IllegalAction, localize: Any = None, locale: str = "en") -> Refusal:
    """A table's or an engine's refusal: 409 when the game moved on or it is
    not the player's turn, else 422."""
    params = dict(error.params)
    if localize is not None:
        params = localize(params, locale)
    status = 409 if error.key in ("core.err.not_your_turn", "core.err.stale_table", "core.err.moved_on") else 422
    return Refusal(status, error.key, **params)
