"""Forced turns play themselves (issue 21): a CUBED player whose pieces fit
nowhere can only draw, then only pass; the table plays those moves at once,
marked ⏩ in the log, and a person is only asked when they have a choice."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from db.database import Database
from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig, DrawAction, PassAction
from tables.registry import default_registry
from tables.service import TableService
from tables.text import describe

ALICE, BOB = 1, 2


async def two_people(seed: int) -> tuple[TableService, int]:
    db = Database(":memory:")
    await db.open()
    service = TableService(db, default_registry())
    table = await service.open_lobby("cubed", 1, 1, ALICE, "alice", {"rounds": 1}, seed=seed)
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    return service, table.id


async def test_a_whole_game_asks_a_person_only_when_they_have_a_choice():
    service, table_id = await two_people(seed=5)
    table = service.get(table_id)
    engine = table.engine
    rng = random.Random(5)
    asked = forced = 0
    while table.record.status == "playing":
        seat = table.to_act()[0]
        choices = engine.legal_actions(table.state, seat)
        assert len(choices) > 1  # a single legal move is never left to a person
        assert engine.forced_action(table.state, seat) is None
        events = await service.act(table_id, table.seats[seat].user_id, engine.ai_action(table.state, seat, rng))
        asked += 1
        marked = [e for e in events if e.params.get("forced")]
        forced += len(marked)
        for event in marked:  # the table's own moves: a draw or a pass of the seat that had no choice
            assert event.key in ("cubed.ev.drew", "cubed.ev.passed")
            assert describe(event, table.seats, "en").startswith("⏩ ")
    await service.announcing.join()
    record = await service.games.get(table_id)
    assert record.status == "finished"
    # Every action is in the log, the people's and the table's: a replay matches.
    logged = await service.games.actions(table_id)
    assert len(logged) == asked + forced and forced > 0
    kinds = [engine.action_from_json(action) for _, _, action, _ in logged]
    assert sum(isinstance(a, (DrawAction, PassAction)) for a in kinds) >= forced
    final = await service.replay(record)
    assert engine.result(final) is not None
    await service.db.close()


async def test_a_forced_move_left_by_a_crash_is_played_at_restore(tmp_path):
    """A game whose last commit left a person with no choice (a process died
    before the table played it) is moved on when the tables come back."""
    path = str(tmp_path / "t.db")
    db = Database(path)
    await db.open()
    service = TableService(db, default_registry())
    table = await service.open_lobby("cubed", 1, 1, ALICE, "alice", {"rounds": 1}, seed=5)
    await service.join(table.id, BOB, "bob")
    service.changes.forced_move = lambda table: None  # the crash: nothing is played for anyone
    await service.start(table.id, ALICE)
    rng = random.Random(5)
    engine = table.engine
    while True:
        seat = table.to_act()[0]
        if engine.forced_action(table.state, seat) is not None:
            break
        await service.act(table.id, table.seats[seat].user_id, engine.ai_action(table.state, seat, rng))
    stuck_version = table.record.version
    await service.shutdown()
    await db.close()

    db = Database(path)
    await db.open()
    restored = TableService(db, default_registry())
    await restored.restore()
    again = restored.get(table.id)
    assert again.record.version > stuck_version
    seat = again.to_act()[0]
    assert again.engine.forced_action(again.state, seat) is None
    await restored.shutdown()
    await db.close()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans(),
       draw3=st.booleans())
def test_the_forced_move_is_the_one_legal_action(players, seed, bridge, fill, draw3):
    """CUBED's forced_action (which stops at the first placement it finds) names
    a move exactly when a seat has one legal action, for every seat, in every
    phase: the rule GameEngine.forced_action states."""
    engine = CubedEngine()
    config = CubedConfig(rounds=1, bridge=bridge, fill=fill, draw3=draw3, solo=players == 1)
    state = engine.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(400):
        if engine.is_over(state):
            break
        for seat in range(players):
            actions = engine.legal_actions(state, seat)
            expected = actions[0] if len(actions) == 1 else None
            assert engine.forced_action(state, seat) == expected
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
