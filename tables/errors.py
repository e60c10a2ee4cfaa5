from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A request the table refuses (not your turn, lobby full, …). ``key`` is
    an i18n key, ``params`` fill it. Carries no hidden information."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
