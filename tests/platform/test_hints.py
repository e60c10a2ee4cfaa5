"""Hints in casual games (issue 23, SimCord): the host switches hints on by
clicking the lobby's 💡 button; /hint and the panel's 💡 Hint button answer
the player to act privately with a legal move and a reason, in their
language; the game is recorded but not rated; without hints, out of turn
and without a game, /hint is refused privately."""
from __future__ import annotations

import random

import pytest

from bot import SHARED_EXTENSIONS
from tables.hints import Hints, hint_text
from tables.registry import default_registry
from tables.review_show import move_text
from tests.ai.helpers import swap_unseen
from tests.conftest import Table, last_reply


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"])


def components(message) -> list[dict]:
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [c for row in rows for c in row["components"]]


def custom_ids(message) -> list[str]:
    return [c.get("custom_id", "") for c in components(message)]


def options_line(table: Table) -> str:
    return table.lobby_message().embeds[0].fields[1].value


async def open_setup(table: Table, hints: bool) -> int:
    alice, bob = table.members[:2]
    for member in (alice, bob):
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await alice.slash(table.channel, "setup new")
    game_id = table.live().id
    await bob.click(table.lobby_message(), custom_id=f"tt:lobby:join:{game_id}")
    if hints:
        await alice.click(table.lobby_message(), custom_id=f"tt:ltog:hints:{game_id}")
    await alice.click(table.lobby_message(), custom_id=f"tt:lobby:start:{game_id}")
    assert table.live().record.status == "playing"
    return game_id


def to_act(table: Table):
    live = table.live()
    seat = live.to_act()[0]
    return seat, table.member_for_seat(seat), table.members[1 - seat]


