"""The one base of every refusal players read: an engine's ``IllegalAction``
and the table's ``TableError`` are both ``Refusal``s, so a front end catches
one name (``tables.errors.Refusal``) and renders it in one place
(``tables.errors.refusal_text``). It lives here, at the bottom, because the
engines raise refusals and import nothing above them."""
from __future__ import annotations

from typing import Any


def _rebuilt(kind: type["Refusal"], key: str, params: dict[str, Any]) -> "Refusal":
    return kind(key, **params)


class Refusal(Exception):
    """A request refused: ``key`` is an i18n message key and ``params`` fill
    it. Nothing changed, and the reason never carries hidden information."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        # Key and params survive a trip through a worker process.
        return _rebuilt, (type(self), self.key, self.params)
