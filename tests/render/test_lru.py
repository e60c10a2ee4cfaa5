"""render/lru.py: the one LRU cache type (picture pieces, previews, web
pictures, replays, rate-limit buckets)."""
from __future__ import annotations

import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from render.lru import LruCache


def test_reading_makes_an_entry_recent_and_storing_drops_the_least_recent():
    cache: LruCache[str, int] = LruCache(max_items=3)
    for number, key in enumerate("abc"):
        cache.put(key, number)
    assert cache.lookup("a") == 0  # a is now the most recent
    cache.put("d", 3)
    assert "b" not in cache and len(cache) == 3
    assert [cache.lookup(k) for k in "acd"] == [0, 2, 3]
    assert cache.stats() == {"items": 3, "bytes": 0, "hits": 4, "misses": 0, "evictions": 1}


def test_a_miss_is_none_and_counted():
    cache: LruCache[str, int] = LruCache(max_items=2)
    assert cache.lookup("x") is None and cache.misses == 1 and len(cache) == 0


def test_put_replaces_and_reweighs():
    cache: LruCache[str, bytes] = LruCache(max_items=5, max_bytes=10, weigh=len)
    cache.put("a", b"12345")
    cache.put("a", b"12")
    assert cache.lookup("a") == b"12" and cache.bytes == 2 and len(cache) == 1


def test_the_weight_bound_drops_the_least_recent_until_it_fits():
    cache: LruCache[str, bytes] = LruCache(max_items=10, max_bytes=10, weigh=len)
    cache.put("a", b"aaaa")
    cache.put("b", b"bbbb")
    cache.lookup("a")
    cache.put("c", b"cccc")  # 12 bytes: b, the least recent, goes
    assert "b" not in cache and cache.bytes == 8 and cache.evictions == 1
    cache.put("huge", b"x" * 11)  # heavier than the bound: everything goes, itself too
    assert len(cache) == 0 and cache.bytes == 0


def test_get_makes_once_and_keeps_the_first_value_stored():
    cache: LruCache[str, int] = LruCache(max_items=4)
    assert cache.get("a", lambda: 1) == 1
    assert cache.get("a", lambda: pytest.fail("a is kept")) == 1

    def make_while_another_stores() -> int:
        cache.put("b", 2)  # another thread got there first
        return 3

    assert cache.get("b", make_while_another_stores) == 3  # the caller gets what it made
    assert cache.lookup("b") == 2  # the first stored is kept


def test_bounds_may_change_and_the_next_store_keeps_to_them():
    cache: LruCache[int, int] = LruCache(max_items=5)
    for key in range(5):
        cache.put(key, key)
    cache.max_items = 2
    cache.put(9, 9)
    assert len(cache) == 2 and 4 in cache and 9 in cache


def test_pop_and_clear_forget():
    cache: LruCache[str, bytes] = LruCache(max_items=4, max_bytes=100, weigh=len)
    cache.put("a", b"abc")
    cache.put("b", b"de")
    assert cache.pop("a") == b"abc" and cache.pop("a") is None and cache.bytes == 2
    cache.lookup("b")
    cache.clear()
    assert len(cache) == 0 and cache.stats() == {"items": 0, "bytes": 0, "hits": 0, "misses": 0, "evictions": 0}


@given(st.lists(st.tuples(st.sampled_from(["get", "put", "pop"]), st.integers(0, 9), st.integers(0, 6)),
                max_size=80),
       st.integers(1, 5), st.one_of(st.none(), st.integers(0, 12)))
def test_it_behaves_as_a_reference_lru(operations, max_items, max_bytes):
    cache: LruCache[int, int] = LruCache(max_items, max_bytes, weigh=lambda v: v)
    model: list[tuple[int, int]] = []  # least recent first

    def fits() -> bool:
        return len(model) <= max_items and (max_bytes is None or sum(v for _, v in model) <= max_bytes)

    for op, key, value in operations:
        found = next((i for i, (k, _) in enumerate(model) if k == key), None)
        if op == "get":
            expected = model[found][1] if found is not None else None
            if found is not None:
                model.append(model.pop(found))
            assert cache.lookup(key) == expected
        elif op == "put":
            if found is not None:
                model.pop(found)
            model.append((key, value))
            while model and not fits():
                model.pop(0)
            cache.put(key, value)
        else:
            expected = model.pop(found)[1] if found is not None else None
            assert cache.pop(key) == expected
        assert len(cache) == len(model) and cache.bytes == sum(v for _, v in model)
        assert all(k in cache for k, _ in model)


def test_threads_sharing_a_cache_keep_its_bounds_and_counts():
    cache: LruCache[int, bytes] = LruCache(max_items=50, max_bytes=400, weigh=len)

    def work(offset: int) -> None:
        for i in range(2000):
            key = (i * 7 + offset) % 120
            cache.get(key, lambda key=key: b"x" * (key % 9 + 1))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) <= 50 and cache.bytes <= 400
    assert cache.hits + cache.misses == 8000
    assert cache.bytes == sum(len(cache.lookup(k) or b"") for k in range(120) if k in cache)
