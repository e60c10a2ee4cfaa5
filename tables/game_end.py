"""Who hears that a game ended: a listener is called with the game's record
once it is finished (its result committed) or abandoned (closed without
one). Listeners are plain callables that must not block: one that has work
to do schedules it (``tables/tournaments/`` records a match's result)."""
from __future__ import annotations

import logging
from collections.abc import Callable

from db.models import GameRecord

log = logging.getLogger("tables.service")

EndListener = Callable[[GameRecord], None]


class GameEndListeners:
    def __init__(self) -> None:
        self._listeners: list[EndListener] = []

    def add(self, listener: EndListener) -> None:
        self._listeners.append(listener)

    def ended(self, record: GameRecord) -> None:
        for listener in self._listeners:
            try:
                listener(record)
            except Exception:  # a listener's bug must not undo a committed end
                log.exception("game %s: an end listener failed", record.id)
