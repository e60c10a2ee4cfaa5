"""Out of turn, a private panel shows the hand and whose turn it is, with no
enabled action control: Confirm and the one-click actions are disabled
(issue 21, "Confirm stays enabled out of turn"). SETUP still lets a waiting
player build and score a play to plan ahead."""
from __future__ import annotations

import pytest

from cogs.play.builder import ids
from engines.setup.rules import plain
from tests.click.clicking import all_games_bot, buttons, pick, press, show_hand, stub_previews
from tests.conftest import Table
from tests.setup.conftest import build

ACTION_OPS = (ids.CONFIRM, ids.QUICK)


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


def enabled_actions(message) -> list[str]:
    """Labels of the enabled buttons that would play something."""
    return [label for label, c in buttons(message).items()
            if not c.get("disabled") and c["custom_id"].split(":")[4] in ACTION_OPS]


async def start(env, game: str) -> Table:
    table = Table(env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, f"{game} new")
    await guest.click(table.lobby_message(), label="Join")
    await host.click(table.lobby_message(), label="Start")
    return table


async def test_setup_a_play_built_out_of_turn_cannot_be_confirmed(simcord_env):
    table = await start(simcord_env, "setup")
    live = table.live()
    state = build(hands=[["♠6", "♠7", "♦3", "★9"], ["♥2", "♥4", "♦6", "♠9"]],
                  common=["★1", "♣4", "♦9", "♥10"], to_act=1)
    state.seats, state.config = live.state.seats, live.state.config
    live.state = state
    alice, bob = table.member_for_seat(0), table.member_for_seat(1)
    message = await show_hand(alice, table.board_message())
    assert "Waiting for bob to play. This panel updates when it is your turn." in message.content
    message = await pick(alice, await pick(alice, message, "♠6"), "C1")
    assert plain("picked for you: ♠7") in message.content
    message = await pick(alice, message, "C2")
    assert "✅ This play scores" in message.content  # planning ahead still works
    assert "Confirm" in buttons(message) and buttons(message)["Confirm"].get("disabled")
    assert enabled_actions(message) == []
    # Bob, to act, builds the same kind of play and may confirm it.
    mine = await show_hand(bob, table.board_message())
    assert "Waiting for" not in mine.content


async def test_cubed_the_waiting_player_sees_the_hand_and_whose_turn_it_is(simcord_env):
    table = await start(simcord_env, "cubed")
    live = table.live()
    mover = live.to_act()[0]
    waiting = table.member_for_seat(1 - mover)
    message = await show_hand(waiting, table.board_message())
    name = live.seats[mover].name
    assert f"Waiting for {name} to play. This panel updates when it is your turn." in message.content
    assert [a.filename for a in message.attachments] == ["hand.png"]
    assert enabled_actions(message) == [] and not [c for row in message.components for c in row["components"]
                                                    if c.get("type") == 3]
    # The mover's own panel, after their move, turns into a waiting panel.
    member = table.member_for_seat(mover)
    panel = await show_hand(member, table.board_message())
    assert enabled_actions(panel)
    answer = await press(member, await press(member, panel, "Draw"), "End turn")
    assert mover not in table.live().to_act()
    assert enabled_actions(answer) == [] and "Waiting for" in answer.content


async def test_deathfront_a_player_who_has_chosen_waits_without_controls(simcord_env):
    table = await start(simcord_env, "deathfront")
    alice, bob = table.member_for_seat(0), table.member_for_seat(1)
    panel = await show_hand(alice, table.board_message())
    assert set(enabled_actions(panel)) == {"Keep", "Mulligan"}
    answer = await press(alice, panel, "Keep")  # round 1's draw choice at once (docs/rules decision 22)
    assert "Your hand is full" in answer.content and "Waiting for" not in answer.content
    assert "Keep hand (no draw)" in enabled_actions(answer)
    board = table.board_message().content  # each is told their own step
    assert f"<@{alice.id}>, your turn in Death Front: Blitzkrieg #{table.live().id}: Draw step" in board, board
    assert f"<@{bob.id}>, your turn in Death Front: Blitzkrieg #{table.live().id}: Mulligan step" in board, board
    answer = await press(alice, answer, "Keep hand (no draw)")  # bob has not chosen yet: alice waits
    assert "Waiting for bob to play. This panel updates when it is your turn." in answer.content
    assert enabled_actions(answer) == []
    lines = answer.content.splitlines()  # the answer to her click first, then what comes next
    assert lines.index("✅ Done.") < next(i for i, line in enumerate(lines) if "Waiting for bob" in line), lines
    again = await show_hand(alice, table.board_message())
    assert enabled_actions(again) == [] and "Waiting for bob" in again.content
    assert set(enabled_actions(await show_hand(bob, table.board_message()))) == {"Keep", "Mulligan"}
