"""Does every game in a database replay? For each game that was ever dealt
(playing, finished, or abandoned after its start): the action log numbers
1..version without a gap, and seed + log, through the engine, rebuild
exactly the stored snapshot of that version. The restore drill of a backup
(docs/operations.md, Backups) and a check after any repair by hand.

Offline: ``python -m tables.audit --db URL`` (status 1 when a game does not
replay). Reports game numbers and what is wrong, never a state or a hand."""
from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from db.database import Database
from db.models import GameRecord
from db.repo import GameRepo
from tables.live import seat_infos
from tables.registry import GameRegistry


@dataclass
class Audit:
    checked: int = 0  # games dealt and replayed
    skipped: int = 0  # lobbies and games abandoned before they were dealt
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


async def audit(db: Database, registry: GameRegistry) -> Audit:
    """Replay every game of ``db`` (open) against its snapshot."""
    games = GameRepo(db)
    result = Audit()
    for row in await db.fetchall("SELECT id FROM games ORDER BY id"):
        record = await games.get(row[0])
        if record is None:  # deleted meanwhile (a live database)
            continue
        snap = await games.snapshot(record.id)
        if record.status == "lobby" or (record.status == "abandoned" and snap is None):
            result.skipped += 1
            continue
        result.checked += 1
        problem = await _replay_problem(games, registry, record, snap)
        if problem is not None:
            result.problems.append(f"game {record.id} ({record.game_type}, {record.status}): {problem}")
    return result


async def _replay_problem(games: GameRepo, registry: GameRegistry, record: GameRecord,
                          snap: tuple[int, dict[str, Any]] | None) -> str | None:
    if record.game_type not in registry:
        return "unknown game type"
    if snap is None:
        return "no snapshot"
    actions = await games.actions(record.id)
    seqs = [seq for seq, _, _, _ in actions]
    if seqs != list(range(1, len(seqs) + 1)):
        return "gaps in the action log"
    if len(actions) != record.version or snap[0] != record.version:
        return f"version {record.version}, {len(actions)} actions, snapshot of version {snap[0]}"
    engine = registry.get(record.game_type).engine
    try:
        state: BaseModel = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
        for _, seat, action, _ in actions:
            state, _ = engine.apply(state, seat, engine.action_from_json(action))
    except Exception as error:  # noqa: BLE001 - a log the engine refuses is what we look for
        return f"the log does not replay ({type(error).__name__})"
    try:  # read as this build reads it: a field added since takes its default
        stored = engine.state_to_json(engine.state_from_json(snap[1]))
    except Exception:  # noqa: BLE001 - not this game's state at all: it differs
        stored = snap[1]
    if engine.state_to_json(state) != stored:
        return "the replayed state differs from the snapshot"
    return None


async def audit_url(url: str) -> Audit:
    from tables.registry import default_registry

    db = Database(url)
    await db.open()
    try:
        return await audit(db, default_registry())
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tables.audit", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="DATABASE_URL, e.g. sqlite:///backups/tabletop.db")
    args = parser.parse_args(argv)
    try:
        result = asyncio.run(audit_url(args.db))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for problem in result.problems:
        print(problem)
    print(f"{result.checked} games replayed, {len(result.problems)} with problems, "
          f"{result.skipped} lobbies or undealt games skipped")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
