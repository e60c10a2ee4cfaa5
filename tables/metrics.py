"""What operators measure (Prometheus; docs/operations.md, "Metrics").

The tables, cogs, web and app layers call the functions here at their seams;
each does nothing until ``enable()`` (``METRICS_PORT`` set): the bot's
metrics are off by default and cost a ``None`` check. ``enable()`` makes a
fresh ``Metrics`` with a registry of its own (never prometheus-client's
global one), so one process's numbers, or one test's, start from zero.

Labels name a game type, a pool, a refusal's catalogue key or an HTTP
status: never a user, a channel, a table or anything of a hand.

Live tables and the announcement queue are read when scraped, from the
indexes that registered with ``watch_tables`` / ``watch_queue`` (held
weakly), so those gauges cannot drift from the truth. They register with the
metrics current when they are built: the wiring enables the metrics before
it builds the table service.
"""
from __future__ import annotations

import re
import time
import weakref
from collections import Counter as Tally
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

# Seconds from an accepted action to its board delivered: a board is drawn and sent in
# tens of milliseconds when idle, seconds when the REST budget or the drawing pool is full.
LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
# Event-loop lag: how much later than scheduled a short sleep woke up.
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
KEY_SHAPE = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+){1,4}")

clock: Callable[[], float] = time.perf_counter  # the latency's clock (real time, also under SimCord)


class TableIndex(Protocol):
    """What the live-tables gauge reads (``tables.live.LiveTables``)."""

    def values(self) -> Any: ...


class QueueDepth(Protocol):
    """What the queue-depth gauge reads (``tables.announcing_queue.AnnouncingQueue``)."""

    def waiting(self) -> int: ...


def alive(refs: list[weakref.ref[Any]]) -> Iterator[Any]:
    """What ``refs`` still point at (the dead ones are dropped)."""
    refs[:] = [ref for ref in refs if ref() is not None]
    for ref in refs:
        item = ref()
        if item is not None:
            yield item


class LiveSources(Collector):
    """The gauges read at scrape time: live tables by game and status, and
    announcements waiting to be delivered."""

    def __init__(self) -> None:
        self.tables: list[weakref.ref[Any]] = []
        self.queues: list[weakref.ref[Any]] = []

    def collect(self) -> Iterable[Metric]:
        tables = GaugeMetricFamily("tabletop_live_tables", "Lobbies and games this process holds in memory.",
                                   labels=["game", "status"])
        counts = Tally((table.record.game_type, table.record.status)
                       for index in alive(self.tables) for table in index.values())
        for (game, status), count in sorted(counts.items()):
            tables.add_metric([game, status], count)
        queued = GaugeMetricFamily("tabletop_announcements_waiting",
                                   "Changes committed whose board, ping and DMs are not being delivered yet.")
        queued.add_metric([], sum(queue.waiting() for queue in alive(self.queues)))
        return [tables, queued]


class Metrics:
    """Every metric of one process, in a registry of its own."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.actions = Counter("tabletop_actions", "Actions committed, by game and by whom (player or ai).",
                               ["game", "by"], registry=registry)
        self.refusals = Counter("tabletop_refusals", "Players' actions refused, by game and refusal key.",
                                ["game", "key"], registry=registry)
        self.board_latency = Histogram("tabletop_act_to_board_seconds",
                                       "From an accepted action to its board delivered.", ["game"],
                                       buckets=LATENCY_BUCKETS, registry=registry)
        self.rest_requests = Counter("tabletop_rest_requests", "HTTP requests to Discord's API (each "
                                     "attempt), by answer: 2xx, 4xx, 429, 5xx, error.", ["status"],
                                     registry=registry)
        self.rest_rate_limited = Counter("tabletop_rest_rate_limited", "Discord's 429 answers, by scope "
                                         "(user, global, shared).", ["scope"], registry=registry)
        self.pool_restarts = Counter("tabletop_pool_restarts", "Worker pools replaced after a worker died.",
                                     ["pool"], registry=registry)
        self.loop_lag = Histogram("tabletop_event_loop_lag_seconds", "How late the event loop woke a "
                                  "sleeping sampler.", buckets=LAG_BUCKETS, registry=registry)
        self.sources = LiveSources()
        registry.register(self.sources)


_current: Metrics | None = None


def enable() -> Metrics:
    """Start counting, from zero, into a fresh registry (served by ``app.metrics_server``)."""
    global _current
    _current = Metrics()
    return _current


def disable() -> None:
    global _current
    _current = None


def current() -> Metrics | None:
    return _current


def refusal_key(key: str) -> str:
    """The refusal's catalogue key as a label (its parameters are never one); "other" if malformed."""
    return key if KEY_SHAPE.fullmatch(key) else "other"


# -- the seams -----------------------------------------------------------------------------
def watch_tables(index: TableIndex) -> None:
    """Count ``index``'s tables in the live-tables gauge while it lives."""
    if _current is not None:
        _current.sources.tables.append(weakref.ref(index))


def watch_queue(queue: QueueDepth) -> None:
    """Count ``queue``'s waiting announcements in the queue-depth gauge while it lives."""
    if _current is not None:
        _current.sources.queues.append(weakref.ref(queue))


def action(game: str, by_ai: bool) -> None:
    if _current is not None:
        _current.actions.labels(game, "ai" if by_ai else "player").inc()


def refusal(game: str, key: str) -> None:
    if _current is not None:
        _current.refusals.labels(game, refusal_key(key)).inc()


def board_delivered(game: str, accepted_at: float) -> None:
    if _current is not None:
        _current.board_latency.labels(game).observe(max(0.0, clock() - accepted_at))


def rest_response(status: int | None, scope: str | None = None) -> None:
    """One request's answer from Discord (``None``: no answer, a network error)."""
    if _current is None:
        return
    label = "error" if status is None else "429" if status == 429 else f"{status // 100}xx"
    _current.rest_requests.labels(label).inc()
    if status == 429:
        _current.rest_rate_limited.labels(scope if scope in ("user", "global", "shared") else "unknown").inc()


def pool_restarted(pool: str) -> None:
    if _current is not None:
        _current.pool_restarts.labels(pool).inc()


def loop_lag(seconds: float) -> None:
    if _current is not None:
        _current.loop_lag.observe(max(0.0, seconds))
