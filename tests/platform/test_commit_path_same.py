"""The action commit's cheaper steps give what the old ones gave:

- the written record's turn clock folded into its copy (``tables.timers.turn_clock``)
  equals the copy with the clock set on it afterwards (the old ``restart_turn_clock``
  on the copy): the same fields, the same fields set, the same JSON;
- ``db.repo.int_list_text`` (the row's ``ping_seats``) is ``json.dumps``' text;
- ``TableStore.refusing_stale`` (now a class) turns a stale write into the same
  refusal, reloads the table once, and lets everything else through unchanged."""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db.errors import StaleWrite
from db.models import GameRecord, Seat
from db.repo import int_list_text
from tables.errors import TableError
from tables.store import TableStore
from tables.timers import turn_clock


def _old_restart_turn_clock(table, state, now, record):  # verbatim, the reference
    humans_to_act = [s for s in table.engine.to_act(state) if not table.seats[s].is_ai]
    record.turn_started_at = now if humans_to_act else None
    record.reminded = False


@settings(max_examples=200, deadline=None)
@given(ai=st.lists(st.sampled_from([None, "added", "resigned", "timeout"]), min_size=1, max_size=6),
       data=st.data(), now=st.floats(0, 2e9), reminded=st.booleans(),
       started=st.one_of(st.none(), st.floats(0, 2e9)), version=st.integers(0, 10_000))
def test_the_turn_clock_in_the_copy_is_the_clock_set_on_the_copy(ai, data, now, reminded, started, version):
    seats = [Seat(name=f"p{i}", user_id=i + 1, ai=reason) for i, reason in enumerate(ai)]
    to_act = data.draw(st.lists(st.integers(0, len(ai) - 1), unique=True, max_size=len(ai)))
    record = GameRecord(game_type="setup", guild_id=1, channel_id=2, host_id=1, status="playing", seats=seats,
                        seed=3, version=version, turn_started_at=started, reminded=reminded,
                        created_at=1.0, updated_at=2.0)
    table = SimpleNamespace(seats=record.seats, record=record,
                            engine=SimpleNamespace(to_act=lambda state: list(to_act)))
    old = record.model_copy(update={"version": version + 1, "updated_at": now})
    _old_restart_turn_clock(table, object(), old.updated_at, old)
    new = record.model_copy(update={"version": version + 1, "updated_at": now, **turn_clock(table, object(), now)})
    assert new.__dict__ == old.__dict__
    assert list(new.__dict__) == list(old.__dict__)
    assert new.model_fields_set == old.model_fields_set
    assert new.model_dump_json() == old.model_dump_json()
    assert record.version == version and record.reminded == reminded  # the table's own record untouched


@given(st.lists(st.one_of(st.integers(-10**20, 10**20), st.booleans())))
def test_int_list_text_is_json_dumps(values):
    assert int_list_text(values) == json.dumps(values)


class _OldStore:
    """The generator-based ``refusing_stale`` as it was (verbatim), the reference."""

    def __init__(self, reload):
        self.reload = reload

    @asynccontextmanager
    async def refusing_stale(self, table):
        try:
            yield
        except StaleWrite:
            await self.reload(table.id)
            raise TableError("core.err.stale_table") from None


async def _outcome(store, table, raising):
    try:
        async with store.refusing_stale(table):
            if raising is not None:
                raise raising
        return "ok", None
    except BaseException as error:  # noqa: BLE001 - compared below
        return type(error), (getattr(error, "key", None), error.__cause__, error.__suppress_context__,
                             type(error.__context__))


@pytest.mark.parametrize("raising", [None, StaleWrite(7), ValueError("x"), TableError("core.err.moved_on"),
                                     asyncio.CancelledError()])
def test_refusing_stale_refuses_as_before(raising):
    async def go():
        outcomes, reloads = [], []
        for make in (lambda r: _OldStore(r), lambda r: TableStore(None, None, None, lambda: 0.0, r)):
            reloaded: list[int] = []

            async def reload(game_id, reloaded=reloaded):
                reloaded.append(game_id)

            table = SimpleNamespace(id=5, timer=None)
            outcomes.append(await _outcome(make(reload), table, raising))
            reloads.append(reloaded)
        return outcomes, reloads

    (old, new), (old_reloads, new_reloads) = asyncio.run(go())
    assert new == old
    assert new_reloads == old_reloads == ([5] if isinstance(raising, StaleWrite) else [])
    if isinstance(raising, StaleWrite):
        assert new[0] is TableError and new[1][0] == "core.err.stale_table"
