"""tables/recent.py: the one recent-changes log both front ends word
(cogs/play/board_log.py for Discord, web/game_log.py for the page)."""
from __future__ import annotations

import pytest

from db.database import Database
from engines.base import Event
from games.definition import GameDefinition
from tables.recent import MAX_BATCHES, STARTED, RecentChanges
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer, Play

ADA, BO = 100, 200


def played(seat: int, card: int = 1) -> list[Event]:
    return [Event(key="highcard.log.played", params={"seat": seat, "card": card})]


def test_since_is_what_the_seats_missed_and_missed_by_leaves_out_their_own_move():
    recent = RecentChanges()
    for seat, card in [(0, 1), (1, 2), (0, 3), (1, 4), (2, 5)]:
        recent.add(7, played(seat, card))
    cards = lambda events: [e.params["card"] for e in events]  # noqa: E731
    assert cards(recent.since(7, [0])) == [3, 4, 5]
    assert cards(recent.missed_by(7, 0)) == [4, 5]
    assert cards(recent.since(7, [9])) == [1, 2, 3, 4, 5]  # nobody of these moved: everything
    assert cards(recent.events(7)) == [1, 2, 3, 4, 5] and recent.since(8, [0]) == []


def test_a_game_keeps_its_newest_batches_and_empty_changes_are_not_kept():
    recent = RecentChanges()
    recent.add(7, [])
    assert not recent.knows(7)
    for card in range(MAX_BATCHES + 5):
        recent.add(7, played(0, card))
    assert [e.params["card"] for e in recent.events(7)][:1] == [5] and len(recent.events(7)) == MAX_BATCHES


def test_add_if_known_follows_only_games_already_rebuilt():
    recent = RecentChanges()
    recent.add_if_known(7, [played(0)])
    assert not recent.knows(7)
    recent.add(7, played(0, 1))
    recent.add_if_known(7, [played(1, 2), []])
    assert [e.params["card"] for e in recent.events(7)] == [1, 2]
    recent.forget(7)
    assert not recent.knows(7) and recent.events(7) == []


@pytest.fixture
async def service(tmp_path):
    database = Database(str(tmp_path / "t.db"))
    await database.open()
    service = TableService(database, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
    yield service
    await service.shutdown()
    await database.close()


async def test_a_rebuild_replays_the_action_log_one_batch_per_action(service):
    table = await service.open_lobby("highcard", 1, 10, ADA, "Ada")
    await service.join(table.id, BO, "Bo")
    lobby = RecentChanges()
    await lobby.refill(service.queries.actions, table, with_start=True)
    assert lobby.knows(table.id) and lobby.events(table.id) == []  # a lobby: nothing yet, not even the start
    await service.start(table.id, ADA)
    for _ in range(3):
        seat = table.to_act()[0]
        card = table.state.hands[seat][0]
        await service.act(table.id, (ADA, BO)[seat], Play(card=card))
    rebuilt, with_start = RecentChanges(), RecentChanges()
    await rebuilt.refill(service.queries.actions, table)
    await with_start.refill(service.queries.actions, table, with_start=True)
    keys = [e.key for e in rebuilt.events(table.id)]
    assert keys == ["highcard.log.played"] * 3
    assert [e.key for e in with_start.events(table.id)] == [STARTED, *keys]
    assert [e.params["seat"] for e in rebuilt.events(table.id)] == [0, 1, 0]


async def test_a_log_that_no_longer_replays_is_empty_not_an_error(service, monkeypatch, caplog):
    table = await service.open_lobby("highcard", 1, 10, ADA, "Ada")
    await service.join(table.id, BO, "Bo")
    await service.start(table.id, ADA)
    await service.act(table.id, ADA, Play(card=table.state.hands[0][0]))

    def broken(*_):
        raise ValueError("a hand: 1, 2, 3")  # a message may quote hidden information

    monkeypatch.setattr("tables.replay.steps", broken)
    recent = RecentChanges()
    await recent.refill(service.queries.actions, table, with_start=True)
    assert [e.key for e in recent.events(table.id)] == [STARTED]
    assert "could not rebuild" in caplog.text and "1, 2, 3" not in caplog.text
