"""Small timing helpers: a monotonic clock, medians and p95."""
from __future__ import annotations

import asyncio
import math
import time
from typing import Any, Callable

clock = time.perf_counter


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def median(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def timed(fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """(seconds, result) of one call."""
    start = clock()
    result = fn(*args)
    return clock() - start, result


def repeat(fn: Callable[..., Any], *args: Any, times: int) -> tuple[list[float], Any]:
    """Seconds of ``times`` calls, and the last result."""
    samples = []
    result = None
    for _ in range(max(1, times)):
        seconds, result = timed(fn, *args)
        samples.append(seconds)
    return samples, result


async def loop_lag(lags: list[float], stop: asyncio.Event, tick: float) -> None:
    """Until ``stop``: sleep ``tick`` seconds over and over and record how
    late each wake-up is, in seconds (the event loop's lag)."""
    while not stop.is_set():
        start = clock()
        await asyncio.sleep(tick)
        lags.append(max(0.0, clock() - start - tick))