async def test_the_host_switches_hints_on_by_clicking(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    await alice.slash(table.channel, "setup new")
    live = table.live()
    toggle = f"tt:ltog:hints:{live.id}"
    assert toggle in custom_ids(table.lobby_message())
    assert "Hints: off" in options_line(table) and "hints" not in live.record.config
    await bob.click(table.lobby_message(), custom_id=f"tt:lobby:join:{live.id}")
    refused = last_reply(await bob.click(table.lobby_message(), custom_id=toggle))
    assert refused.ephemeral and "⚠️" in refused.content and "hints" not in live.record.config
    await alice.click(table.lobby_message(), custom_id=toggle)
    assert live.record.config["hints"] is True
    assert "Hints: on (casual: not rated)" in options_line(table)
    assert "Hints: on (casual: not rated)" in [c.get("label") for c in components(table.lobby_message())]
    await alice.click(table.lobby_message(), custom_id=toggle)  # clicked again: off
    assert "hints" not in live.record.config and "Hints: off" in options_line(table)
    await alice.click(table.lobby_message(), custom_id=toggle)
    assert live.record.config["hints"] is True
    # Kept when another option changes and when the game starts (no engine config declares it).
    await table.service.set_option(live.id, alice.id, "stall_rounds", "3")
    await alice.click(table.lobby_message(), custom_id=f"tt:lobby:start:{live.id}")
    assert live.record.status == "playing" and live.record.config["hints"] is True
    assert live.record.config["stall_rounds"] == 3
    stored = await table.service.games.get(live.id)
    assert stored is not None and stored.config["hints"] is True


@pytest.mark.parametrize("locale, suggests, why", [("en", "The AI suggests", "Why:"), ("zh-CN", "AI 建议", "理由")])
async def test_hint_answers_privately_with_a_legal_move_and_a_reason(simcord_env, locales, locale, suggests, why):
    table = Table(simcord_env)
    await open_setup(table, hints=True)
    live = table.live()
    seat, player, other = to_act(table)
    locales[player.id] = locale
    answer = last_reply(await player.slash(table.channel, "hint"))
    assert answer.ephemeral and suggests in answer.content and why in answer.content
    hint = await table.service.hint(live.id, player.id)  # the same hint, remembered
    assert hint.seat == seat and hint.version == live.record.version
    live.engine.apply(live.state, seat, hint.action)  # legal: raises IllegalAction otherwise
    move, words = move_text(live.definition, hint.info, seat, hint.action, locale)
    assert move in answer.content and words.preview and words.preview in answer.content  # a play says its points
    assert answer.content == hint_text(live.definition, hint, locale)
    # The player's panel carries 💡 Hint; its click answers the same, privately.
    panel = last_reply(await player.click(table.board_message(), custom_id=f"tt:hand:{live.id}"))
    assert f"tt:hint:{live.id}" in custom_ids(panel)
    clicked = last_reply(await player.click(panel, custom_id=f"tt:hint:{live.id}"))
    assert clicked.ephemeral and clicked.content == answer.content
    # The other player: no hint button on their panel, and /hint is refused (not their turn).
    other_panel = last_reply(await other.click(table.board_message(), custom_id=f"tt:hand:{live.id}"))
    assert f"tt:hint:{live.id}" not in custom_ids(other_panel)
    refused = last_reply(await other.slash(table.channel, "hint"))
    assert refused.ephemeral and "It is not your turn" in refused.content
    assert live.record.version == hint.version  # a hint changes nothing
    # ▶️ Play it under the hint plays the hinted move; a second click (the game moved on) is refused.
    play = f"tt:hintplay:{live.id}:{hint.version}"
    assert play in custom_ids(answer)
    played = last_reply(await player.click(answer, custom_id=play))
    assert played.ephemeral and "✅" in played.content and move in played.content
    logged = await table.service.games.actions(live.id)
    assert logged[-1][1] == seat and logged[-1][2] == live.engine.action_to_json(hint.action)
    again = last_reply(await player.click(answer, custom_id=play))
    assert again.ephemeral and "⚠️" in again.content and len(await table.service.games.actions(live.id)) == len(logged)


async def test_a_game_with_hints_is_recorded_but_not_rated(simcord_env):
    table = Table(simcord_env)
    game_id = await open_setup(table, hints=True)
    service, rng = table.service, random.Random(4)
    while (live := table.live()) is not None and live.record.status == "playing":
        seat = live.to_act()[0]
        await service.act(live.id, live.seats[seat].user_id, live.engine.ai_action(live.state, seat, rng))
    await table.env.settle()
    record = await service.games.get(game_id)
    assert record is not None and record.status == "finished"
    ids = [m.id for m in table.members]
    assert await service.ratings.get_many(table.guild.id, "setup", ids) == {}  # nobody rated
    results = table.channel.history()[-1].content
    assert "Casual game (hints): not rated." in results


async def test_without_hints_a_hint_is_refused_privately(simcord_env, locales):
    table = Table(simcord_env)
    await open_setup(table, hints=False)
    live = table.live()
    _, player, _ = to_act(table)
    answer = last_reply(await player.slash(table.channel, "hint"))
    assert answer.ephemeral
    assert "Hints are off in this game; the host can switch them on in the lobby's Options before Start." \
        in answer.content
    panel = last_reply(await player.click(table.board_message(), custom_id=f"tt:hand:{live.id}"))
    assert f"tt:hint:{live.id}" not in custom_ids(panel)
    locales[player.id] = "zh-CN"
    assert "本局没有开启提示" in last_reply(await player.slash(table.channel, "hint")).content


async def test_no_game_and_a_spectator_are_refused(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    eve = table.members[2]
    nothing = last_reply(await eve.slash(table.channel, "hint"))
    assert nothing.ephemeral and "⚠️" in nothing.content
    await open_setup(table, hints=True)
    spectator = last_reply(await eve.slash(table.channel, "hint"))
    assert spectator.ephemeral and "Hints are for the players of this game." in spectator.content


async def test_a_death_front_hint_is_the_same_with_the_opponents_hand_and_deck_swapped(simcord_env):
    """On Discord: the opponent's hand and deck rearranged in the live game
    (the hint forgotten) give the very same answer to /hint."""
    table = Table(simcord_env)
    alice, bob = table.members
    await alice.slash(table.channel, "deathfront new")
    game_id = table.live().id
    await bob.click(table.lobby_message(), custom_id=f"tt:lobby:join:{game_id}")
    await alice.click(table.lobby_message(), custom_id=f"tt:ltog:hints:{game_id}")
    await alice.click(table.lobby_message(), custom_id=f"tt:lobby:start:{game_id}")
    live, rng = table.live(), random.Random(2)
    for _ in range(12):  # past the opening hands, into the battle
        seat = live.to_act()[0]
        await table.service.act(live.id, live.seats[seat].user_id, live.engine.ai_action(live.state, seat, rng))
    while len(live.engine.legal_actions(live.state, seat := live.to_act()[0])) < 3:
        await table.service.act(live.id, live.seats[seat].user_id, live.engine.ai_action(live.state, seat, rng))
    player = table.member_for_seat(seat)
    first = last_reply(await player.slash(table.channel, "hint"))
    assert "The AI suggests" in first.content
    swapped = swap_unseen("deathfront", live.state, seat, seed=11)
    other = 1 - seat
    assert (swapped.hands[other], swapped.decks[other]) != (live.state.hands[other], live.state.decks[other])
    live.state = swapped
    table.service.hints = Hints(table.service.thinking)  # nothing remembered
    again = last_reply(await player.slash(table.channel, "hint"))
    assert again.content == first.content
