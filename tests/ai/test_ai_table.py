"""AI levels at the table: Add AI adds a normal AI, the host changes the
level, each AI seat plays at its level and a timed-out seat at normal."""
from __future__ import annotations

import pytest

from db.database import Database
from engines import ai
from tables.errors import TableError
from tables.registry import default_registry
from tables.service import TableService

HOST, GUEST = 100, 200


@pytest.fixture
async def service(tmp_path):
    db = Database(str(tmp_path / "ai.db"))
    await db.open()
    svc = TableService(db, default_registry())
    yield svc
    await svc.shutdown()
    await db.close()


@pytest.fixture
def levels_played(monkeypatch):
    """Records the level of every AI move the table service asks for."""
    played: list[tuple[int, str]] = []
    real = ai.choose_action

    def spy(engine, state, seat, level, rng, budget=None):
        played.append((seat, level))
        return real(engine, state, seat, "greedy", rng)  # fast: the level is what is checked

    monkeypatch.setattr(ai, "choose_action", spy)
    return played


async def test_add_ai_adds_a_normal_ai_and_the_host_changes_the_level(service):
    table = await service.open_lobby("cubed", 1, 10, HOST, "alice", {}, seed=3)
    await service.add_ai(table.id, HOST)
    assert table.seats[1].ai_reason == "added" and table.seats[1].ai_level == "normal"
    await service.set_ai_level(table.id, HOST, "hard")
    assert table.seats[1].ai_level == "hard"
    stored = await service.games.get(table.id)
    assert stored.seats[1].ai_level == "hard"  # kept in the seats JSON


async def test_only_the_host_sets_a_known_level_of_an_existing_ai(service):
    table = await service.open_lobby("cubed", 1, 10, HOST, "alice", {}, seed=3)
    with pytest.raises(TableError) as no_ai:
        await service.set_ai_level(table.id, HOST, "hard")
    assert no_ai.value.key == "ai.err.no_ai_seat"
    await service.join(table.id, GUEST, "bob")
    await service.add_ai(table.id, HOST)
    with pytest.raises(TableError):
        await service.set_ai_level(table.id, GUEST, "hard")
    with pytest.raises(TableError) as bad:
        await service.set_ai_level(table.id, HOST, "godlike")
    assert bad.value.key == "ai.err.bad_level"
    assert table.seats[2].ai_level == "normal"


async def test_ai_seats_play_at_their_level_and_timeouts_at_normal(service, levels_played):
    table = await service.open_lobby("cubed", 1, 10, HOST, "alice", {}, seed=3)
    await service.add_ai(table.id, HOST)
    await service.set_ai_level(table.id, HOST, "easy")
    await service.start(table.id, HOST)
    table.seats[0].ai_reason = "timeout"  # alice's turns time out: the AI takes her seat
    for _ in range(50):
        if table.record.status != "playing" or {seat for seat, _ in levels_played} == {0, 1}:
            break
        await service.changes.ai_move(table, table.to_act()[0])
    assert {level for seat, level in levels_played if seat == 1} == {"easy"}
    assert (0, ai.TIMEOUT_LEVEL) in levels_played and ai.TIMEOUT_LEVEL == "normal"
