"""/settings dm turn|hand|off: what each player gets by DM, and how many.
A turn DM goes only to a player who has been away (``AWAY_SECONDS``); most
tests here count every player as away."""
import pytest

from cogs.notifier import AWAY_SECONDS
from tests.conftest import Table, last_reply


@pytest.fixture(autouse=True)
def everyone_away(request, simcord_env):
    if "keep_presence" not in request.keywords:
        simcord_env.bot.notifier.away_seconds = 0


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


@pytest.mark.keep_presence
async def test_a_player_who_is_here_gets_no_turn_dm_and_one_who_was_away_does(simcord_env):
    t = Table(simcord_env)
    alice, bob = t.members
    live = await t.open_and_start()
    await t.play_to_end()
    await t.env.settle()
    assert dms(alice) == [] and dms(bob) == []  # both played all along: the board told them
    t2 = Table(simcord_env, names=("cy", "di"))
    live = await t2.open_and_start()
    await simcord_env.advance_time(AWAY_SECONDS + 60)
    seat = live.to_act()[0]
    mover = t2.member_for_seat(seat)
    other = next(m for m in t2.members if m is not mover)
    await mover.slash(t2.channel, "highcard play", card=max(live.state.hands[seat]))
    await t2.env.settle()
    assert dms(mover) == []
    assert len(dms(other)) == 1
    dm = dms(other)[0]
    assert "Test Guild" in dm.content or t2.guild.name in dm.content  # the DM names the server
    links = [c.url for row in dm.components for c in row.children if getattr(c, "url", None)]
    assert links and "discord.com/channels/" in links[0]  # and opens the board
