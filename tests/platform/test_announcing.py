"""Answer first, then the board (tables/announcing_queue.py): ``act``
returns once the action is committed; each table's announcements follow in
order, and changes that pile up behind a slow board are drawn once, from the
newest state, with every change's log lines."""
from __future__ import annotations

import asyncio

from db.database import Database
from games.definition import GameDefinition
from tables.notifier import NullNotifier
from tables.registry import GameRegistry
from tables.service import TableService
from tables.text import describe
from tests.conftest import Table
from tests.support.highcard import HighcardEngine, HighcardRenderer

WAIT = 60  # seconds before a hang counts as a failure (no timing is asserted)


class GatedDrawing:
    """Stands in for the bot's drawing pool: the first board waits for the gate."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.started = asyncio.Event()
        self.boards: list = []

    async def draw(self, renderer, kind, view, locale, key=None) -> bytes:
        if kind == "board":
            self.boards.append(view)
            if len(self.boards) == 1:
                self.started.set()
                await self.gate.wait()
        return await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale)

    async def compute(self, fn, *args):
        return fn(*args)


async def play_highest(service: TableService, table) -> list:
    seat = table.to_act()[0]
    return await asyncio.wait_for(
        service.act(table.id, table.seats[seat].user_id, HighcardEngine.action_adapter.validate_python(
            {"kind": "play", "card": max(table.state.hands[seat])})), WAIT)


async def test_three_changes_behind_a_blocked_board_are_drawn_once_at_the_newest_state(simcord_env):
    table = Table(simcord_env, names=("ann", "bo", "cy", "di"))
    live = await table.open_and_start()
    bot = simcord_env.bot
    gated = bot.drawing = GatedDrawing()
    events = [await play_highest(bot.tables, live)]  # its board is now held at the gate
    await asyncio.wait_for(gated.started.wait(), WAIT)
    for _ in range(3):  # each act is answered while the board is held
        events.append(await play_highest(bot.tables, live))
    assert len(gated.boards) == 1 and bot.tables.announcing.busy(live.id)
    gated.gate.set()
    await simcord_env.settle()

    assert len(gated.boards) == 2  # the first change, then the three others at once
    assert gated.boards[1] == live.engine.public_view(live.state)  # the newest state
    board = table.board_message()
    locale = "en"
    for batch in events:  # every change's lines are on the board
        for event in batch:
            assert describe(event, live.seats, locale) in board.content
    assert live.record.version == 4 and not bot.tables.announcing.busy()


class Recorder(NullNotifier):
    """Records each table's announcements in order; the first board waits."""

    def __init__(self) -> None:
        self.log: dict[int, list[tuple]] = {}
        self.gate = asyncio.Event()
        self.first = True

    async def board_updated_batches(self, table, batches, finished, turn=None) -> None:
        if self.first:
            self.first = False
            await self.gate.wait()
        self.log.setdefault(table.id, []).append(("board", table.record.version, len(batches),
                                                   finished is not None))

    async def turn_changed(self, table, seats, new_seats) -> None:
        self.log.setdefault(table.id, []).append(("ping", tuple(seats), tuple(new_seats)))

    async def hands_changed(self, table, seats, turn_seats=()) -> None:
        self.log.setdefault(table.id, []).append(("hands", tuple(seats)))


async def service_with(notifier, tmp_path) -> TableService:
    db = Database(str(tmp_path / "announcing.db"))
    await db.open()
    return TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]), notifier)


async def start_game(service: TableService, channel: int):
    host = 100 * channel
    table = await service.open_lobby("highcard", 1, channel, host, "A", {}, seed=channel)
    await service.join(table.id, host + 1, "B")
    await service.start(table.id, host)
    return table


async def test_each_tables_announcements_keep_their_order_and_none_is_lost(tmp_path):
    recorder = Recorder()
    service = await service_with(recorder, tmp_path)
    try:
        tables = [await start_game(service, channel) for channel in (1, 2)]
        changes = {t.id: 1 for t in tables}  # the start
        while any(t.record.status == "playing" for t in tables):
            for t in tables:
                if t.record.status == "playing":
                    await play_highest(service, t)
                    changes[t.id] += 1
        assert all(t.record.status == "finished" for t in tables)  # every act answered, boards still held
        recorder.gate.set()
        await service.announcing.join()
    finally:
        await service.shutdown()
        await service.db.close()

    for t in tables:
        log = recorder.log[t.id]
        boards = [entry for entry in log if entry[0] == "board"]
        assert sum(b[2] for b in boards) == changes[t.id]  # every change reached the board's log
        versions = [b[1] for b in boards]
        assert versions == sorted(versions) and versions[-1] == t.record.version
        assert log[0][0] == "board"  # nothing before the first board
        assert boards[-1][3] and log[-2:] == [boards[-1], ("ping", (), ())]  # results, then the ping goes
        for before, after in zip(log, log[1:]):
            # A group is board → ping → hands; a ping or DMs never come before their board.
            assert (before[0], after[0]) in {("board", "ping"), ("board", "hands"), ("ping", "hands"),
                                             ("ping", "board"), ("hands", "board"), ("board", "board")}


async def test_shutdown_waits_for_the_queued_boards(tmp_path):
    recorder = Recorder()
    service = await service_with(recorder, tmp_path)
    try:
        table = await start_game(service, 1)
        await play_highest(service, table)
        stopping = asyncio.create_task(service.shutdown())
        for _ in range(20):
            await asyncio.sleep(0)
        assert not stopping.done() and table.id not in recorder.log  # held at the gate
        recorder.gate.set()
        await asyncio.wait_for(stopping, WAIT)
        assert [e[0] for e in recorder.log[table.id]].count("board") >= 1
        assert recorder.log[table.id][-1][0] in ("ping", "hands") and not service.announcing.busy()
        assert sum(e[2] for e in recorder.log[table.id] if e[0] == "board") == 2  # start and the move
    finally:
        await service.db.close()


async def test_a_failed_announcement_logs_no_hidden_text(caplog):
    """A failing hand DM is logged by type and place only: the exception's
    message (which may quote the hand being drawn) never reaches the log."""
    from types import SimpleNamespace

    from tables.announcing_queue import AnnouncingQueue, Call

    async def fails() -> None:
        raise ValueError("hand: 7♠ 9♦ secret")

    queue = AnnouncingQueue(lambda: None)
    table = SimpleNamespace(id=77)
    with caplog.at_level("DEBUG"):
        queue.submit(table, Call(fails, "hands"))
        await queue.join()
    text = caplog.text  # messages and any traceback, as a log file would hold them
    assert "could not send the hands: ValueError at test_announcing.py" in text
    assert "secret" not in text and "7♠" not in text
