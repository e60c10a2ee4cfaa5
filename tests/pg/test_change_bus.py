"""Same table, two front ends, two processes (issue 22): a "bot" and a "web"
table service on one PostgreSQL database, each with its own pool, hear each
other on the change bus. Skipped unless TABLETOP_TEST_DATABASE_URL names a
PostgreSQL server."""
from __future__ import annotations

import time
import uuid

import pytest

import db.bus
from db.bus import ChangeListener, HeardChange
from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from tests.pg.bus_kit import BOB, NELLY, discord_game, eventually, two_processes, web_move
from tests.support.database import drop_schema, postgres_test_url

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


def seat_user(service, table_id: int) -> int:
    table = service.get(table_id)
    return table.seats[table.to_act()[0]].user_id


async def test_a_web_move_is_announced_by_the_bot_as_its_own(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes)
        mover = seat_user(processes.web, table_id)
        page = await processes.page(mover, "Mover")
        before = processes.bot.get(table_id).record.version
        processes.discord.calls.clear()

        answer = await web_move(page, table_id)
        await processes.settled(table_id)

        bot_copy = processes.bot.get(table_id)
        assert answer["version"] == before + 1 == bot_copy.record.version
        other = 1 - bot_copy.seat_of(mover)
        boards = processes.discord.boards()
        assert len(boards) == 1
        _, version, to_act, event_keys, turn, finished = boards[0]
        assert version == before + 1 and to_act == [other] and not finished
        assert event_keys, "the move's log lines, replayed from the action log"
        assert turn == ([other], [other])  # the next player is pinged
        assert ("hands", [1 - other]) in processes.discord.calls  # the mover's hand changed
        assert bot_copy.timer is not None and processes.web.get(table_id).timer is None  # timers: the bot's


async def test_a_bot_move_reaches_the_web_socket(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes)
        watcher = NELLY if seat_user(processes.bot, table_id) == BOB else BOB
        page = await processes.page(watcher, "Watcher")
        socket = await page.ws_connect(f"/api/tables/{table_id}/ws")
        log_before = (await (await page.get(f"/api/tables/{table_id}")).json())["log"]
        table = processes.bot.get(table_id)
        move = table.engine.legal_actions(table.state, table.to_act()[0])[0]

        await processes.bot.act(table_id, seat_user(processes.bot, table_id), move)  # a click in Discord

        heard = await socket.receive_json(timeout=20)
        assert heard == {"type": "changed", "version": table.record.version}
        await processes.settled(table_id)
        web_copy = processes.web.get(table_id)
        assert web_copy.engine.state_to_json(web_copy.state) == table.engine.state_to_json(table.state)
        seen = await (await page.get(f"/api/tables/{table_id}")).json()
        assert seen["version"] == table.record.version and len(seen["log"]) > len(log_before)  # the move's line
        await socket.close()


async def test_the_bot_plays_the_ai_seat_after_a_web_move(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes, ai=True)
        page = await processes.page(NELLY, "Nelly")
        socket = await page.ws_connect(f"/api/tables/{table_id}/ws")
        before = processes.web.get(table_id).record.version

        await web_move(page, table_id)
        await eventually(lambda: any(board[1] > before + 1 for board in processes.discord.boards()),
                         "the AI's move announced")
        await processes.settled(table_id)

        web_copy = processes.web.get(table_id)
        if web_copy is not None:  # the game goes on: Nelly's turn again, seen by both
            assert web_copy.to_act() == [0] == processes.bot.get(table_id).to_act()
        seen = [await socket.receive_json(timeout=20) for _ in range(2)]
        assert [m["type"] for m in seen] == ["changed", "changed"] and seen[1]["version"] > seen[0]["version"]
        rows = await processes.bot.db.fetchall("SELECT by_ai FROM actions WHERE game_id = ? AND seq > ?",
                                               (table_id, before))
        assert [bool(r["by_ai"]) for r in rows][:2] == [False, True]  # Nelly on the web, then the bot's AI
        await socket.close()


async def test_a_turn_timer_fires_once_in_the_bot_only(database_url):
    # The web process's clock is two hours behind: its move's turn clock starts long ago,
    # so the turn is overdue at once. The web process arms no timer; the bot, hearing
    # the move, arms one from the stored clock, and it fires exactly once.
    async with two_processes(database_url, web_clock=lambda: time.time() - 7200) as processes:
        table_id = await discord_game(processes)
        mover = seat_user(processes.web, table_id)
        page = await processes.page(mover, "Mover")
        before = processes.web.get(table_id).record.version

        await web_move(page, table_id)
        await eventually(lambda: any(board[1] >= before + 2 for board in processes.discord.boards()),
                         "the time-out's move announced")
        await processes.settled(table_id)

        rows = await processes.bot.db.fetchall("SELECT seat, by_ai FROM actions WHERE game_id = ? AND seq > ?",
                                               (table_id, before))
        late = processes.bot.get(table_id).seat_of(BOB if mover == NELLY else NELLY)
        assert [(r["seat"], bool(r["by_ai"])) for r in rows] == [(1 - late, False), (late, True)]
        assert processes.discord.calls.count(("reminder", late)) == 1
        assert processes.bot.get(table_id).seats[late].missed_turns == 1
        assert processes.web.get(table_id).timer is None


