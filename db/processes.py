"""The processes of one bot on a shared database: their heartbeats, and the
overdue games of stopped processes that a live one takes over."""
from __future__ import annotations

from typing import Any

from db.database import Database
from db.fronts import Front, front_sql


class ProcessRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    async def beat(conn: Any, process_id: str, now: float) -> None:
        """Record that a process is alive."""
        await conn.execute("INSERT INTO processes (id, seen_at) VALUES (?, ?) "
                           "ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at", (process_id, now))

    async def forget(self, process_id: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("DELETE FROM processes WHERE id = ?", (process_id,))

    async def own(self, process_id: str, now: float, held: list[tuple[int, int]]) -> None:
        """Beat, and mark the games held — (game id, revision) — as this
        process's, unless they changed since they were loaded."""
        async with self.db.transaction() as conn:
            await self.beat(conn, process_id, now)
            await conn.executemany("UPDATE games SET owner = ? WHERE id = ? AND revision = ?",
                                   [(process_id, game_id, revision) for game_id, revision in held])

    async def claim_overdue(self, process_id: str, now: float, alive_after: float, limit: int,
                            front: Front | None = None) -> list[int]:
        """Make ``process_id`` the owner of overdue games (of ``front`` when
        given) whose owner has not beaten since ``alive_after``; the revision
        bump makes any copy the old owner still holds stale."""
        skip_locked = " FOR UPDATE OF g SKIP LOCKED" if self.db.dialect == "postgresql" else ""
        async with self.db.transaction() as conn:
            rows = await conn.fetchall(
                "SELECT g.id FROM games g WHERE g.deadline < :now AND g.status IN ('lobby', 'playing') "
                "AND (g.owner IS NULL OR g.owner <> :me) AND NOT EXISTS ("
                "SELECT 1 FROM processes p WHERE p.id = g.owner AND p.seen_at >= :alive_after) "
                f"AND {front_sql(front, 'g.')} ORDER BY g.deadline LIMIT {int(limit)}{skip_locked}",
                {"now": now, "me": process_id, "alive_after": alive_after})
            ids = [r["id"] for r in rows]
            for game_id in ids:
                await conn.execute("UPDATE games SET owner = ?, revision = revision + 1 WHERE id = ?",
                                   (process_id, game_id))
        return ids
