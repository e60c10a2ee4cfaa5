"""What the database holds about one player, and the SQL that forgets it or
prunes old action logs (docs/operations.md, "Privacy"). The names inside
snapshots' states are rewritten by ``tables/privacy.py``, which knows the
engines; everything here is plain storage."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from db.database import Database
from db.models import GameRecord, RatingRow, Seat

# Stored in place of a forgotten player's name (shown localized: "a former
# player"); a forgotten host's id becomes FORMER_HOST.
FORMER_PLAYER = "former player"
FORMER_HOST = 0
LIVE = ("lobby", "playing")
OVER = ("finished", "abandoned")

SEATS_JSON = TypeAdapter(list[Seat])


def mentions(text: str | None, user_id: int) -> bool:
    """``text`` holds ``user_id`` as a whole number (not inside a longer one)."""
    return bool(text) and re.search(rf"(?<!\d){user_id}(?!\d)", text or "") is not None


def scrub_id(value: Any, user_id: int, marker: Any = FORMER_HOST) -> Any:
    """JSON ``value`` with every occurrence of ``user_id`` (a number, or a
    number written as text) replaced by ``marker``. A Discord id has 17-20
    digits: no game value is ever equal to one."""
    if isinstance(value, dict):
        return {k: scrub_id(v, user_id, marker) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub_id(v, user_id, marker) for v in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value == user_id:
        return marker
    if isinstance(value, str) and mentions(value, user_id):
        return re.sub(rf"(?<!\d){user_id}(?!\d)", str(marker), value)
    return value


def record_from_row(row: Any) -> GameRecord:
    data = dict(row)
    data["config"] = json.loads(data["config"])
    data["seats"] = json.loads(data["seats"])
    data["ping_seats"] = json.loads(data.get("ping_seats") or "[]")
    return GameRecord.model_validate(data)


def is_players(record: GameRecord, user_id: int) -> bool:
    """The user sits at, hosts, or is named by the game's options."""
    return (record.host_id == user_id or record.seat_of(user_id) is not None
            or mentions(json.dumps(record.config), user_id))


async def games_of(conn: Any, user_id: int) -> list[GameRecord]:
    """Every game the user hosted, sat at or is named in (a rough LIKE on
    the digits, then an exact check on the decoded row)."""
    pattern = f"%{user_id}%"
    rows = await conn.fetchall(
        "SELECT * FROM games WHERE host_id = ? OR seats LIKE ? OR config LIKE ? ORDER BY id",
        (user_id, pattern, pattern))
    return [record for record in map(record_from_row, rows) if is_players(record, user_id)]


@dataclass
class StoredData:
    """What ``/privacy`` shows a player."""

    settings: dict[str, Any] | None = None  # the user_settings row, if any
    ratings: list[RatingRow] = field(default_factory=list)
    games: dict[tuple[str, str], int] = field(default_factory=dict)  # (game type, status) → games seated at
    hosted: int = 0
    names: list[str] = field(default_factory=list)  # display names kept (seats and ratings)
    live: list[int] = field(default_factory=list)  # lobbies and games they sit at or host now
    season_ratings: list[tuple[int, RatingRow]] = field(default_factory=list)  # (season, row) of ended seasons
    history_points: int = 0  # rating history: one point per rated game
    tournaments: list[int] = field(default_factory=list)  # tournaments entered (alone or as a partner) or organised


