"""Preview plumbing: the board picture a preview draws on, cached per game
version (every step of one move draws on the same board), and the call that
draws it. Drawing runs off the event loop (cogs.common.render)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

from PIL import Image

CACHE_SIZE = 16
_boards: "OrderedDict[tuple[int, int, int, str], Any]" = OrderedDict()


def base_board(table: Any, kind: str, draw: Callable[[], Any]) -> Any:
    """``draw()`` once per (game, version, kind); callers copy before marking.
    The seed is in the key too: a test database starts its ids at 1 again."""
    key = (table.id, table.record.seed, table.record.version, kind)
    if key in _boards:
        _boards.move_to_end(key)
        return _boards[key]
    value = draw()
    _boards[key] = value
    while len(_boards) > CACHE_SIZE:
        _boards.popitem(last=False)
    return value


def copy_of(image: Image.Image) -> Image.Image:
    return image.copy()
