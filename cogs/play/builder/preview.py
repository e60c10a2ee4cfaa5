"""Preview plumbing: the board picture a preview draws on, cached per game
state (every step of one move draws on the same board), and drawn ahead of
the first click (items.warm). Drawing runs off the event loop
(cogs.common.render)."""
from __future__ import annotations

from typing import Any, Callable

from render.lru import LruCache

CACHE_SIZE = 16
# (game id, seed, kind) -> (the state drawn, the drawing). The state object
# itself is the check: a game's version is bumped just before its new state
# is stored, so the version alone could pair a new number with an old board.
_boards: LruCache[tuple[int, int, str], tuple[Any, Any]] = LruCache(CACHE_SIZE)


def base_board(table: Any, kind: str, draw: Callable[[Any], Any]) -> Any:
    """``draw(state)`` once per state of the game; callers copy before marking.
    The seed is in the key too: a test database starts its ids at 1 again."""
    state = table.state
    key = (table.id, table.record.seed, kind)
    cached = _boards.lookup(key)
    if cached is not None and cached[0] is state:
        return cached[1]
    value = draw(state)
    _boards.put(key, (state, value))
    return value
