"""The tournament on Discord (SimCord): /tournament new, the sign-up
buttons (also after a restart), a thread per match with its table opened by
the bot, the players pinged there, the standings after each round and the
podium in the tournament's channel."""
from __future__ import annotations

import discord
import pytest

from bot import SHARED_EXTENSIONS
from tests.conftest import TEST_EXTENSIONS, Table, last_reply

EXTENSIONS = [*TEST_EXTENSIONS, "cogs.community.tournament.extension"]


@pytest.fixture
async def hall(simcord_env, bot_builder):
    return Table(simcord_env, names=("alice", "bob", "carol"))


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(extensions=EXTENSIONS)


def said(channel) -> list:
    """The bot's own messages (not Discord's "started a thread" notes)."""
    return [m for m in channel.history() if m.type != discord.MessageType.thread_created]


def signup_message(hall: Table):
    return next(m for m in reversed(hall.channel.history()) if m.embeds and "Tournament #" in (m.embeds[0].title or ""))


async def play_threads(hall: Table, round_no: int) -> None:
    """Every person at a match table in a thread plays their highest card, by the command, until none is to act."""
    service = hall.service
    while True:
        await hall.env.settle()
        moved = False
        for thread in [th for th in hall.channel.threads if f"Round {round_no} " in th.name]:
            table = service.in_channel(thread.id)
            if table is None or table.record.status != "playing" or not table.to_act():
                continue
            seat = table.to_act()[0]
            member = next(m for m in hall.members if m.id == table.seats[seat].user_id)
            result = await member.slash(thread, "highcard play", card=max(table.state.hands[seat]))
            assert "⚠️" not in last_reply(result).content
            moved = True
        if not moved:
            return


async def test_a_tournament_from_sign_up_to_podium(hall, bot_builder):
    alice, bob, carol = hall.members
    result = await alice.slash(hall.channel, "tournament new", game="highcard", format="swiss", rounds=2)
    assert "⚠️" not in (last_reply(result).content or "")
    sign_up = signup_message(hall)
    tid = int(sign_up.embeds[0].title.split("#")[1].split()[0])
    labels = [c.label for row in sign_up.components for c in row.children]
    assert labels == ["Join", "Leave", "Add AI", "Start", "Cancel"]

    await hall.env.restart_bot(bot_builder(extensions=EXTENSIONS))  # the buttons carry the tournament's id: they outlive the process
    for member in (alice, bob, carol):
        await member.click(signup_message(hall), custom_id=f"tt:tourney:join:{tid}")
    refused = await bob.click(signup_message(hall), custom_id=f"tt:tourney:ai:{tid}")
    assert "Only the organiser" in last_reply(refused).content
    await alice.click(signup_message(hall), custom_id=f"tt:tourney:ai:{tid}")
    entrants = signup_message(hall).embeds[0].fields[0].value
    assert entrants.splitlines() == ["1. alice", "2. bob", "3. carol", "4. 🤖 AI 1"]

    before = len(said(hall.channel))
    await alice.click(signup_message(hall), custom_id=f"tt:tourney:start:{tid}")
    await hall.env.settle()
    assert signup_message(hall).components == []  # sign-up closed
    threads = hall.channel.threads
    assert sorted(th.name for th in threads) == ["Tournament #1 · Round 1 · alice vs carol",
                                                 "Tournament #1 · Round 1 · bob vs AI 1"]
    posted = said(hall.channel)[before:]
    assert [m.content.splitlines()[0] for m in posted] == ["🏆 Tournament #1 · round 1 of 2"]
    assert posted[0].content.splitlines()[1:] == ["Match 1: alice vs carol", "Match 2: bob vs AI 1"]
    for thread in threads:
        first = thread.history()[0]
        assert first.content.startswith("🏆 Tournament #1, round 1:")
        raw = hall.env.backend.messages[thread.id][first.id]
        table = hall.service.in_channel(thread.id)
        people = [s.user_id for s in table.seats if s.user_id is not None]
        assert sorted(raw.ping_user_ids) == sorted(people)  # the match's players, nobody else
        assert any(a.filename == "board.png" for m in thread.history() for a in m.attachments)

    await hall.env.restart_bot(bot_builder(extensions=EXTENSIONS))  # mid-round: the new process takes it on
    await play_threads(hall, 1)
    after_round_1 = said(hall.channel)[before + 1:]
    standings = [m for m in after_round_1 if any(a.filename == "standings.png" for a in m.attachments)]
    assert len(standings) == 1 and standings[0].content.startswith("📊 Tournament #1 · standings after round 1 of 2")
    assert hall.env.backend.messages[hall.channel.id][standings[0].id].ping_user_ids == []
    assert len(hall.channel.threads) == 4
    await play_threads(hall, 2)
    await hall.env.settle()

    final = said(hall.channel)[-1]
    assert [a.filename for a in final.attachments] == ["podium.png"]
    assert final.content.startswith("🏆 Tournament #1 · Highcard is over!")
    t = await hall.env.bot.get_cog("TournamentCog").service.get(tid)
    assert t.status == "finished"
    # What the channel got: the sign-up, then per round its pairings and its standings, then the podium.
    kinds = []
    for m in said(hall.channel):
        files = [a.filename for a in m.attachments]
        kinds.append("podium" if "podium.png" in files else "standings" if "standings.png" in files
                     else "round" if m.content.startswith("🏆 Tournament #1 · round") else "signup" if m.embeds else "?")
    assert kinds == ["signup", "round", "standings", "round", "standings", "podium"]
    asked = last_reply(await bob.slash(hall.channel, "tournament standings"))
    assert asked.content.startswith("📊 Tournament #1 · standings after round 2 of 2")
    assert [a.filename for a in asked.attachments] == ["standings.png"] and asked.flags.ephemeral
    import os
    if os.environ.get("DUMP_TOURNAMENT"):
        backend = hall.env.backend
        for channel in [hall.channel, *hall.channel.threads]:
            print("=== channel", channel.name)
            for m in channel.history():
                raw = backend.messages[channel.id][m.id]
                print(f"[{m.type.name}] pings={raw.ping_user_ids} files={[a.filename for a in m.attachments]}")
                print("   ", m.content.replace(chr(10), chr(10) + "    "))


