"""Team threads (migration 0010): one row per team of a team game — the
private thread made for it (None: none could be made), the message showing
the team's hands there, and whether the thread was archived at the end."""
from __future__ import annotations

from dataclasses import dataclass

from db.database import Database


@dataclass(frozen=True)
class TeamThread:
    game_id: int
    side: int
    thread_id: int | None
    hands_message_id: int | None
    archived: bool


class TeamThreadRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def claim(self, game_id: int, sides: list[int]) -> bool:
        """Rows for the game's teams, once: False when they exist already
        (another process, or this one before a restart, made the threads)."""
        async with self.db.transaction() as conn:
            made = 0
            for side in sides:
                made += await conn.execute(
                    "INSERT INTO team_threads (game_id, side) VALUES (?, ?) ON CONFLICT (game_id, side) DO NOTHING",
                    (game_id, side))
        return made == len(sides)

    async def of_game(self, game_id: int) -> list[TeamThread]:
        rows = await self.db.fetchall(
            "SELECT side, thread_id, hands_message_id, archived FROM team_threads WHERE game_id = ? ORDER BY side",
            (game_id,))
        return [TeamThread(game_id, int(r["side"]), None if r["thread_id"] is None else int(r["thread_id"]),
                           None if r["hands_message_id"] is None else int(r["hands_message_id"]), bool(r["archived"]))
                for r in rows]

    async def set_thread(self, game_id: int, side: int, thread_id: int) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE team_threads SET thread_id = ? WHERE game_id = ? AND side = ?",
                               (thread_id, game_id, side))

    async def set_hands_message(self, game_id: int, side: int, message_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE team_threads SET hands_message_id = ? WHERE game_id = ? AND side = ?",
                               (message_id, game_id, side))

    async def mark_archived(self, game_id: int) -> bool:
        """True for the caller that archives (once per game, across processes)."""
        async with self.db.transaction() as conn:
            changed: int = await conn.execute(
                "UPDATE team_threads SET archived = 1 WHERE game_id = ? AND archived = 0", (game_id,))
        return changed > 0
