"""/settings dm turn|hand|off: what each player gets by DM, and how many."""
import pytest

from tests.conftest import Table, last_reply


def dms(member) -> list:
    channel = member.user.dm_channel
    return channel.history() if channel is not None else []


async def play_game(t: Table, modes: dict[int, str]) -> None:
    for member in t.members:
        if member.id in modes:
            answer = last_reply(await member.slash(t.channel, "settings dm", mode=modes[member.id]))
            assert answer.ephemeral
    await t.open_and_start()
    await t.play_to_end()
    await t.env.settle()


async def test_turn_mode_is_the_default_and_sends_one_dm_per_turn_with_the_hand(simcord_env):
    t = Table(simcord_env)
    await play_game(t, {})
    alice, bob = t.members
    # 12 moves alternate: the turn comes to alice 6 times (the first at the deal) and to bob 6 times.
    assert len(dms(alice)) == 6 and len(dms(bob)) == 6
    first = dms(alice)[0]
    assert first.content.startswith("🔔 Your turn in Highcard #") and "Cards: " in first.content
    assert [a.filename for a in first.attachments] == ["hand.png"]


async def test_hand_mode_sends_every_change_and_off_sends_nothing(simcord_env):
    t = Table(simcord_env)
    alice, bob = t.members
    await play_game(t, {alice.id: "hand", bob.id: "off"})
    # Dealt (1) + after each of her 6 plays (bob's last play ends the game).
    assert len(dms(alice)) == 7
    assert all(m.content.startswith("Your hand") for m in dms(alice))
    assert dms(bob) == []


async def test_setting_answers_in_the_callers_language(simcord_env, locales):
    t = Table(simcord_env)
    alice = t.members[0]
    locales[alice.id] = "zh-CN"
    for mode, text in (("turn", "轮到你时"), ("hand", "每当手牌变化"), ("off", "不再给你发私信")):
        answer = last_reply(await alice.slash(t.channel, "settings dm", mode=mode))
        assert answer.ephemeral and text in answer.content
    assert await t.service.settings.dm_mode(alice.id) == "off"


async def test_a_dm_goes_out_in_the_receivers_chinese_client_language(simcord_env, locales):
    t = Table(simcord_env)
    alice, bob = t.members
    locales[bob.id] = "zh-TW"
    await bob.slash(t.channel, "settings dm", mode="turn")  # the bot learns bob's client language
    live = await t.open_and_start()
    seat = live.to_act()[0]
    await t.member_for_seat(seat).slash(t.channel, "highcard play", card=max(live.state.hands[seat]))
    await t.env.settle()
    assert any(m.content.startswith("🔔 輪到你在") for m in dms(bob))
    assert all(m.content.startswith("🔔 Your turn") for m in dms(alice))


@pytest.mark.parametrize("mode", ["turn", "hand"])
async def test_a_refused_dm_is_noted_once_without_content(simcord_env, mode):
    t = Table(simcord_env)
    alice, bob = t.members
    await bob.slash(t.channel, "settings dm", mode=mode)
    bob_dm = await simcord_env.bot.fetch_user(bob.id)
    channel = await bob_dm.create_dm()
    simcord_env.inject_error("POST", f"/channels/{channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await t.open_and_start()
    await t.play_to_end()
    await t.env.settle()
    notes = [m.content for m in t.channel.history() if "couldn't send" in m.content]
    assert notes == ["I couldn't send bob their hand by DM. Use `/hand` or the Show hand button."]
