"""Tutorial progress (migration 0007): the step each player reached in each
game's tutorial and the state there, one row per (user, game)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from db.database import Database


@dataclass(frozen=True)
class TutorialProgress:
    user_id: int
    game_type: str
    step: int
    state: str  # the engine's state at ``step``, as JSON


class TutorialRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, user_id: int, game_type: str) -> TutorialProgress | None:
        row = await self.db.fetchone(
            "SELECT step, state FROM tutorial_progress WHERE user_id = ? AND game_type = ?", (user_id, game_type))
        return TutorialProgress(user_id, game_type, int(row["step"]), row["state"]) if row else None

    async def save(self, user_id: int, game_type: str, step: int, state: str) -> None:
        now = dt.datetime.now(dt.timezone.utc).isoformat()
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO tutorial_progress (user_id, game_type, step, state, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id, game_type) DO UPDATE SET step = excluded.step, state = excluded.state, "
                "updated_at = excluded.updated_at",
                (user_id, game_type, step, state, now))
