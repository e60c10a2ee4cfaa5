"""The action commit's statements, built the cheaper way (issue 33 item 7),
are the ones the old way built: ``GameRepo.commit_action``'s parameters in one
dict (not ``_game_params | _timer_params | {…}``), the same keys in the same
order with the same values, with and without a sweeper's ``deadline_of`` and
owner; ``db.writes.Write`` (now a NamedTuple) holds what the frozen
dataclass held, with the same defaults, and stays read-only; and
``db.models.copy_fields`` leaves the table's record as the ``setattr`` per
committed field left it (values, key order, fields set)."""
from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, ValidationError

from db.models import GameRecord, Seat, copy_fields
from db.repo import (
    _CONFIG_JSON,
    _INSERT_ACTION,
    _UPDATE_GAME,
    _UPSERT_SNAPSHOT,
    GameRepo,
    _game_params,
    _state_text,
)
from db.writes import Write


@dataclasses.dataclass(frozen=True, slots=True)
class OldWrite:  # verbatim, the reference
    sql: str
    params: Any = ()
    must_change: int | None = None  # rows it must change, else StaleWrite(game_id)
    game_id: int = 0


class CapturingDb:
    dialect = "sqlite"

    def __init__(self) -> None:
        self.writes: list[list[Any]] = []

    async def write(self, writes: list[Any]) -> None:
        self.writes.append(writes)


async def old_commit_action(repo: GameRepo, game, seat, action, by_ai, state) -> None:  # verbatim, the reference
    seq = game.version
    params = (_game_params(game) | await repo._timer_params(game)  # noqa: SLF001 - the old way, verbatim
              | {"revision": game.revision, "previous_version": seq - 1})
    writes = [
        *repo._lock_writes(game.id),  # noqa: SLF001 - the old way, verbatim
        OldWrite(_UPDATE_GAME + " AND version = :previous_version", params, must_change=1, game_id=game.id),
        OldWrite(_INSERT_ACTION, (game.id, seq, seat, _CONFIG_JSON(action), int(by_ai), game.updated_at)),
        OldWrite(_UPSERT_SNAPSHOT, (game.id, seq, _state_text(state))),
    ]
    await repo.db.write(writes)
    game.revision += 1


def as_fields(write: Any) -> tuple:
    return write.sql, write.params, write.must_change, write.game_id


@settings(max_examples=60, deadline=None)
@given(version=st.integers(1, 10**6), revision=st.integers(0, 10**6), reminded=st.booleans(),
       started=st.one_of(st.none(), st.floats(0, 2e9)), ping=st.lists(st.integers(0, 10), max_size=4),
       deadline=st.one_of(st.none(), st.floats(0, 2e9)), owner=st.one_of(st.none(), st.text(max_size=8)),
       by_ai=st.booleans(), seat=st.integers(0, 10))
def test_commit_action_writes_what_it_wrote(version, revision, reminded, started, ping, deadline, owner, by_ai, seat):
    def record() -> GameRecord:
        return GameRecord(id=9, game_type="setup", guild_id=1, channel_id=2, host_id=1, status="playing",
                          config={"mode": "teams", "finish": 30}, seats=[Seat(name="Zoë", user_id=1), Seat(name="b")],
                          seed=3, version=version, revision=revision, turn_started_at=started, reminded=reminded,
                          ping_seats=ping, created_at=1.0, updated_at=2.5)

    async def go(commit) -> tuple[list[list[Any]], GameRecord]:
        db = CapturingDb()
        repo = GameRepo(db)  # type: ignore[arg-type]
        repo.owner = owner
        if deadline is not None:
            async def deadline_of(game: GameRecord) -> float | None:
                return deadline + game.version
            repo.deadline_of = deadline_of
        game = record()
        await commit(repo, game)
        return db.writes, game

    action, state = {"kind": "play", "tiles": ["中", 1]}, {"turn": 1, "hands": [["a"]]}
    old_writes, old_game = asyncio.run(go(lambda repo, game: old_commit_action(repo, game, seat, action, by_ai, state)))
    new_writes, new_game = asyncio.run(go(lambda repo, game: repo.commit_action(game, seat, action, by_ai, state)))
    assert [[as_fields(w) for w in writes] for writes in new_writes] \
        == [[as_fields(w) for w in writes] for writes in old_writes]
    assert list(new_writes[0][0].params) == list(old_writes[0][0].params)  # the same keys in the same order
    assert new_game.__dict__ == old_game.__dict__ and new_game.revision == revision + 1


def test_write_holds_what_the_dataclass_held():
    for args, kwargs in [(("SELECT 1",), {}), (("UPDATE x", {"a": 1}), {"must_change": 1, "game_id": 4}),
                         (("INSERT", (1, 2), 0), {}), (("S", (), None, 3), {})]:
        new, old = Write(*args, **kwargs), OldWrite(*args, **kwargs)
        assert as_fields(new) == as_fields(old)
        assert new == Write(*args, **kwargs)
        for name in ("sql", "params", "must_change", "game_id"):
            with pytest.raises(AttributeError):
                setattr(new, name, None)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(old, name, None)


COMMITTED = ("version", "updated_at", "turn_started_at", "reminded", "revision")


@settings(max_examples=100, deadline=None)
@given(version=st.integers(0, 10**6), now=st.floats(0, 2e9), started=st.one_of(st.none(), st.floats(0, 2e9)),
       reminded=st.booleans(), unset=st.sets(st.sampled_from(["version", "revision", "reminded", "turn_started_at"])))
def test_copy_fields_sets_what_setattr_set(version, now, started, reminded, unset):
    def record() -> GameRecord:
        given = {"version": version, "revision": 4, "reminded": not reminded, "turn_started_at": 1.0}
        return GameRecord(game_type="setup", guild_id=1, channel_id=2, host_id=1, seed=3, created_at=1.0,
                          updated_at=2.0, **{k: v for k, v in given.items() if k not in unset})

    source = record().model_copy(update={"version": version + 1, "updated_at": now, "turn_started_at": started,
                                         "reminded": reminded})
    source.revision += 1
    old, new = record(), record()
    for name in COMMITTED:  # the old way, verbatim
        setattr(old, name, getattr(source, name))
    copy_fields(source, new, COMMITTED)
    assert new.__dict__ == old.__dict__ and list(new.__dict__) == list(old.__dict__)
    assert new.model_fields_set == old.model_fields_set
    assert new.model_dump_json(exclude_unset=True) == old.model_dump_json(exclude_unset=True)


class Checked(BaseModel):
    model_config = ConfigDict(validate_assignment=True)
    count: int = 0


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    count: int = 0


def test_copy_fields_validates_or_refuses_as_setattr_does():
    source = Checked.model_construct(count="7")  # type: ignore[arg-type]  # validated on assignment: 7
    old, new = Checked(), Checked()
    old.count = source.count
    copy_fields(source, new, ("count",))
    assert new.count == old.count == 7 and new.model_fields_set == old.model_fields_set
    with pytest.raises(ValidationError):
        copy_fields(Frozen(count=1), Frozen(), ("count",))
