"""Same table, two front ends, the whole way to Discord (issue 22): a move
committed by the web process's table service appears in the channel as a
click would — a new board message with the move's log line, pinging the
player now to act, the previous ping deleted — and the next click in
Discord plays on from it. The bot runs under SimCord on PostgreSQL; the web
process is a second table service with its own pool. Skipped unless
TABLETOP_TEST_DATABASE_URL names a PostgreSQL server."""
from __future__ import annotations

import pytest

from app.web_process import web_service
from db.database import Database
from games.definition import GameDefinition
from tables.bus import TableBus
from tables.registry import GameRegistry
from tests.conftest import last_reply, virtual_clock
from tests.pg.bus_kit import eventually
from tests.support.database import postgres_test_url
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play
from web.notifier import WebNotifier

pytestmark = pytest.mark.skipif(postgres_test_url() is None,
                                reason="TABLETOP_TEST_DATABASE_URL names no PostgreSQL server")


def pings(channel) -> list:
    return [m for m in channel.history() if "your turn in" in m.content]


async def test_a_web_move_updates_the_discord_board_ping_and_log(table, database_url):
    live = await table.open_and_start()
    web_db = Database(database_url, pool_min=1, pool_max=2)
    await web_db.open()
    web = web_service(web_db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]), WebNotifier())
    web.clock = virtual_clock  # the bot's clock: the turn clock a web move starts is read by the bot's timers
    web_bus = TableBus(web, holds_every_table=True)
    try:
        assert await web_bus.start()
        await web.restore()
        copy = web.get(live.id)
        seat = copy.to_act()[0]
        mover, waiting = table.member_for_seat(seat), table.member_for_seat(1 - seat)
        card = max(copy.state.hands[seat])
        old_pings = [m.id for m in pings(table.channel)]

        await web.act(live.id, mover.id, Play(card=card))  # a tap on the web board
        await eventually(lambda: table.live().record.version == copy.record.version, "the bot heard the move")
        await table.env.settle()

        now = pings(table.channel)
        assert len(now) == 1 and now[0].id not in old_pings  # posted anew, the old ping deleted
        assert f"<@{waiting.id}>" in now[0].content and f"<@{mover.id}>" not in now[0].content
        assert f"{mover.name} played {card}" in now[0].content  # the log line
        assert table.live().record.board_message_id == now[0].id

        answer = card + 1 if card + 1 in table.live().state.hands[1 - seat] else max(table.live().state.hands[1 - seat])
        reply = await waiting.slash(table.channel, "highcard play", card=answer)  # and the reverse: Discord plays on
        assert "⚠️" not in last_reply(reply).content
        await eventually(lambda: copy.record.version == table.live().record.version, "the web process heard it")
    finally:
        await web_bus.stop()
        await web.shutdown()
        await web_db.close()
