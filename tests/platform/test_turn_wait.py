"""An action re-arms the turn timer as a loop timer (``tables.timers.TurnWait``),
not a task, until the timer's first deadline: the reminders and time-outs come
at the same moments, with the same outcome, as with the task armed at once
(the old way, forced here by switching the wait off). The same timeline is
asserted for both ways."""
import asyncio

import pytest

from tables.timers import Timers, TurnWait

STEP = 59  # the clock moves in 59-second steps (limit 60 min: reminder at 30, time-out at 60)
# The person to act plays at these steps; otherwise a turn runs to its reminder and its time-out.
PLAYS = (2, 40, 41, 95, 130)
# (step, reminders so far, game version, alice's missed turns) at each step where one changed: the task's
# timeline (the old way), the same for the wait.
EXPECTED = [(1, 0, 0, 0), (2, 0, 1, 0), (32, 1, 1, 0), (40, 1, 2, 0), (41, 1, 3, 0), (71, 2, 3, 0), (95, 2, 4, 0),
            (125, 3, 4, 0), (130, 3, 5, 0), (160, 4, 5, 0), (191, 4, 6, 0), (221, 5, 6, 0)]


async def _timeline(table, path: str) -> list[tuple[int, int, int, int]]:
    alice, _ = table.members
    await table.open_and_start()
    timeline = []
    plays = 0
    for step in range(1, 241):
        live = table.live()
        if live is None:
            break
        if step in PLAYS and live.to_act():
            seat = live.to_act()[0]
            await table.member_for_seat(seat).slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
            plays += 1
            live = table.live()
            if live is not None and live.record.status == "playing" and live.record.turn_started_at is not None:
                kind = TurnWait if path == "wait" else asyncio.Task
                assert isinstance(live.timer, kind), (path, live.timer)
        await table.env.advance_time(STEP)
        live = table.live()
        if live is None:
            timeline.append((step, -1, -1, -1))
            break
        reminders = sum(1 for m in table.channel.history() if "⏰" in m.content)
        now = (reminders, live.record.version, live.seats[live.seat_of(alice.id)].missed_turns)
        if not timeline or timeline[-1][1:] != now:  # the steps where something happened
            timeline.append((step, *now))
    assert plays >= 3
    return timeline


@pytest.mark.parametrize("path", ["wait", "task"])
async def test_the_turn_wait_times_out_as_the_task_did(table, monkeypatch, path):
    if path == "task":
        monkeypatch.setattr(Timers, "_turn_wait", lambda self, table: None)
    timeline = await _timeline(table, path)
    assert timeline == EXPECTED
