"""Bounded caches for pre-drawn pieces of pictures (text masks, sprites,
static boards), shared by every table a process draws.

Each cache is a least-recently-used map bounded both by entries and by
bytes, so many tables of mixed games and languages keep their working set
warm without memory growing with the number of tables. Keys describe only
what a piece depends on (kind, faces, size, locale, text); never a table.
Renderers run in worker threads (and worker processes, each with its own
caches), hence the lock.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from functools import wraps
from typing import Any, Callable, Hashable, TypeVar

from PIL import Image

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


class BoundedCache:
    def __init__(self, name: str, max_items: int, max_bytes: int,
                 weigh: Callable[[Any], int] = image_bytes, register: bool = True) -> None:
        self.name, self.max_items, self.max_bytes, self.weigh = name, max_items, max_bytes, weigh
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0
        self.hits = self.misses = self.evictions = 0
        if register:  # listed by all_caches()
            _ALL.append(self)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = make()  # outside the lock: drawing may take milliseconds
        weight = self.weigh(value)
        with self._lock:
            if key not in self._items:
                self._items[key] = (value, weight)
                self.bytes += weight
                while self._items and (len(self._items) > self.max_items or self.bytes > self.max_bytes):
                    _, (_, dropped) = self._items.popitem(last=False)
                    self.bytes -= dropped
                    self.evictions += 1
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0
            self.hits = self.misses = self.evictions = 0

    # the functools.lru_cache names the tests already use
    cache_clear = clear

    def stats(self) -> dict[str, int]:
        return {"items": len(self._items), "bytes": self.bytes, "hits": self.hits, "misses": self.misses,
                "evictions": self.evictions}


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
