"""The stored post-game reviews (``reviews``): one row per game and seat."""
from __future__ import annotations

import json
import time
from typing import Any

from db.database import Database


class ReviewRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, game_id: int, seat: int, format_: int) -> dict[str, Any] | None:
        """The stored review in ``format_``, else None."""
        row = await self.db.fetchone("SELECT format, data FROM reviews WHERE game_id = ? AND seat = ?",
                                     (game_id, seat))
        if row is None or row["format"] != format_:
            return None
        data: dict[str, Any] = json.loads(row["data"])
        return data

    async def put(self, game_id: int, seat: int, format_: int, data: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO reviews (game_id, seat, format, data, created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET format = excluded.format, data = excluded.data, "
                "created_at = excluded.created_at",
                (game_id, seat, format_, json.dumps(data, ensure_ascii=False), time.time()))
