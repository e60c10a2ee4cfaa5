"""Death Front games stored before issues 31 and 32 replay as played: their
rules (a pass in a row; an empty hand ends the game only with the deck
empty) differ from today's, so migration 0012 marks them ruleset 1. A
database written by the old build (no ``ruleset`` in the configs, no
``done`` in the snapshots) fails the audit until the migration runs, then
every game replays, and a live one plays on by its own rules."""
from __future__ import annotations

import random

from db.database import Database
from tables.audit import audit
from tables.registry import default_registry
from tables.service import TableService

ALICE, BOB = 1, 2
USERS = (ALICE, BOB)


async def old_rules_game(service: TableService, channel: int, seed: int, actions: int | None) -> int:
    """A 2-player game by ruleset 1, played by the greedy AI for both
    people, ``actions`` long (None: to the end)."""
    table = await service.open_lobby("deathfront", 1, channel, ALICE, "alice", {"ruleset": 1}, seed=seed)
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    live = service.get(table.id)
    assert live.state.config.ruleset == 1
    rng = random.Random(seed)
    played = 0
    while live.record.status == "playing" and (actions is None or played < actions):
        seat = live.to_act()[0]
        await service.act(table.id, USERS[seat], live.engine.ai_action(live.state, seat, rng))
        played += 1
    return table.id


# What the old build never wrote: ``ruleset`` in a Death Front config, ``done`` in a snapshot.
FORGET = {
    "sqlite": ("UPDATE games SET config = json_remove(config, '$.ruleset') WHERE game_type = 'deathfront'",
               "UPDATE snapshots SET state = json_remove(state, '$.config.ruleset', '$.done')",
               "PRAGMA user_version = 11"),
    "postgresql": ("UPDATE games SET config = (config::jsonb - 'ruleset')::text WHERE game_type = 'deathfront'",
                   "UPDATE snapshots SET state = ((state::jsonb #- '{config,ruleset}') - 'done')::text",
                   "DELETE FROM schema_migrations WHERE version > 11"),
}


async def as_the_old_build_wrote_it(db: Database, back_to_schema_11: bool) -> None:
    forget, snapshots, schema = FORGET[db.dialect]
    await db.execute(forget)
    await db.execute(snapshots)
    if back_to_schema_11:
        await db.execute(schema)


async def test_old_games_replay_after_the_migration_and_play_on_by_their_rules(database_url):
    db = Database(database_url)
    await db.open()
    service = TableService(db, default_registry())
    finished = await old_rules_game(service, channel=1, seed=3, actions=None)
    live = await old_rules_game(service, channel=2, seed=4, actions=60)
    lobby = (await service.open_lobby("deathfront", 1, 3, ALICE, "alice", {}, seed=5)).id
    await service.shutdown()
    await as_the_old_build_wrote_it(db, back_to_schema_11=False)
    before = await audit(db, default_registry())  # the records say no ruleset: today's rules replay them
    assert {problem.split(" ")[1] for problem in before.problems} >= {str(finished)}, before.problems
    await as_the_old_build_wrote_it(db, back_to_schema_11=True)
    await db.close()

    db = Database(database_url)
    await db.open()  # migration 0012 marks the stored games
    try:
        after = await audit(db, default_registry())
        assert after.ok and after.checked == 2, after.problems
        service = TableService(db, default_registry())
        await service.restore()
        table = service.get(live)
        assert table.state.config.ruleset == 1 and table.record.config["ruleset"] == 1
        rng = random.Random(9)
        while table.record.status == "playing":
            seat = table.to_act()[0]
            await service.act(live, USERS[seat], table.engine.ai_action(table.state, seat, rng))
        assert (await audit(db, default_registry())).ok
        await service.join(lobby, BOB, "bob")
        await service.start(lobby, ALICE)
        assert service.get(lobby).state.config.ruleset == 2  # a lobby starts under today's rules
        await service.shutdown()
    finally:
        await db.close()
