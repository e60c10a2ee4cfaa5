"""The one least-recently-used cache type of the house.

A map bounded by its number of entries and, when given ``max_bytes`` and a
``weigh``, by the total weight of its values; reading an entry makes it the
most recent, and storing past a bound drops the least recently used first.
Safe to share between threads (renderers run in worker threads). It lives in
render/, the lowest layer that needs one; tables/, cogs/ and web/ use it from
here (engines/ keep functools.lru_cache for their pure functions).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _weightless(_: object) -> int:
    return 0


class LruCache(Generic[K, V]):
    """``max_items``: at most this many entries. ``max_bytes`` (optional):
    at most this total weight, each value weighing ``weigh(value)``. Both may
    be changed at any time; the next store keeps to them."""

    def __init__(self, max_items: int, max_bytes: int | None = None,
                 weigh: Callable[[V], int] = _weightless) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self.weigh = weigh
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0
        self.hits = self.misses = self.evictions = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is kept; does not count as a use."""
        return key in self._items

    def lookup(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recent), else None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (replacing what was kept) as the most
        recent entry, then drop the least recent ones past the bounds."""
        weight = self.weigh(value)
        with self._lock:
            self._store(key, value, weight, replace=True)

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()``, kept. ``make`` runs
        outside the lock (drawing may take milliseconds); when two threads
        make the same key, the first one stored is kept."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = make()
        weight = self.weigh(value)
        with self._lock:
            self._store(key, value, weight, replace=False)
        return value

    def pop(self, key: K) -> V | None:
        """Forget ``key``; its value, or None when it was not kept."""
        with self._lock:
            found = self._items.pop(key, None)
            if found is None:
                return None
            self.bytes -= found[1]
            return found[0]

    def clear(self) -> None:
        """Forget every entry and the counts."""
        with self._lock:
            self._items.clear()
            self.bytes = 0
            self.hits = self.misses = self.evictions = 0

    def stats(self) -> dict[str, int]:
        return {"items": len(self._items), "bytes": self.bytes, "hits": self.hits, "misses": self.misses,
                "evictions": self.evictions}

    def _store(self, key: K, value: V, weight: int, replace: bool) -> None:
        """Under the lock: keep the entry, then keep to the bounds."""
        old = self._items.get(key)
        if old is not None:
            if not replace:
                return
            self.bytes -= old[1]
        self._items[key] = (value, weight)
        self._items.move_to_end(key)
        self.bytes += weight
        while self._items and (len(self._items) > self.max_items
                               or (self.max_bytes is not None and self.bytes > self.max_bytes)):
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped
            self.evictions += 1
