"""The lobby's AI level select (Discord side, through SimCord)."""
from __future__ import annotations


async def test_lobby_level_select_appears_with_an_ai_and_sets_its_level(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    await alice.click(lobby, label="Add AI")
    live = table.live()
    assert live.seats[1].ai_reason == "added" and live.seats[1].ai_level == "normal"
    lobby = table.lobby_message()
    assert "AI: Normal" in lobby.embeds[0].fields[0].value
    await bob.select(lobby, ["hard"], custom_id=f"tt:ailevel:{live.id}")  # not the host: refused
    assert table.live().seats[1].ai_level == "normal"
    await alice.select(lobby, ["hard"], custom_id=f"tt:ailevel:{live.id}")
    assert table.live().seats[1].ai_level == "hard"
    assert "AI: Hard" in table.lobby_message().embeds[0].fields[0].value
