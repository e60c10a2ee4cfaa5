"""Turn timers: a reminder at half time, then the AI plays the turn; after 3
missed turns in a row the AI keeps the seat and the result is marked."""
from tables.service import DEFAULT_TURN_TIMEOUT_MINUTES


async def test_reminder_at_half_time_then_the_ai_plays(table):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    user_id = live.seats[seat].user_id
    half = DEFAULT_TURN_TIMEOUT_MINUTES * 60 / 2
    await table.env.advance_time(half - 5)
    assert not any("⏰" in m.content for m in table.channel.history())
    await table.env.advance_time(10)
    reminders = [m.content for m in table.channel.history() if "⏰" in m.content]
    assert len(reminders) == 1 and f"<@{user_id}>" in reminders[0]
    assert live.record.version == 0
    await table.env.advance_time(half)
    assert live.record.version == 1
    assert live.seats[seat].missed_turns == 1 and live.seats[seat].ai_reason is None
    assert "ran out of time" in table.board_message().content


async def test_three_missed_turns_hand_the_seat_to_the_ai(table):
    alice, bob = table.members
    await table.open_and_start()
    live = table.live()
    alice_seat = live.seat_of(alice.id)
    limit = DEFAULT_TURN_TIMEOUT_MINUTES * 60
    for _ in range(12):
        live = table.live()
        if live is None or live.seats[alice_seat].ai_reason == "timeout":
            break
        if live.to_act() == [alice_seat]:
            await table.env.advance_time(limit + 1)  # alice lets her turn run out
        else:
            bob_seat = live.to_act()[0]
            await bob.slash(table.channel, "highcard play", card=max(live.state.hands[bob_seat]))
    live = table.live()
    assert live.seats[alice_seat].ai_reason == "timeout" and live.record.ai_marked
    assert "the AI keeps the seat" in table.board_message().content
    # bob plays on alone; the AI answers for alice at once.
    while (live := table.live()) is not None:
        seat = live.to_act()[0]
        await bob.slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
    assert "the AI played a seat" in table.channel.history()[-1].content


async def test_a_server_can_change_the_turn_time(simcord_env):
    import discord

    from tests.conftest import Table

    t = Table(simcord_env)
    role = t.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = t.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    result = await mod.slash(t.channel, "settings turn_timeout", minutes=2)
    assert "2 minutes" in result.response.content
    refused = await t.members[0].slash(t.channel, "settings turn_timeout", minutes=5)
    assert "Only server managers" in refused.response.content
    live = await t.open_and_start()
    await simcord_env.advance_time(121)
    assert live.record.version == 1
