"""Forced steps play themselves (issue 21): a Death Front player with nothing
to do but pass is passed at once, in the same change, with one ⏩ log line
naming every seat passed in a row; a person is asked only when they have a
choice. Any other single legal action is played by the table (the CUBED
mechanism), after a restart too. See docs/rules/deathfront.md, decision 3."""
from __future__ import annotations

import random
from contextlib import asynccontextmanager

from db.database import Database
from engines.deathfront import DeathFrontEngine
from engines.deathfront import rules as R
from engines.deathfront.models import Pass
from tables.registry import default_registry
from tables.service import TableService
from tables.text import describe

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
AUTO_PASS = "deathfront.ev.auto_pass"


@asynccontextmanager
async def opened(path: str):
    """A database closed however the test ends (an open one keeps pytest from exiting)."""
    db = Database(path)
    await db.open()
    try:
        yield db
    finally:
        await db.close()


async def people(db: Database, count: int, seed: int) -> tuple[TableService, int]:
    service = TableService(db, default_registry())
    table = await service.open_lobby("deathfront", 1, 1, ALICE, "alice", {"players": count}, seed=seed)
    for user, name in ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave"))[:count - 1]:
        await service.join(table.id, user, name)
    await service.start(table.id, ALICE)
    return service, table.id


async def test_whole_games_ask_a_person_only_when_they_have_a_choice():
    for count, seed in ((2, 3), (4, 8)):
        async with opened(":memory:") as db:
            await whole_game(db, count, seed)


async def whole_game(db: Database, count: int, seed: int) -> None:
    service, table_id = await people(db, count, seed)
    table = service.get(table_id)
    engine = table.engine
    rng = random.Random(seed)
    asked, auto_lines = 0, []
    while table.record.status == "playing":
        seat = table.to_act()[0]
        assert len(engine.legal_actions(table.state, seat)) > 1  # never a person's one option
        assert engine.forced_action(table.state, seat) is None
        events = await service.act(table_id, table.seats[seat].user_id, engine.ai_action(table.state, seat, rng))
        asked += 1
        for event in events:
            if event.key == AUTO_PASS:
                assert event.params["forced"] and event.params["seats"]
                auto_lines.append(describe(event, table.seats, "en"))
                assert "⏩" in describe(event, table.seats, "zh-TW")
    await service.announcing.join()
    assert auto_lines, "no automatic pass in a whole game"
    assert all(line.startswith("⏩ Nothing to do this step, so passed: ") for line in auto_lines)
    assert any(name in auto_lines[0] for name in ("alice", "bob", "carol", "dave"))
    # The automatic passes are the engine's own, not actions: the log holds
    # the people's choices only, and a replay rebuilds the same game.
    record = await service.games.get(table_id)
    assert record.status == "finished"
    assert len(await service.games.actions(table_id)) == asked
    final = await service.replay(record)
    assert engine.result(final) == engine.result(table.state)


def only_pass_left(state, seat: int) -> None:
    """Leave ``seat`` (to act in the facility step) exactly one legal
    action: no facility card in hand and the end already proposed this round.
    The engine never stops there by itself; a snapshot from a crash or an
    older build could."""
    state.hands[seat] = [u for u in state.hands[seat] if R.card(u).type != "facility"]
    state.proposed_round[seat] = state.round


async def test_a_single_legal_action_left_by_a_crash_is_played_at_restore(tmp_path):
    path = str(tmp_path / "t.db")
    async with opened(path) as db:
        crashed = await leave_a_crash(db)
    async with opened(path) as db:
        await check_restore(db, *crashed)


async def leave_a_crash(db: Database) -> tuple[int, int, int]:
    """A game in its facility step whose snapshot leaves the seat to act one legal action."""
    service, table_id = await people(db, 2, seed=3)
    table = service.get(table_id)
    engine: DeathFrontEngine = table.engine  # type: ignore[assignment]
    rng = random.Random(3)
    while table.state.step != "facility":
        seat = table.to_act()[0]
        options = engine.legal_actions(table.state, seat)
        action = next((a for a in options if a.kind in ("keep", "skip_draw")), None) \
            or engine.ai_action(table.state, seat, rng)
        await service.act(table_id, table.seats[seat].user_id, action)
    seat = table.to_act()[0]
    stuck = table.state.model_copy(deep=True)
    only_pass_left(stuck, seat)
    assert engine.legal_actions(stuck, seat) == [Pass()]
    assert engine.forced_action(stuck, seat) == Pass()
    async with db.transaction() as conn:
        await service.games.save_snapshot(conn, table_id, table.record.version, stuck)
    await service.shutdown()
    return table_id, seat, table.record.version


async def check_restore(db: Database, table_id: int, seat: int, stuck_version: int) -> None:
    restored = TableService(db, default_registry())
    played = []
    run_ai_seats = restored.changes.run_ai_seats

    async def spy(table):
        events = await run_ai_seats(table)
        played.extend(events)
        return events

    restored.changes.run_ai_seats = spy  # type: ignore[method-assign]
    await restored.restore()
    again = restored.get(table_id)
    assert again.record.version == stuck_version + 1  # the table passed for the seat, once
    seq, logged_seat, action, by_ai = (await restored.games.actions(table_id))[-1]
    assert (seq, logged_seat, action, by_ai) == (stuck_version + 1, seat, {"kind": "pass"}, False)
    name = again.seats[seat].name
    assert describe(played[0], again.seats, "en") == f"⏩ {name} passes: done with this step."  # (issue 31: pass = done)
    for waiting in again.to_act():
        assert again.engine.forced_action(again.state, waiting) is None
    await restored.shutdown()
