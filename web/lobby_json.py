"""The ``lobby`` part of a table's JSON while it is a lobby: who sits (the
host, the AIs and their level, each seat's side), the game's lobby options
with their values in words (``GameDefinition.lobby_options``, the ones the
Discord lobby's selects and switches offer), who starts, the sides of a team
lobby, and what this session may do. Everything here is public: the Discord
lobby message shows the same."""
from __future__ import annotations

from typing import Any

from engines import ai
from games.options import DEFAULT_FIRST, FIRST_SEAT, first_default_text
from games.teams import SIDE_KEY
from i18n import has, t
from tables import privacy
from tables.teams import SIDES, sides_of, team_sides
from web.access import SeenTable


def seat_range(table: SeenTable) -> tuple[int, int]:
    engine = table.engine
    low, high = engine.seat_range(engine.config_from_json(table.record.config))
    return int(low), int(high)


def options_json(table: SeenTable, locale: str) -> list[dict[str, Any]]:
    config = table.record.config
    return [{"key": option.key, "title": option.title(locale), "toggle": option.toggle,
             "value": option.read(config),
             "values": [{"value": value, "label": option.label(value, locale)} for value in option.values]}
            for option in table.definition.lobby_options]


def first_json(table: SeenTable, locale: str, most: int) -> dict[str, Any] | None:
    """Who starts: the game's default or a seat (the host's choice), as the Discord lobby's select."""
    if not table.definition.host_picks_first or most < 2:
        return None
    first = table.record.config.get(FIRST_SEAT)
    choices = [{"value": DEFAULT_FIRST, "label": first_default_text(table.record.game_type, locale)}]
    choices += [{"value": str(i), "label": f"{i + 1}. {privacy.seat_name(seat, locale)}"}
                for i, seat in enumerate(table.record.seats)]
    return {"key": FIRST_SEAT, "title": t("core.option.first_seat", locale),
            "value": str(first) if isinstance(first, int) else DEFAULT_FIRST, "values": choices}


def seat_choice_text(game_type: str, key: str, value: object, locale: str) -> str:
    """A seat's own choice (a faction) by its name in ``locale`` where it has one."""
    value_key = f"{game_type}.{key}.{value}"
    return t(value_key, locale) if has(value_key) else str(value)


def seat_choices_json(table: SeenTable, locale: str) -> list[dict[str, Any]]:
    """The game's own choices of each player (a faction), as the host's and the players' selects offer them."""
    return [{"key": choice.key, "title": choice.title(locale),
             "values": [{"value": value, "label": choice.label(value, locale)} for value in choice.values]}
            for choice in table.definition.seat_choices]


def lobby_json(table: SeenTable, locale: str) -> dict[str, Any]:
    record = table.record
    low, high = seat_range(table)
    sides = team_sides(table.definition, record.config, len(record.seats))
    on_side = sides_of(sides, record.seats) if sides is not None else [None] * len(record.seats)
    host = next((i for i, seat in enumerate(record.seats) if seat.user_id == record.host_id), None)
    you_host = host is not None and host in table.mine
    keys = [choice.key for choice in table.definition.seat_choices]
    seats = []
    for index, seat in enumerate(record.seats):
        added = seat.ai_reason == "added"
        seats.append({
            "seat": index, "name": privacy.seat_name(seat, locale), "ai": seat.is_ai, "host": index == host,
            "yours": index in table.mine,
            "level": t(f"ai.level.{ai.normalize_level(seat.ai_level)}", locale) if added else None,
            "side": on_side[index],
            "choices": [seat_choice_text(record.game_type, key, value, locale)
                        for key, value in seat.options.items() if sides is None or key != SIDE_KEY],
            # what the seat chose of the game's own choices (None: not yet), and whether this page may
            # choose for it (its own seat; the host for an AI seat, as /deathfront faction seat: does)
            "chosen": {key: seat.options.get(key) for key in keys},
            "may_choose": bool(keys) and (index in table.mine or (you_host and seat.user_id is None))})
    added_levels = {seat.ai_level for seat in record.seats if seat.ai_reason == "added"}
    return {
        "min": low, "max": high, "seats": seats,
        "you_host": you_host,
        "joined": bool(table.mine),
        "full": len(record.seats) >= high,
        "ai_level": ai.normalize_level(next(iter(added_levels))) if len(added_levels) == 1 else None,
        "levels": [{"level": level, "name": t(f"ai.level.{level}", locale)} for level in ai.LEVELS],
        "options": options_json(table, locale),
        "first": first_json(table, locale, high),
        "seat_choices": seat_choices_json(table, locale),
        "sides": None if sides is None else {
            "per_side": sides.per_side,
            "names": [t(sides.labels[side], locale) for side in SIDES]},
    }
