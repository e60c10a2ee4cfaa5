"""Repositories: the only place that writes SQL for games, actions, results,
ratings and settings."""
from __future__ import annotations

import json
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable

from pydantic import BaseModel, TypeAdapter

from db.database import Database
from db.errors import StaleWrite
from db.fronts import Front, front_sql
from db.models import GameRecord, RatingRow, Seat
from db.writes import Write

DM_MODES = ("turn", "hand", "off")
DEFAULT_DM_MODE = "turn"
VIEW_MODES = ("image", "text")
PING_MODES = ("every", "away", "dm")
DEFAULT_PING_MODE = "every"
DEFAULT_VIEW_MODE = "image"

_GAME_FIELDS = (
    "game_type", "guild_id", "channel_id", "host_id", "status", "config", "seats", "seed", "version",
    "lobby_message_id", "board_message_id", "turn_started_at", "reminded", "ai_marked",
    "created_at", "updated_at", "ping_message_id", "ping_seats", "rematch_id",
)


_SEATS_JSON = TypeAdapter(list[Seat])  # 4-5x faster than json.dumps of model_dump per seat


# as json.dumps(…, ensure_ascii=False), built once: the config and the action texts
_CONFIG_JSON = json.JSONEncoder(ensure_ascii=False).encode


def _game_params(game: GameRecord) -> dict[str, Any]:
    """The row's columns (written on every action: kept cheap)."""
    values = game.__dict__  # the fields, without an attribute lookup each
    data = {k: values[k] for k in _GAME_FIELDS}
    data["config"] = _CONFIG_JSON(game.config)
    data["seats"] = _SEATS_JSON.dump_json(game.seats).decode()
    data["reminded"] = int(game.reminded)
    data["ai_marked"] = int(game.ai_marked)
    data["ping_seats"] = int_list_text(game.ping_seats)
    data["id"] = game.id
    return data


def int_list_text(values: list[int]) -> str:
    """``json.dumps(values)`` (the same text; without building an encoder
    when every value is a plain int)."""
    if all(type(value) is int for value in values):
        return "[" + ", ".join(map(str, values)) + "]"
    return json.dumps(values)


def _state_text(state: BaseModel | dict) -> str:
    """A snapshot's JSON text; a state model is dumped by pydantic directly
    (the same JSON as ``state_to_json`` + ``json.dumps``, 3-4x faster)."""
    if isinstance(state, BaseModel):
        return state.model_dump_json()
    return json.dumps(state, ensure_ascii=False, separators=(",", ":"))


def _game_from_row(row: Any) -> GameRecord:
    return _record_from(dict(row))


def _record_from(data: dict[str, Any]) -> GameRecord:
    data["config"] = json.loads(data["config"])
    data["seats"] = json.loads(data["seats"])
    data["ping_seats"] = json.loads(data.get("ping_seats") or "[]")
    return GameRecord.model_validate(data)


# A writer without an owner (the web process: it arms no timers) leaves the owner as it was.
_UPDATE_GAME = ("UPDATE games SET "
                + ", ".join(f"{k} = :{k}" for k in (*_GAME_FIELDS, "deadline"))
                + ", owner = COALESCE(:owner, owner), revision = revision + 1 WHERE id = :id AND revision = :revision")
_INSERT_ACTION = "INSERT INTO actions (game_id, seq, seat, action, by_ai, created_at) VALUES (?, ?, ?, ?, ?, ?)"
_UPSERT_SNAPSHOT = ("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state")


async def lock_game(conn: Any, game_id: int) -> None:
    """Serialise writers of one game across processes until the transaction
    ends (SQLite's BEGIN IMMEDIATE already serialises every writer)."""
    if conn.dialect == "postgresql":
        await conn.execute("SELECT pg_advisory_xact_lock(?)", (game_id,))


