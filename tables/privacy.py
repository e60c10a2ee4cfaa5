"""Forgetting a player (``/privacy delete``, ``tabletop forget USER_ID``)
and showing forgotten players ("a former player", in the reader's language).

A forgotten player's seats keep their place, rank and score, with no user id
and the name ``FORMER_PLAYER``; their ratings and settings are deleted, their
results rows lose the user id, a game they hosted gets host ``FORMER_HOST``.
The names an engine copied into a game's state (the snapshot) are found by
dealing the game twice from its seed, once with the old names and once with
the marker, and rewriting the places where the two differ. Refused while
they sit at or host a live lobby or game. Nothing of the user is logged.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, cast

from db.database import Database
from db.models import GameRecord, Seat
from db.privacy import (
    FORMER_HOST,
    FORMER_PLAYER,
    LIVE,
    forget_rows,
    games_of,
    rewrite_game,
    scrub_actions,
    scrub_id,
    set_snapshot_state,
    snapshot_state,
)
from db.tournaments import forget_entrant, going_with
from i18n import t
from tables.errors import TableError
from tables.live import seat_infos
from tables.registry import GameRegistry

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Forgotten:
    games: int  # game records anonymised
    ratings: int  # rating rows deleted
    settings: int  # settings rows deleted (0 or 1)


async def forget(db: Database, registry: GameRegistry, user_id: int) -> Forgotten:
    """Anonymise ``user_id`` everywhere, in one transaction; ``TableError``
    ``privacy.err.live`` (and nothing changed) while they are in a live game."""
    async with db.transaction() as conn:
        records = await games_of(conn, user_id)
        live = [r.id for r in records if r.status in LIVE]
        if live:
            raise TableError("privacy.err.live", games=", ".join(f"#{i}" for i in live))
        going = await going_with(conn, user_id)
        if going:
            raise TableError("tournament.err.running", tournaments=", ".join(f"#{i}" for i in going))
        for record in records:
            await _forget_in_game(conn, registry, record, user_id)
        await forget_entrant(conn, user_id, FORMER_PLAYER, FORMER_HOST)
        ratings, settings = await forget_rows(conn, user_id)
    log.info("forgot a player on request: %d games anonymised, %d ratings deleted", len(records), ratings)
    return Forgotten(games=len(records), ratings=ratings, settings=settings)


async def _forget_in_game(conn: Any, registry: GameRegistry, record: GameRecord, user_id: int) -> None:
    before = record.model_copy(deep=True)
    for index, seat in enumerate(record.seats):
        if seat.user_id == user_id:
            record.seats[index] = seat.model_copy(update={"user_id": None, "name": FORMER_PLAYER})
    record.config = scrub_id(record.config, user_id)
    if record.host_id == user_id:
        record.host_id = FORMER_HOST
    await rewrite_game(conn, record)
    state = await snapshot_state(conn, record.id)
    if state is not None:
        renamed = renamed_state(registry, before, record, state)
        await set_snapshot_state(conn, record.id, scrub_id(renamed, user_id))
    await scrub_actions(conn, record.id, user_id)


def renamed_state(registry: GameRegistry, before: GameRecord, after: GameRecord, state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with the seat names of ``before`` replaced by those of
    ``after`` wherever the engine put them."""
    old_names = {s.name for s, n in zip(before.seats, after.seats) if s.name != n.name}
    if not old_names:
        return state
    try:
        engine = registry.get(before.game_type).engine
        config = engine.config_from_json(before.config)
        dealt_old = engine.state_to_json(engine.new_game(config, seat_infos(before), before.seed))
        dealt_new = engine.state_to_json(engine.new_game(config, seat_infos(after), before.seed))
    except Exception:  # an unknown game type, or options the engine no longer takes
        log.warning("game %d: renaming by the places of a fresh deal failed; renaming exact matches", before.id)
        return cast(dict[str, Any], _replace_exact(state, old_names, FORMER_PLAYER))
    return cast(dict[str, Any], _follow(dealt_old, dealt_new, state))


def _follow(old: Any, new: Any, state: Any) -> Any:
    """``state`` with each text that differs between the deals ``old`` and
    ``new`` (at the same place) changed from ``old``'s to ``new``'s."""
    if isinstance(old, dict) and isinstance(new, dict) and isinstance(state, dict):
        return {k: _follow(old[k], new[k], v) if k in old and k in new else v for k, v in state.items()}
    if isinstance(old, list) and isinstance(new, list) and isinstance(state, list):
        return [_follow(old[i], new[i], v) if i < len(old) and i < len(new) else v for i, v in enumerate(state)]
    if isinstance(old, str) and isinstance(new, str) and old != new and state == old:
        return new
    return state


def _replace_exact(value: Any, names: set[str], marker: str) -> Any:
    """When the deal cannot be made: texts equal to a forgotten name (a
    name may equal a game's word, so this is only the fallback)."""
    if isinstance(value, dict):
        return {k: _replace_exact(v, names, marker) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_exact(v, names, marker) for v in value]
    return marker if isinstance(value, str) and value in names else value


def forgotten(seat: Seat) -> bool:
    return seat.user_id is None and seat.name == FORMER_PLAYER


def forgotten_name(name: str, user_id: int | None, locale: str) -> str:
    """A stored name as a reader sees it (a tournament's entrant): "a former player" once forgotten."""
    return t("privacy.former_player", locale) if user_id is None and name == FORMER_PLAYER else name


def seat_name(seat: Seat, locale: str) -> str:
    """A seat's name as a reader sees it: "a former player" in ``locale`` for a forgotten one."""
    return t("privacy.former_player", locale) if forgotten(seat) else seat.name


def shown(record: GameRecord, locale: str) -> GameRecord:
    """The record as a reader sees it: a forgotten seat named "a former
    player" in ``locale``."""
    if not any(forgotten(s) for s in record.seats):
        return record
    seats = [s.model_copy(update={"name": seat_name(s, locale)}) if forgotten(s) else s for s in record.seats]
    return record.model_copy(update={"seats": seats})
