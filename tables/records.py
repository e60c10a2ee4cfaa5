"""The plain models the table service hands to the front ends: games and
their seats as stored. They are defined beside the SQL that stores them
(``db/``); front ends name them from here, never from ``db``."""
from __future__ import annotations

from db.models import GameRecord, Seat

__all__ = ["GameRecord", "Seat"]
