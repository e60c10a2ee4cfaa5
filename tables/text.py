"""Turning engine events and results into localized text (no discord)."""
from __future__ import annotations

import re
from typing import Any, Callable

from db.models import Seat
from engines.base import Event
from i18n import has, t

_MARKDOWN = re.compile(r"([\\*_~`|])")
_ZWSP = "\u200b"


def safe_name(name: str) -> str:
    """A user-chosen name as plain text in a message: Markdown escaped and
    never a mention (``@everyone``, ``@here``, ``<@&role>``, ``<@user>``)."""
    text = _MARKDOWN.sub(r"\\\1", name)
    return text.replace("@", "@" + _ZWSP).replace("<#", "<" + _ZWSP + "#")


def _seat_name(seats: list[Seat], value: Any) -> Any:
    if isinstance(value, int) and 0 <= value < len(seats):
        return safe_name(seats[value].name)
    return value


def seat_params(params: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """Replace seat indexes by player names: a param named ``seat`` or
    ``*_seat`` holds one index, ``seats`` or ``*_seats`` a list of them."""
    out = dict(params)
    for key, value in params.items():
        if key == "seat" or key.endswith("_seat"):
            out[key] = _seat_name(seats, value)
        elif (key == "seats" or key.endswith("_seats")) and isinstance(value, list):
            out[key] = ", ".join(str(_seat_name(seats, v)) for v in value)
    return out


def describe(event: Event, seats: list[Seat], locale: str,
             localize: Callable[[dict[str, Any], str], dict[str, Any]] | None = None, you: int | None = None) -> str:
    """An event as a log line. ``you``: the reader's seat — an event of theirs
    with a second-person form (``<key>_you``) speaks to them."""
    params = localize(event.params, locale) if localize else event.params
    key = event.key
    if you is not None and event.params.get("seat") == you and has(f"{key}_you"):
        key = f"{key}_you"
    text = t(key, locale, **seat_params(params, seats))
    # A move the table played because it was the seat's only legal one.
    return f"⏩ {text}" if params.get("forced") else text


def game_name(game_type: str, locale: str) -> str:
    return t(f"core.game.{game_type}", locale)


def step_key(game_type: str, state: Any, engine: Any = None, seat: int | None = None) -> str | None:
    """The i18n key naming the current step, where the game has named steps;
    with ``engine`` and ``seat``, the step as that seat plays it where the
    engine says (its optional ``seat_step``: Death Front's round 1 draw may
    come before the others have answered the mulligan)."""
    seat_step = getattr(engine, "seat_step", None) if seat is not None else None
    step = (seat_step(state, seat) if seat_step is not None else None) \
        or getattr(state, "step", None) or getattr(state, "phase", None)
    key = f"{game_type}.step.{step}"
    return key if step and has(key) else None


def action_kinds(engine: Any, state: Any, seat: int) -> list[str]:
    """The kinds of action ``seat`` may take now, in the engine's order."""
    kinds: list[str] = []
    for action in engine.legal_actions(state, seat):
        kind = getattr(action, "kind", None) or type(action).__name__.lower()
        if kind not in kinds:
            kinds.append(kind)
    return kinds


def kind_key(game_type: str, kind: str) -> str:
    """The i18n key naming an action kind (a game may name it its own way)."""
    own = f"core.act.{game_type}_{kind}"
    return own if has(own) else f"core.act.{kind}"


def kinds_text(game_type: str, kinds: list[str], locale: str) -> str:
    names = [t(kind_key(game_type, k), locale) if has(kind_key(game_type, k)) else k for k in kinds]
    return or_list(names, locale)


def or_list(names: list[str], locale: str) -> str:
    """"a, b or c" (Chinese: "a、b或c")."""
    if len(names) <= 2:
        return t("core.act.or", locale).join(names)
    return t("core.act.comma", locale).join(names[:-1]) + t("core.act.or", locale) + names[-1]


def turn_hint(game_type: str, engine: Any, state: Any, seat: int, locale: str) -> str:
    """What a player to act may do now: "attack step: attack or pass"."""
    what = kinds_text(game_type, action_kinds(engine, state, seat), locale)
    key = step_key(game_type, state, engine, seat)
    return t("core.turn.step_hint", locale, step=t(key, locale), actions=what) if key else what


def score_line(engine: Any, state: Any, seats: list[Seat], locale: str) -> str:
    """"Score: Alice 12 · Bob 8" after a move; empty for a game without a
    running score; a game whose lowest score wins says so."""
    scores = engine.scores(state) if state is not None else None
    if not scores:
        return ""
    parts = " · ".join(f"{safe_name(seat.name)} {score:g}" for seat, score in zip(seats, scores, strict=False))
    key = "core.action.scores_low" if engine.lowest_score_wins else "core.action.scores"
    return t(key, locale, scores=parts)
