from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A request the table refuses (not your turn, lobby full, …). ``key`` is
    an i18n key, ``params`` fill it. Carries no hidden information."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def seat_count_error(low: int, high: int, count: int, allowed: list[int] | None = None) -> TableError:
    """The refusal for a seat count the game does not take ("needs exactly 4
    players" rather than "needs 4–4 players"; "2 or 4" rather than "2–4" when
    3 is not allowed)."""
    if allowed is not None and len(allowed) == 2 and allowed[1] - allowed[0] > 1:
        return TableError("core.err.seat_count_either", first=allowed[0], second=allowed[1], count=count)
    if low == high:
        return TableError("core.err.seat_count_exact", players=low, count=count)
    return TableError("core.err.seat_count", min=low, max=high, count=count)