async def stored_about(db: Database, user_id: int) -> StoredData:
    data = StoredData()
    row = await db.fetchone("SELECT dm_mode, view_mode, ping_mode, locale FROM user_settings WHERE user_id = ?",
                            (user_id,))
    data.settings = dict(row) if row else None
    rows = await db.fetchall("SELECT * FROM ratings WHERE user_id = ? ORDER BY guild_id, game_type", (user_id,))
    data.ratings = [RatingRow.model_validate(dict(r)) for r in rows]
    rows = await db.fetchall("SELECT * FROM season_ratings WHERE user_id = ? ORDER BY guild_id, season, game_type",
                             (user_id,))
    data.season_ratings = [(r["season"], RatingRow.model_validate({k: r[k] for k in RatingRow.model_fields}))
                           for r in rows]
    data.history_points = int(await db.fetchval("SELECT COUNT(*) FROM rating_history WHERE user_id = ?", (user_id,)))
    rows = await db.fetchall(
        "SELECT tournament_id AS id, name FROM tournament_entrants WHERE user_id = ? "
        "UNION SELECT tournament_id AS id, partner_name AS name FROM tournament_entrants WHERE partner_id = ? "
        "UNION SELECT id, NULL AS name FROM tournaments WHERE organiser_id = ? ORDER BY id", (user_id, user_id, user_id))
    data.tournaments = sorted({r["id"] for r in rows})
    names = {r.name: None for r in [*data.ratings, *(row for _, row in data.season_ratings)]}
    names.update({r["name"]: None for r in rows if r["name"]})
    for record in await games_of(db, user_id):
        seat = record.seat_of(user_id)
        if seat is not None:
            key = (record.game_type, record.status)
            data.games[key] = data.games.get(key, 0) + 1
            names.setdefault(record.seats[seat].name, None)
        data.hosted += record.host_id == user_id
        if record.status in LIVE:
            data.live.append(record.id)
    data.names = list(names)
    return data


async def forget_rows(conn: Any, user_id: int) -> tuple[int, int]:
    """Results keep their rows without the user; their ratings (current and
    of ended seasons), rating history and settings go. Returns (ratings
    removed, settings rows removed)."""
    await conn.execute("UPDATE results SET user_id = NULL WHERE user_id = ?", (user_id,))
    ratings = await conn.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
    ratings += await conn.execute("DELETE FROM season_ratings WHERE user_id = ?", (user_id,))
    await conn.execute("DELETE FROM rating_history WHERE user_id = ?", (user_id,))
    settings = await conn.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
    return ratings, settings


async def rewrite_game(conn: Any, record: GameRecord) -> None:
    """Store an anonymised record's seats, options and host (a new
    revision: a process holding an older copy reloads it)."""
    await conn.execute(
        "UPDATE games SET seats = ?, config = ?, host_id = ?, revision = revision + 1 WHERE id = ?",
        (SEATS_JSON.dump_json(record.seats).decode(), json.dumps(record.config, ensure_ascii=False),
         record.host_id, record.id))


async def snapshot_state(conn: Any, game_id: int) -> dict[str, Any] | None:
    row = await conn.fetchone("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
    return json.loads(row["state"]) if row else None


async def set_snapshot_state(conn: Any, game_id: int, state: dict[str, Any]) -> None:
    await conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ?",
                       (json.dumps(state, ensure_ascii=False, separators=(",", ":")), game_id))


async def scrub_actions(conn: Any, game_id: int, user_id: int) -> int:
    """Actions of the game that name the user (none do today: actions name
    seats) get the id replaced. Returns how many changed."""
    rows = await conn.fetchall("SELECT seq, action FROM actions WHERE game_id = ?", (game_id,))
    changed = 0
    for row in rows:
        if mentions(row["action"], user_id):
            action = scrub_id(json.loads(row["action"]), user_id)
            await conn.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                               (json.dumps(action, ensure_ascii=False), game_id, row["seq"]))
            changed += 1
    return changed


async def prune_actions(db: Database, before: float) -> int:
    """Delete the action logs of games over (finished or abandoned) whose
    last change is older than ``before``; their records, results and final
    snapshots stay. Returns the number of actions deleted."""
    async with db.transaction() as conn:
        return int(await conn.execute(
            "DELETE FROM actions WHERE game_id IN "
            "(SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND updated_at < ?)", (before,)))


def was_pruned(record: GameRecord, action_count: int) -> bool:
    """A game over whose moves were made but whose action log is gone."""
    return record.status in OVER and record.version > 0 and action_count == 0
