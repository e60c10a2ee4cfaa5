"""``Announcer.announce`` queues what it queued before it stopped building a
``Change`` with the clock's default just to overwrite it (issue 33 item 7):
the commit's ``accepted_at`` when given, else the clock at the call; and
``AnnouncingQueue.submit`` (no throwaway ``_Pending`` per call) still keeps
one pending list per table, in order, with the newest table object."""
from __future__ import annotations

from types import SimpleNamespace

from tables import metrics
from tables.announcing import Announcer
from tables.announcing_queue import AnnouncingQueue


class Recording:
    def __init__(self) -> None:
        self.items: list = []

    def submit(self, table, item) -> None:
        self.items.append(item)


def table_of(game_id: int = 3) -> SimpleNamespace:
    record = SimpleNamespace(status="finished", ping_seats=[], id=game_id)
    return SimpleNamespace(record=record, id=game_id)


def test_announce_keeps_the_commits_time_or_takes_the_clock():
    queue = Recording()
    announcer = Announcer(queue, store=None, notifier=lambda: None)  # type: ignore[arg-type]
    announcer.announce(table_of(), [], None, changed_hands=[1], accepted_at=12.5)
    start = metrics.clock()
    announcer.announce(table_of(), [], None, changed_hands=[2])
    end = metrics.clock()
    given, default = queue.items
    assert (given.accepted_at, given.changed_hands, given.turn) == (12.5, [1], None)
    assert start <= default.accepted_at <= end and default.changed_hands == [2]


def test_submit_keeps_one_pending_list_per_table():
    queue = AnnouncingQueue(notifier=lambda: None)  # type: ignore[arg-type]
    queue._workers[3] = queue._workers[4] = object()  # noqa: SLF001 - busy: nothing is taken up
    first, again, other = table_of(3), table_of(3), table_of(4)
    for table, item in [(first, "a"), (other, "x"), (again, "b"), (first, "c")]:
        queue.submit(table, item)  # type: ignore[arg-type]
    pending = queue._pending  # noqa: SLF001 - what the worker will take up
    assert [pending[3].items, pending[4].items] == [["a", "b", "c"], ["x"]]
    assert pending[3].table is first and pending[4].table is other and queue.waiting() == 4