class GameRepo:
    """``owner`` (this process's id) and ``deadline_of`` (when a record's next
    timer is due) are set by the sweeper when several processes share the
    database; every write of a game stores both. ``shards`` limits
    ``all_live`` to the games of this process's shards, ``front`` to those of
    its front end (local play or Discord, ``db/fronts.py``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.owner: str | None = None
        self.deadline_of: Callable[[GameRecord], Awaitable[float | None]] | None = None
        self.shards: tuple[int, tuple[int, ...]] | None = None  # (SHARD_COUNT, this process's SHARD_IDS)
        self.front: Front | None = None  # restore only this front's games (db/fronts.py); None: all

    async def _timer_params(self, game: GameRecord) -> dict[str, Any]:
        deadline = await self.deadline_of(game) if self.deadline_of is not None else None
        return {"deadline": deadline, "owner": self.owner}

    # -- games ---------------------------------------------------------
    async def insert(self, conn: Any, game: GameRecord) -> int:
        params = _game_params(game) | await self._timer_params(game)
        params.pop("id")
        cols = ", ".join(params)
        marks = ", ".join(f":{k}" for k in params)
        game.revision = 0
        return int(await conn.fetchval(f"INSERT INTO games ({cols}) VALUES ({marks}) RETURNING id", params))

    async def update(self, conn: Any, game: GameRecord) -> None:
        """Write the record if nobody wrote the row since it was loaded, else
        raise ``StaleWrite`` (and write nothing)."""
        await lock_game(conn, game.id)
        params = _game_params(game) | await self._timer_params(game) | {"revision": game.revision}
        changed = await conn.execute(_UPDATE_GAME, params)
        if changed != 1:
            raise StaleWrite(game.id)
        game.revision += 1

    async def save(self, game: GameRecord) -> None:
        """``update`` as a transaction of its own, in one trip to the database."""
        params = _game_params(game) | await self._timer_params(game) | {"revision": game.revision}
        await self.db.write([*self._lock_writes(game.id),
                             Write(_UPDATE_GAME, params, must_change=1, game_id=game.id)])
        game.revision += 1

    async def commit_action(self, game: GameRecord, seat: int, action: dict[str, Any], by_ai: bool,
                            state: BaseModel | dict) -> None:
        """Persist action ``game.version`` (already applied to ``game``) with
        the row and the new snapshot: one transaction, committed on return.
        The row's compare-and-set (revision, and version = the action's
        ``seq - 1``) runs first and refuses with ``StaleWrite`` when another
        writer got there first, so one action is never applied twice."""
        seq = game.version
        params = _game_params(game)  # one dict, filled in place (written on every action)
        params.update(await self._timer_params(game))
        params["revision"] = game.revision
        params["previous_version"] = seq - 1
        writes = [
            *self._lock_writes(game.id),
            Write(_UPDATE_GAME + " AND version = :previous_version", params, must_change=1, game_id=game.id),
            Write(_INSERT_ACTION, (game.id, seq, seat, _CONFIG_JSON(action), int(by_ai),
                                   game.updated_at)),
            Write(_UPSERT_SNAPSHOT, (game.id, seq, _state_text(state))),
        ]
        await self.db.write(writes)
        game.revision += 1

    def _lock_writes(self, game_id: int) -> list[Write]:
        if self.db.dialect == "postgresql":
            return [Write("SELECT pg_advisory_xact_lock(?)", (game_id,))]
        return []

    async def get(self, game_id: int) -> GameRecord | None:
        row = await self.db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game_from_row(row) if row else None

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self.db.fetchone(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return _game_from_row(row) if row else None

    async def all_live(self) -> list[GameRecord]:
        """Every live lobby and game — of this process's shards when
        ``shards`` is set (a game without a server belongs to shard 0)."""
        where, params = self._live_where("")
        rows = await self.db.fetchall(f"SELECT * FROM games WHERE {where} ORDER BY id", params)
        return [_game_from_row(r) for r in rows]

    def of_my_shards(self, guild_id: int | None) -> bool:
        """A server of this process's shards (``_live_where``'s test, in Python)."""
        if self.shards is None:
            return True
        count, ids = self.shards
        return ((guild_id or 0) >> 22) % count in ids

    def _live_where(self, prefix: str) -> tuple[str, dict[str, Any]]:
        """Live games, of this process's shards when ``shards`` is set and
        of its front when ``front`` is."""
        sql, params = f"{prefix}status IN ('lobby', 'playing')", {}
        if self.shards is not None:
            count, ids = self.shards
            marks = ", ".join(f":shard{i}" for i in range(len(ids)))
            sql += f" AND ((COALESCE({prefix}guild_id, 0) >> 22) % :count) IN ({marks})"
            params = {"count": count} | {f"shard{i}": shard for i, shard in enumerate(ids)}
        if self.front is not None:
            sql += f" AND {front_sql(self.front, prefix)}"
        return sql, params

    async def live_with_snapshots(self) -> AsyncIterator[tuple[GameRecord, tuple[int, str] | None]]:
        """``all_live`` with each game's snapshot (seq, the state's stored
        JSON text), read in one query: restore makes no round trip per game.
        Rows are decoded one at a time as they are consumed and then let go,
        so the decoded JSON of every game is never in memory at once."""
        sql, params = self._live_where("g.")
        rows = await self.db.fetchall(
            "SELECT g.*, s.seq AS snapshot_seq, s.state AS snapshot_state FROM games g "
            f"LEFT JOIN snapshots s ON s.game_id = g.id WHERE {sql} ORDER BY g.id", params)
        rows.reverse()
        while rows:
            data = dict(rows.pop())
            seq, state = data.pop("snapshot_seq"), data.pop("snapshot_state")
            yield _record_from(data), None if seq is None else (seq, state)

    # -- actions and snapshots ----------------------------------------
    async def save_snapshot(self, conn: Any, game_id: int, seq: int, state: BaseModel | dict) -> None:
        await conn.execute(_UPSERT_SNAPSHOT, (game_id, seq, _state_text(state)))

    async def snapshot(self, game_id: int) -> tuple[int, dict] | None:
        row = await self.db.fetchone("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        return (row["seq"], json.loads(row["state"])) if row else None

    async def actions(self, game_id: int) -> list[tuple[int, int, dict[str, Any], bool]]:
        rows = await self.db.fetchall(
            "SELECT seq, seat, action, by_ai FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [(r["seq"], r["seat"], json.loads(r["action"]), bool(r["by_ai"])) for r in rows]

    async def actions_after(self, game_id: int, seq: int, last: int) -> list[tuple[int, int, dict[str, Any]]]:
        """The actions ``seq`` < n <= ``last``: (seq, seat, action)."""
        rows = await self.db.fetchall(
            "SELECT seq, seat, action FROM actions WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, seq, last))
        return [(r["seq"], r["seat"], json.loads(r["action"])) for r in rows]

    # -- results -------------------------------------------------------
    async def save_results(self, conn: Any, game_id: int, rows: Iterable[dict]) -> None:
        await conn.executemany(
            "INSERT INTO results (game_id, seat, user_id, rank, team, score, rated, outcome) "
            "VALUES (:game_id, :seat, :user_id, :rank, :team, :score, :rated, :outcome)",
            [{"outcome": None, **r, "game_id": game_id} for r in rows],
        )

    async def results(self, game_id: int) -> list[Any]:
        return await self.db.fetchall("SELECT * FROM results WHERE game_id = ? ORDER BY rank, seat", (game_id,))

    async def user_stats(self, guild_id: int, user_id: int) -> list[Any]:
        """Per game type: games, wins, draws, last played, over every
        finished game. A win is a sole first place (a shared one is a draw;
        a lost solo game is a loss)."""
        return await self.db.fetchall(
            "SELECT g.game_type AS game_type, COUNT(*) AS games, "
            "CAST(SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT) AS wins, "
            "CAST(SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END) AS BIGINT) AS draws, "
            "MAX(g.updated_at) AS last_played "
            "FROM results r JOIN games g ON g.id = r.game_id "
            "WHERE r.user_id = ? AND g.guild_id = ? GROUP BY g.game_type ORDER BY g.game_type",
            (user_id, guild_id),
        )

    async def finished_in_guild(self, guild_id: int, game_id: int) -> GameRecord | None:
        row = await self.db.fetchone(
            "SELECT * FROM games WHERE id = ? AND guild_id = ? AND status = 'finished'", (game_id, guild_id)
        )
        return _game_from_row(row) if row else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self.db.fetchone(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _game_from_row(row) if row else None


class RatingRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get_many(self, guild_id: int, game_type: str, user_ids: list[int],
                       conn: Any = None) -> dict[int, RatingRow]:
        """Ratings now; pass the writing transaction's ``conn`` to read them
        under its locks (two games finishing at once must not both start
        from the same old rating)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await (conn or self.db).fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game_type = ? AND user_id IN ({marks})",
            (guild_id, game_type, *user_ids),
        )
        return {r["user_id"]: RatingRow.model_validate(dict(r)) for r in rows}

    async def upsert(self, conn: Any, row: RatingRow) -> None:
        await conn.execute(
            "INSERT INTO ratings (guild_id, game_type, user_id, name, mu, sigma, games, wins, last_played) "
            "VALUES (:guild_id, :game_type, :user_id, :name, :mu, :sigma, :games, :wins, :last_played) "
            "ON CONFLICT (guild_id, game_type, user_id) DO UPDATE SET name = excluded.name, "
            "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
            "last_played = excluded.last_played",
            row.model_dump(),
        )

    async def board(self, guild_id: int, game_type: str) -> list[RatingRow]:
        """Everyone rated in this server and game, best ordinal first (a
        player carried into a season shows once they play in it)."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_type = ? AND games > 0 "
            "ORDER BY (mu - 3 * sigma) DESC, wins DESC, user_id",
            (guild_id, game_type),
        )
        return [RatingRow.model_validate(dict(r)) for r in rows]

    async def for_user(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """The player's rating per game, as the leaderboard shows it: only
        once they played a rated game of the current table (a rating carried
        into a season with 0 games is not yet one of the season's)."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? AND games > 0", (guild_id, user_id)
        )
        return {r["game_type"]: RatingRow.model_validate(dict(r)) for r in rows}


