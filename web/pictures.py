"""The board and hand pictures of the API, drawn off the event loop (the
drawing pool when the process has one, else a thread) and kept for the
table's current revision: a page's JSON and its PNG requests draw once."""
from __future__ import annotations

import asyncio
import struct
from typing import Any

from render.lru import LruCache
from web.access import SeenTable

CACHE_SIZE = 128


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


class Pictures:
    def __init__(self, drawing: Any | None = None) -> None:
        self.drawing = drawing  # tables.drawing.DrawingPool, or None: a thread
        self._cache: LruCache[tuple[Any, ...], bytes] = LruCache(CACHE_SIZE)

    async def board(self, table: SeenTable, locale: str) -> bytes:
        view = table.engine.public_view(table.state)
        return await self._draw(table, "board", None, view, locale)

    async def hand(self, table: SeenTable, seat: int, locale: str) -> bytes | None:
        """``seat``'s own hand (the caller checked it is the session's)."""
        view = table.engine.private_view(table.state, seat)
        if view is None:
            return None
        return await self._draw(table, "hand", seat, view, locale)

    async def _draw(self, table: SeenTable, kind: str, seat: int | None, view: Any, locale: str) -> bytes:
        key = (table.id, table.record.revision, table.record.version, kind, seat, locale)
        cached = self._cache.lookup(key)
        if cached is not None:
            return cached
        renderer = table.definition.renderer
        png: bytes
        if self.drawing is not None:
            png = await self.drawing.draw(renderer, kind, view, locale, key=("web", *key))
        else:
            png = await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale)
        self._cache.put(key, png)
        return png

    @staticmethod
    def regions(table: SeenTable, kind: str, view: Any, locale: str) -> list[dict[str, Any]]:
        """Where the picture's squares, cells, tiles, pieces or cards are
        (``Renderer.board_regions`` / ``hand_regions``), for the picture
        drawn in ``locale`` (Chinese words may move the layout)."""
        if view is None:
            return []
        renderer = table.definition.renderer
        found = renderer.board_regions(view, locale) if kind == "board" else renderer.hand_regions(view, locale)
        return [{"id": r.id, "kind": r.kind, "box": list(r.box)} for r in found]