async def test_refusals_are_private_and_change_nothing(hall):
    alice, bob, carol = hall.members
    refused = last_reply(await alice.slash(hall.channel, "tournament new", game="highcard", format="knockout",
                                           teams=True))
    assert refused.content == "⚠️ This game has no two-against-two game."
    refused = last_reply(await alice.slash(hall.channel, "tournament standings"))
    assert refused.content == "⚠️ No tournament in this channel: start one with /tournament new."
    await alice.slash(hall.channel, "tournament new", game="highcard", format="knockout")
    refused = last_reply(await bob.slash(hall.channel, "tournament standings"))
    assert refused.content == "⚠️ Tournament #1 has no standings yet: it has not started."
    refused = last_reply(await bob.click(signup_message(hall), custom_id="tt:tourney:start:1"))
    assert refused.content == "⚠️ Only the organiser can do that."
    refused = last_reply(await alice.click(signup_message(hall), custom_id="tt:tourney:start:1"))
    assert refused.content == "⚠️ A tournament needs at least 2 entrants; 0 signed up."
    refused = last_reply(await bob.slash(hall.channel, "tournament leave"))
    assert refused.content == "⚠️ You are not signed up for this tournament."
    assert (await hall.env.bot.get_cog("TournamentCog").service.get(1)).status == "signup"
    assert hall.channel.threads == []


async def test_a_team_tournament_signs_up_pairs(bot_builder, simcord_env):
    from tables.registry import default_registry

    bot = bot_builder(default_registry(), extensions=[*SHARED_EXTENSIONS, "cogs.community.tournament.extension"])
    await simcord_env.restart_bot(bot)
    hall = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    alice, bob, carol, dave = hall.members
    await alice.slash(hall.channel, "tournament new", game="setup", format="swiss", teams=True)
    sign_up = signup_message(hall)
    assert "Sign up as a pair" in sign_up.embeds[0].description
    clicked = await bob.click(sign_up, custom_id="tt:tourney:join:1")
    assert "sign up with your partner" in last_reply(clicked).content
    joined = await alice.slash(hall.channel, "tournament join", partner=bob)
    assert last_reply(joined).content == "✅ You are signed up for tournament #1."
    again = await carol.slash(hall.channel, "tournament join", partner=bob)
    assert last_reply(again).content == "⚠️ You or your partner are already signed up."
    await carol.slash(hall.channel, "tournament join", partner=dave)
    entrants = signup_message(hall).embeds[0].fields[0].value
    assert entrants.splitlines() == ["1. alice & bob", "2. carol & dave"]
    left = await dave.slash(hall.channel, "tournament leave")
    assert last_reply(left).content == "You left tournament #1."
    assert signup_message(hall).embeds[0].fields[0].value.splitlines() == ["1. alice & bob"]


async def test_the_organiser_cancels_a_running_tournament(hall):
    alice, bob, carol = hall.members
    await alice.slash(hall.channel, "tournament new", game="highcard", format="swiss", rounds=2)
    for player in (alice, bob, carol):
        await player.click(signup_message(hall), custom_id="tt:tourney:join:1")
    await alice.click(signup_message(hall), custom_id="tt:tourney:start:1")
    await hall.env.settle()
    service = hall.env.bot.get_cog("TournamentCog").service
    assert (await service.get(1)).status == "running"

    refused = last_reply(await bob.slash(hall.channel, "tournament cancel"))
    assert refused.ephemeral and refused.content == "⚠️ Only the organiser can do that."
    assert (await service.get(1)).status == "running"

    done = last_reply(await alice.slash(hall.channel, "tournament cancel"))
    await hall.env.settle()
    assert done.ephemeral and done.content == "Tournament #1 is cancelled."
    assert (await service.get(1)).status == "cancelled"
    assert said(hall.channel)[-1].content.startswith("❌ Tournament #1 was cancelled.")
    refused = last_reply(await alice.slash(hall.channel, "tournament cancel"))
    assert refused.content == "⚠️ Tournament #1 is already over."