class SettingsRepo:
    """Server settings are read on almost every reply, so they are cached;
    this repository is their only writer."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._guilds: dict[int, tuple[str | None, int | None]] = {}
        self._user_locales: dict[int, str | None] = {}

    async def guild(self, guild_id: int | None) -> tuple[str | None, int | None]:
        """(language, turn timeout minutes) — None where the server set nothing."""
        if guild_id is None:
            return None, None
        if guild_id not in self._guilds:
            row = await self.db.fetchone(
                "SELECT language, turn_timeout_minutes FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
            self._guilds[guild_id] = (row["language"], row["turn_timeout_minutes"]) if row else (None, None)
        return self._guilds[guild_id]

    def cached_guild(self, guild_id: int | None) -> tuple[str | None, int | None] | None:
        """``guild``'s answer when it needs no query, else None."""
        if guild_id is None:
            return None, None
        return self._guilds.get(guild_id)

    async def set_guild(self, guild_id: int, **values: Any) -> None:
        allowed = {"language", "turn_timeout_minutes"}
        assert set(values) <= allowed
        async with self.db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,))
            for key, value in values.items():
                await conn.execute(f"UPDATE guild_settings SET {key} = ? WHERE guild_id = ?", (value, guild_id))
        self._guilds.pop(guild_id, None)

    async def dm_mode(self, user_id: int) -> str:
        """What this user gets by DM: ``turn`` (default), ``hand`` or ``off``."""
        row = await self.db.fetchone("SELECT dm_mode FROM user_settings WHERE user_id = ?", (user_id,))
        mode = row["dm_mode"] if row else None
        return mode if mode in DM_MODES else DEFAULT_DM_MODE

    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        assert mode in DM_MODES
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, dm_hands, dm_mode) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_hands = excluded.dm_hands, dm_mode = excluded.dm_mode",
                (user_id, int(mode != "off"), mode),
            )

    async def ping_mode(self, user_id: int) -> str:
        """How this user is told that the turn came to them: ``every`` (default:
        a new board mentioning them), ``away`` (only when not just watching
        their panel) or ``dm`` (a DM instead of the mention)."""
        row = await self.db.fetchone("SELECT ping_mode FROM user_settings WHERE user_id = ?", (user_id,))
        mode = row["ping_mode"] if row else None
        return mode if mode in PING_MODES else DEFAULT_PING_MODE

    async def set_ping_mode(self, user_id: int, mode: str) -> None:
        assert mode in PING_MODES
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, ping_mode) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET ping_mode = excluded.ping_mode",
                (user_id, mode),
            )

    async def view_mode(self, user_id: int) -> str:
        """How this user sees boards and hands: ``image`` (default) or ``text``."""
        row = await self.db.fetchone("SELECT view_mode FROM user_settings WHERE user_id = ?", (user_id,))
        mode = row["view_mode"] if row else None
        return mode if mode in VIEW_MODES else DEFAULT_VIEW_MODE

    async def set_view_mode(self, user_id: int, mode: str) -> None:
        assert mode in VIEW_MODES
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, view_mode) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET view_mode = excluded.view_mode",
                (user_id, mode),
            )

    async def dm_hands(self, user_id: int) -> bool:
        """Whether any DM goes to this user (older name, kept for callers)."""
        return await self.dm_mode(user_id) != "off"

    async def set_dm_hands(self, user_id: int, enabled: bool) -> None:
        await self.set_dm_mode(user_id, "hand" if enabled else "off")

    async def user_locale(self, user_id: int) -> str | None:
        """The language the user's Discord client last reported, if any."""
        if user_id not in self._user_locales:
            row = await self.db.fetchone("SELECT locale FROM user_settings WHERE user_id = ?", (user_id,))
            self._user_locales[user_id] = row["locale"] if row else None
        return self._user_locales[user_id]

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Store the user's client language when it changed (cached: one
        write per user and language, not one per interaction)."""
        if self._user_locales.get(user_id, "?") == locale:
            return
        if user_id not in self._user_locales and await self.user_locale(user_id) == locale:
            return
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                (user_id, locale),
            )
        self._user_locales[user_id] = locale

    async def meta(self, key: str) -> str | None:
        row = await self.db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
