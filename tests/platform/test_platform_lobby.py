"""Lobby: join, leave, host-only buttons, seat limits, cancel, idle close."""
from tables.service import LOBBY_IDLE_SECONDS
from tests.conftest import last_reply


def seat_names(table):
    return [s.name for s in table.live().seats]


async def test_lobby_shows_buttons_and_host_seat(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    labels = [c["label"] for row in lobby.components for c in row.to_dict()["components"]] \
        if hasattr(lobby.components[0], "to_dict") else []
    assert labels == ["Join", "Leave", "Add AI", "Start", "Cancel", "Hints: off"]  # the hints switch (issue 23)
    assert "alice" in lobby.embeds[0].fields[0].value
    assert table.live().record.status == "lobby"


async def test_join_and_leave_update_the_lobby(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    await bob.click(lobby, label="Join")
    assert seat_names(table) == ["alice", "bob"]
    assert "bob" in table.lobby_message().embeds[0].fields[0].value
    result = await bob.click(lobby, label="Join")
    assert "already" in last_reply(result).content and last_reply(result).ephemeral
    await bob.click(lobby, label="Leave")
    assert seat_names(table) == ["alice"]
    assert "bob" not in table.lobby_message().embeds[0].fields[0].value


async def test_only_the_host_starts_cancels_or_adds_ai(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    await bob.click(lobby, label="Join")
    for label in ("Start", "Add AI", "Cancel"):
        result = await bob.click(lobby, label=label)
        assert last_reply(result).ephemeral
        assert "Only the host" in last_reply(result).content
    live = table.live()
    assert live.record.status == "lobby" and len(live.seats) == 2


async def test_seat_limits_come_from_the_engine(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    result = await alice.click(lobby, label="Start")
    assert "needs 2–4 players" in last_reply(result).content
    assert table.live().record.status == "lobby"
    for _ in range(3):
        await alice.click(lobby, label="Add AI")
    result = await alice.click(lobby, label="Add AI")
    assert "full" in last_reply(result).content
    result = await bob.click(lobby, label="Join")
    assert "full" in last_reply(result).content
    assert len(table.live().seats) == 4


async def test_teams_option_needs_four_seats(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new", teams=True)
    lobby = table.lobby_message()
    await bob.click(lobby, label="Join")
    result = await alice.click(lobby, label="Start")
    assert "needs exactly 4 players" in last_reply(result).content


async def test_cancel_closes_the_lobby_and_frees_the_channel(table):
    alice, _ = table.members
    await alice.slash(table.channel, "highcard new")
    await alice.click(table.lobby_message(), label="Cancel")
    assert table.live() is None
    assert "cancelled" in table.lobby_message().embeds[0].description
    assert table.lobby_message().components == []
    await alice.slash(table.channel, "highcard new")
    assert table.live() is not None


async def test_one_live_game_per_channel(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    result = await bob.slash(table.channel, "highcard new")
    assert result.ephemeral and "already has a game" in result.response.content
    assert len([m for m in table.channel.history() if m.embeds]) == 1


async def test_idle_lobby_closes_after_30_minutes(table):
    alice, _ = table.members
    await alice.slash(table.channel, "highcard new")
    await table.env.advance_time(LOBBY_IDLE_SECONDS - 60)
    assert table.live() is not None
    await table.env.advance_time(120)
    assert table.live() is None
    assert "30 minutes" in table.lobby_message().embeds[0].description
