"""Bounded caches for pre-drawn pieces of pictures (text masks, sprites,
static boards), shared by every table a process draws.

Each cache is a least-recently-used map bounded both by entries and by
bytes, so many tables of mixed games and languages keep their working set
warm without memory growing with the number of tables. Keys describe only
what a piece depends on (kind, faces, size, locale, text); never a table.
Renderers run in worker threads (and worker processes, each with its own
caches): ``LruCache`` (render/lru.py) locks.
"""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, Hashable, TypeVar

from PIL import Image

from render.lru import LruCache

T = TypeVar("T")
MB = 1024 * 1024
_ALL: list["BoundedCache"] = []


def image_bytes(image: Any) -> int:
    """Roughly what a cached picture (or Pillow mask) holds in memory."""
    if isinstance(image, Image.Image):
        return image.width * image.height * len(image.getbands())
    size = getattr(image, "size", None)
    if size is not None:  # a Pillow core image (text mask): one byte a pixel
        return size[0] * size[1]
    return 64


class BoundedCache(LruCache[Hashable, Any]):
    """A named ``LruCache`` of picture pieces, bounded by entries and bytes,
    listed by ``all_caches()`` (unless ``register`` is false)."""

    def __init__(self, name: str, max_items: int, max_bytes: int,
                 weigh: Callable[[Any], int] = image_bytes, register: bool = True) -> None:
        super().__init__(max_items, max_bytes, weigh)
        self.name = name
        if register:  # listed by all_caches()
            _ALL.append(self)

    # the functools.lru_cache names the tests already use
    def cache_clear(self) -> None:
        self.clear()


def bounded(name: str, max_items: int, max_bytes: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorator: memoize a pure drawing function of hashable arguments in a
    ``BoundedCache`` (reachable as ``fn.cache``; ``fn.cache_clear()`` empties it)."""
    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        cache = BoundedCache(name, max_items, max_bytes)

        @wraps(fn)
        def cached(*args: Any) -> T:
            return cache.get(args, lambda: fn(*args))

        cached.cache = cache  # type: ignore[attr-defined]
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        return cached
    return wrap


def all_caches() -> list[BoundedCache]:
    return list(_ALL)
