"""The web beside Discord: the composite notifier tells both front ends,
the bot serves the web only with WEB_PORT, and a Discord session sees the
Discord game its user plays."""
from __future__ import annotations

import logging

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient, TestServer

from bot import create_bot
from db.database import Database
from engines.base import Event
from tables.composite_notifier import CompositeNotifier
from tables.registry import default_registry
from tables.service import TableService
from tests.webboard.test_web_sessions import FakeDiscord
from web.app import create_app
from web.discord_oauth import OAuthClient
from web.notifier import WebNotifier


class Recorder:
    def __init__(self, fail: bool = False, batches: bool = True) -> None:
        self.calls: list[tuple] = []
        self.fail = fail
        if batches:
            self.board_updated_batches = self._batches

    async def _batches(self, table, batches, finished, turn=None):
        self.calls.append(("batches", len(batches), turn))
        if self.fail:
            raise RuntimeError("a secret hand ♥7")

    async def board_updated(self, table, events, finished):
        self.calls.append(("board", len(events)))

    async def hands_changed(self, table, seats, turn_seats=()):
        self.calls.append(("hands", list(seats)))
        if self.fail:
            raise RuntimeError("a secret hand ♥7")

    async def lobby_updated(self, table, closed_reason=None):
        self.calls.append(("lobby", closed_reason))

    async def turn_reminder(self, table, seat, minutes_left):
        self.calls.append(("reminder", seat))

    async def game_ended_by_manager(self, table):
        self.calls.append(("ended",))


async def test_every_notifier_hears_each_change_even_when_one_fails(caplog):
    failing, batching, plain = Recorder(fail=True), Recorder(), Recorder(batches=False)
    both = CompositeNotifier([failing, batching, plain])
    events = [Event(key="core.log.started"), Event(key="core.log.started")]
    with caplog.at_level(logging.ERROR):
        await both.board_updated_batches(object(), [events[:1], events[1:]], None, ([0], [0]))
        await both.hands_changed(object(), [1], [0])
        await both.turn_changed(object(), [0], [0])  # none of them listens for it: nothing breaks
    assert batching.calls == [("batches", 2, ([0], [0])), ("hands", [1])]
    assert plain.calls == [("board", 2), ("hands", [1])]
    assert "RuntimeError" in caplog.text and "♥7" not in caplog.text


def test_the_bot_serves_the_web_only_with_web_port(settings):
    plain = create_bot(settings)
    assert plain.web_server is None and plain.tables.notifier is plain.notifier
    served = create_bot(settings.model_copy(update={"web_port": 0}))
    composite = served.tables.notifier
    assert isinstance(composite, CompositeNotifier) and served.notifier in composite.notifiers
    assert any(isinstance(n, WebNotifier) for n in composite.notifiers)
    assert served.web_server is not None and served.web_server.host == "127.0.0.1"


async def test_a_discord_session_sees_its_users_discord_game(database_url):
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    fake = FakeDiscord()
    app = create_app(service, notifier, local=False, oauth=OAuthClient("app", "secret", fake))
    server = TestServer(app)
    await server.start_server()
    nelly, other = (TestClient(server, cookie_jar=CookieJar(unsafe=True)) for _ in range(2))
    try:
        await nelly.start_server()
        await other.start_server()
        table = await service.open_lobby("setup", 1, 2, 80351110224678912, "Nelly")
        await service.add_ai(table.id, 80351110224678912)
        await service.start(table.id, 80351110224678912)
        assert (await nelly.post("/api/local/session", json={})).status in (404, 405)  # not local play
        signed_in = await nelly.post("/api/discord/session", json={"code": "abc"})
        assert signed_in.status == 200 and (await signed_in.json())["locale"] == "zh-TW"
        seen = await nelly.get(f"/api/tables/{table.id}")
        assert seen.status == 200 and (await seen.json())["you"] == 0
        fake.calls.clear()
        fake.user_status = 401
        refused = await other.post("/api/discord/session", json={"code": "abc"})
        assert refused.status == 401 and (await refused.json())["error"] == "web.err.discord_refused"
        assert (await other.get(f"/api/tables/{table.id}")).status == 401
    finally:
        await nelly.close()
        await other.close()
        await server.close()
        await service.shutdown()
        await db.close()


async def test_a_move_made_elsewhere_reaches_the_page_and_the_other_front_end(database_url):
    from tests.webboard.kit import cookie_of, local_player, new_table, next_message, table_json, web_front

    discord = Recorder()
    async with web_front(database_url, also=(discord,)) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed")
        page = await front.client(cookie_of(ada))
        socket = await page.ws_connect(f"/api/tables/{table_id}/ws")
        data = await table_json(ada, table_id)
        table = front.service.get(table_id)
        action = table.engine.action_from_json(data["moves"][0]["action"])
        boards_before = sum(1 for call in discord.calls if call[0] == "batches")
        await front.service.act(table_id, table.seats[0].user_id, action)  # as a click in Discord would
        heard = await next_message(socket)
        assert heard["type"] == "changed" and heard["version"] == front.service.get(table_id).record.version
        await front.service.announcing.join()
        assert sum(1 for call in discord.calls if call[0] == "batches") == boards_before + 1  # the other one too
        assert (await table_json(ada, table_id))["version"] == heard["version"]
        await socket.close()
        await page.close()
        await ada.close()
