"""Storage errors the table layer reacts to."""
from __future__ import annotations


class StaleWrite(Exception):
    """A write based on an old copy of a game: another process (or a sweeper)
    changed it since this copy was loaded. Nothing was written; reload."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} changed in the database since it was loaded")
        self.game_id = game_id
