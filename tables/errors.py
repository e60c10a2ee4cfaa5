"""Refusals: the table's own (``TableError``), the one base every refusal
shares (``Refusal``: an engine's ``IllegalAction`` is one too), and the one
way a refusal is put into the reader's words (``refusal_text``), which both
front ends use."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from db.models import Seat
from engines.refusal import Refusal
from i18n import has, t
from tables.text import or_list, seat_params

__all__ = ["PRE_ESCAPED", "Refusal", "TableError", "localized_params", "refusal_text", "seat_count_error"]

Localizer = Callable[[dict[str, Any], str], dict[str, Any]]
# Params the table service already made safe (players' names, escaped by tables.text.safe_name).
PRE_ESCAPED = frozenset({"players"})


class TableError(Refusal):
    """A request the table refuses (not your turn, lobby full, …). ``key`` is
    an i18n key, ``params`` fill it. Carries no hidden information."""


def localized_params(refusal: Refusal, locale: str, localize: Localizer | None = None,
                     seats: Sequence[Seat] | None = None,
                     quote: Callable[[str], str] | None = None) -> dict[str, Any]:
    """A refusal's params as the reader reads them: a game id by the game's
    name, the game's own params in the reader's language (``localize``: card
    names), seat indexes by the players' names (``seats``), i18n keys given
    as params (``*_key``, ``*_keys``) in the reader's words, and every other
    text — what the user typed — through ``quote`` (a front end's escaping)."""
    params = dict(refusal.params)
    if isinstance(params.get("game"), str) and has(f"core.game.{params['game']}"):
        params["game"] = t(f"core.game.{params['game']}", locale)  # a game id, shown by its name
    if localize is not None:
        params = localize(params, locale)
    if seats is not None:
        params = seat_params(params, list(seats))
    for name, value in refusal.params.items():
        if name.endswith("_key") and isinstance(value, str):
            params[name] = t(value, locale)
        elif name.endswith("_keys") and isinstance(value, list):
            params[name] = or_list([t(k, locale) for k in value], locale)
        elif quote is not None and name not in PRE_ESCAPED and isinstance(params.get(name), str):
            params[name] = quote(params[name])
    return params


def refusal_text(refusal: Refusal, locale: str, localize: Localizer | None = None,
                 seats: Sequence[Seat] | None = None, quote: Callable[[str], str] | None = None) -> str:
    """The refusal in the reader's language (see ``localized_params``)."""
    return t(refusal.key, locale, **localized_params(refusal, locale, localize, seats, quote))


def seat_count_error(low: int, high: int, count: int, allowed: list[int] | None = None) -> TableError:
    """The refusal for a seat count the game does not take ("needs exactly 4
    players" rather than "needs 4–4 players"; "2 or 4" rather than "2–4" when
    3 is not allowed)."""
    if allowed is not None and len(allowed) == 2 and allowed[1] - allowed[0] > 1:
        return TableError("core.err.seat_count_either", first=allowed[0], second=allowed[1], count=count)
    if low == high:
        return TableError("core.err.seat_count_exact", players=low, count=count)
    return TableError("core.err.seat_count", min=low, max=high, count=count)
