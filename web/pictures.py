"""The board and hand pictures of the API, each of one version of a table.

A picture's URL names the version of the state it shows (``?v=``), and it is
drawn from the state of that version: the table's state when the request
finds the table there, else the state a recent answer showed at that version
(``remember``: every table JSON keeps its state here). A version this process
has not shown is refused, never drawn from another state; the page fetches
the latest instead. Drawing runs off the event loop (the drawing pool when
the process has one, else a thread); a picture is drawn once per version,
seat and language (requests for one being drawn wait for it), and a pushed
table's pictures start drawing with the push (``warm``).

Sizes come from the renderers' geometry (``board_size`` / ``hand_size``)
without drawing; a renderer without them (a test's) is drawn to be measured.
"""
from __future__ import annotations

import asyncio
import struct
from typing import Any

from pydantic import BaseModel

from render.lru import LruCache
from web.access import SeenTable

CACHE_SIZE = 128  # pictures
STATES_KEPT = 256  # (table, version) states shown lately


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


class Pictures:
    def __init__(self, drawing: Any | None = None) -> None:
        self.drawing = drawing  # tables.drawing.DrawingPool, or None: a thread
        self._cache: LruCache[tuple[Any, ...], bytes] = LruCache(CACHE_SIZE)
        self._states: LruCache[tuple[int, int], BaseModel] = LruCache(STATES_KEPT)
        self._drawing: dict[tuple[Any, ...], asyncio.Task[bytes]] = {}  # pictures being drawn: asked once
        self._warming: set[asyncio.Task[Any]] = set()

    def remember(self, table: SeenTable) -> None:
        """Keep ``table``'s state under its version: the pictures an answer
        names are drawn from it even once the table has moved on."""
        if table.state is None:
            return
        self._states.put((table.id, table.version), table.state)

    def state_at(self, table: SeenTable, version: int | None) -> BaseModel | None:
        """The state of ``table`` at ``version`` (None: the one found now)."""
        if version is None or version == table.version:
            return table.state
        return self._states.lookup((table.id, version))

    async def board(self, table: SeenTable, locale: str, version: int | None = None) -> bytes | None:
        state = self.state_at(table, version)
        if state is None:
            return None
        view = table.engine.public_view(state)
        return await self._draw(table, table.version if version is None else version, "board", None, view, locale)

    async def hand(self, table: SeenTable, seat: int, locale: str, version: int | None = None) -> bytes | None:
        """``seat``'s own hand (the caller checked it is the session's)."""
        state = self.state_at(table, version)
        view = table.engine.private_view(state, seat) if state is not None else None
        if view is None:
            return None
        return await self._draw(table, table.version if version is None else version, "hand", seat, view, locale)

    async def size(self, table: SeenTable, kind: str, seat: int | None, view: Any, locale: str) -> tuple[int, int]:
        """The picture's width and height, from the renderer's geometry."""
        measure = getattr(table.definition.renderer, f"{kind}_size", None)
        if measure is not None:
            width, height = measure(view, locale)
            return int(width), int(height)
        return png_size(await self._draw(table, table.version, kind, seat, view, locale))

    def warm(self, table: SeenTable, seat: int | None, locale: str) -> None:
        """Start drawing the pictures a page just sent ``table`` will ask for
        (its board, and ``seat``'s hand), so that its requests find them drawn
        or being drawn."""
        async def both() -> None:
            await self.board(table, locale)
            if seat is not None:
                await self.hand(table, seat, locale)

        if table.state is not None:
            task = asyncio.get_running_loop().create_task(both())
            self._warming.add(task)
            task.add_done_callback(self._warmed)

    def _warmed(self, task: asyncio.Task[Any]) -> None:
        self._warming.discard(task)
        if not task.cancelled():
            task.exception()  # a picture that failed to draw fails again when a page asks for it

    async def _draw(self, table: SeenTable, version: int, kind: str, seat: int | None, view: Any,
                    locale: str) -> bytes:
        key = (table.id, version, kind, seat, locale)
        cached = self._cache.lookup(key)
        if cached is not None:
            return cached
        drawing = self._drawing.get(key)
        if drawing is None:  # the first to ask draws it; the others wait for that one
            drawing = self._drawing[key] = asyncio.get_running_loop().create_task(
                self._draw_now(key, table, kind, view, locale))
            drawing.add_done_callback(lambda done: done.cancelled() or done.exception())  # seen if all gave up
        return await asyncio.shield(drawing)

    async def _draw_now(self, key: tuple[Any, ...], table: SeenTable, kind: str, view: Any, locale: str) -> bytes:
        try:
            renderer = table.definition.renderer
            png: bytes
            if self.drawing is not None:
                png = await self.drawing.draw(renderer, kind, view, locale, key=("web", *key))
            else:
                png = await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale)
            self._cache.put(key, png)
            return png
        finally:
            self._drawing.pop(key, None)

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

    @staticmethod
    def names(table: SeenTable, kind: str, view: Any, regions: list[dict[str, Any]], locale: str) -> dict[str, str]:
        """Each region in words in ``locale`` (``GameDefinition.describe_regions``:
        as the move labels name what it shows), else by its id."""
        namer = table.definition.describe_regions
        if namer is None or view is None:
            return {r["id"]: r["id"] for r in regions}
        words = namer(kind, view, [(r["id"], r["kind"]) for r in regions], locale)
        return {r["id"]: said for r, said in zip(regions, words)}