async def test_a_change_missed_while_the_bus_was_down_is_caught_up(database_url, monkeypatch):
    monkeypatch.setattr(db.bus, "RECONNECT_SECONDS", 0.05)
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes)
        page = await processes.page(seat_user(processes.web, table_id), "Mover")
        listener = processes.bot_bus.listener
        connect, attempts = listener.connect, []

        async def network_down() -> None:
            attempts.append(1)
            raise OSError("network is unreachable")

        monkeypatch.setattr(listener, "connect", network_down)
        listener.conn.terminate()  # the bot's listening connection drops, and stays down
        answer = await web_move(page, table_id)
        await eventually(lambda: len(attempts) >= 2, "tried to reconnect")
        assert processes.bot.get(table_id).record.version == answer["version"] - 1  # not heard
        monkeypatch.setattr(listener, "connect", connect)  # the network is back

        await processes.settled(table_id)  # reconnected, compared with the database, reloaded
        assert processes.discord.boards()[-1][1] == answer["version"]


async def test_a_killed_web_process_loses_no_committed_action(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes)
        page = await processes.page(seat_user(processes.web, table_id), "Mover")
        answer = await web_move(page, table_id)
        await processes.web_bus.stop()  # the web process goes away (a real SIGKILL: tests/ops/test_web_command.py)
        await processes.web.db.close()

        await eventually(lambda: processes.bot.get(table_id).record.version == answer["version"], "the bot heard")
        bot_copy = processes.bot.get(table_id)
        replayed = await processes.bot.replay(bot_copy.record)
        assert bot_copy.engine.state_to_json(replayed) == bot_copy.engine.state_to_json(bot_copy.state)
        next_move = bot_copy.engine.legal_actions(bot_copy.state, bot_copy.to_act()[0])[0]
        await processes.bot.act(table_id, seat_user(processes.bot, table_id), next_move)  # the game goes on
        assert bot_copy.record.version == answer["version"] + 1


async def test_a_web_move_is_not_refused_because_the_bot_wrote_a_message_id(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes)
        page = await processes.page(seat_user(processes.web, table_id), "Mover")
        await processes.web_bus.listener.stop()  # the web process does not hear the bot's next write in time
        bot_copy = processes.bot.get(table_id)
        await processes.bot.set_message_ids(bot_copy, board=123456)
        version = bot_copy.record.version

        answer = await web_move(page, table_id)  # its write is stale: reloaded, the same move played again

        assert answer["version"] == version + 1
        await processes.settled(table_id)
        assert bot_copy.record.version == version + 1 and bot_copy.record.board_message_id == 123456
        stored = await processes.bot.db.fetchval("SELECT board_message_id FROM games WHERE id = ?", (table_id,))
        assert stored == 123456  # the web's write kept the bot's message id


async def test_a_game_played_on_the_web_is_finished_by_the_bot_and_the_page_hears_over(database_url):
    async with two_processes(database_url) as processes:
        table_id = await discord_game(processes, ai=True)
        page = await processes.page(NELLY, "Nelly")
        socket = await page.ws_connect(f"/api/tables/{table_id}/ws")
        for _ in range(200):  # Nelly's moves on the web, the AI's and the end in the bot
            if processes.web.get(table_id) is None:
                break
            await web_move(page, table_id)
            await processes.settled(table_id)
        else:
            raise AssertionError("the game did not end")

        seen = []
        while not seen or seen[-1]["type"] != "over":
            seen.append(await socket.receive_json(timeout=20))
        assert processes.bot.get(table_id) is None and processes.discord.boards()[-1][5]  # the bot announced the end
        results = await processes.bot.db.fetchall("SELECT seat FROM results WHERE game_id = ?", (table_id,))
        assert sorted(r["seat"] for r in results) == [0, 1]  # finished once, by the bot
        await socket.close()


async def test_the_longest_schema_name_still_writes_and_is_heard():
    server = postgres_test_url()
    schema = f"test_{uuid.uuid4().hex[:8]}".ljust(63, "x")  # a channel name must stay under 64 bytes
    url = f"{server}{'&' if '?' in server else '?'}schema={schema}"
    writer, listener_db = Database(url, pool_min=1, pool_max=1), Database(url, pool_min=1, pool_max=1)
    heard: list[HeardChange] = []
    listener = ChangeListener(listener_db, heard.append)
    try:
        await writer.open()
        await listener_db.open()
        assert await listener.start()
        table = await TableService(writer, default_registry()).open_lobby("cubed", 1, 2, NELLY, "Nelly")
        await eventually(lambda: heard, "the new lobby heard")
        assert heard[0].table_id == table.id and heard[0].status == "lobby"
    finally:
        await listener.stop()
        await writer.close()
        await listener_db.close()
        await drop_schema(server, schema)
