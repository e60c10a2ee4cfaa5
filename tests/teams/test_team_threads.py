"""Team threads (issue 24) through SimCord: each team's private thread has
exactly its people and the bot; nobody else (an opponent, a spectator) can
read it (SimCord's access model); SETUP partners see their team's hands there
and never the other team's; Death Front's threads carry no hand; the threads
are archived and locked at the end; without the permission the game runs and
the host is told once; a restart keeps posting to the same threads."""
from __future__ import annotations

import random

import discord
import pytest

from tables.registry import default_registry
from tests.conftest import Table
from tests.teams.kit import (
    GAMES,
    deny_threads,
    hand_messages,
    is_archived,
    open_lobby,
    pick,
    play_setup_move,
    readers,
    setup_teams,
    start,
    team_alt,
    thread_members,
    threads,
)


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(default_registry(), GAMES)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


def received(env, table: Table, member, team_threads) -> dict[str, int]:
    """What ``member`` can read: the channel's messages (public, and private
    answers to them), their team thread's messages, and their DMs."""
    seen = table.channel.history(viewer=member)
    ephemeral = [m for m in seen if m.flags.ephemeral]
    own = [t for t in team_threads if member.name in readers(env, t, [member])]
    return {"channel": len(seen) - len(ephemeral), "private answers": len(ephemeral),
            "team thread": sum(len(t.history()) for t in own),
            "DMs": len(env.backend.messages.get(env.backend.dm_channels.get(member.id, 0), {}))}


async def test_setup_team_threads_through_a_whole_game(simcord_env):
    table, live = await setup_teams(simcord_env)
    alice, bob, carol, dave = table.members
    erin = table.watcher
    await simcord_env.settle()
    team_a, team_b = threads(table)
    assert (team_a.name, team_b.name) == (f"SETUP #{live.id} · Team A", f"SETUP #{live.id} · Team B")
    bot_id = simcord_env.bot.user.id
    assert thread_members(simcord_env, team_a) == {bot_id, alice.id, dave.id}
    assert thread_members(simcord_env, team_b) == {bot_id, bob.id, carol.id}
    everyone = [alice, bob, carol, dave, erin]
    assert readers(simcord_env, team_a, everyone) == {"alice", "dave"}
    assert readers(simcord_env, team_b, everyone) == {"bob", "carol"}

    rng = random.Random(3)
    moves = 0
    while (current := table.live()) is not None and current.record.status == "playing":
        for thread, seats in ((team_a, [0, 1]), (team_b, [2, 3])):
            shown = hand_messages(thread)
            assert len(shown) == 1  # one message, edited: no spam
            assert shown[0].attachments[0].description == team_alt(live, seats)
            other = [2, 3] if seats == [0, 1] else [0, 1]
            assert shown[0].attachments[0].description != team_alt(live, other)
        await play_setup_move(table, rng)
        await simcord_env.settle()
        moves += 1
    assert moves > 4
    for thread in (team_a, team_b):
        assert is_archived(simcord_env, thread)
        assert thread.history()[-1].content == f"Game #{live.id} is over: this thread is archived."
    # What each player received, counted (the report quotes these numbers).
    counts = {m.name: received(simcord_env, table, m, (team_a, team_b)) for m in everyone}
    edits = [r for r in simcord_env.http_requests if r.method == "PATCH"
             and any(f"/channels/{t.id}/messages/" in r.path for t in (team_a, team_b))]
    lookups = [r for r in simcord_env.http_requests if r.method == "GET" and "/members/" in r.path]
    print(f"\n{moves} moves, {len(edits)} edits of the team hands, {len(lookups)} member look-ups; "
          f"per person: {counts}")
    assert counts["erin"]["team thread"] == 0
    assert all(counts[name]["team thread"] == 3 for name in ("alice", "bob", "carol", "dave"))  # intro, hands, end
    assert len(edits) <= 2 * moves
    assert len(lookups) <= 4  # each opponent fetched once (no members intent), not at every change


async def test_deathfront_threads_are_for_talk_only(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    alice, bob, carol, dave = table.members
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    await mod.slash(table.channel, "settings language", language="zh-CN")  # thread names in the server's language
    live = await open_lobby(table, "deathfront new", players=4)
    await bob.slash(table.channel, "deathfront faction", faction="ss")
    assert await pick(alice, table, 0) is None
    assert await pick(carol, table, 1) is None
    await start(table)
    await simcord_env.settle()
    teams = live.engine.teams(live.state)
    allies, axis = threads(table)
    assert (allies.name, axis.name) == (f"死亡前线-闪电战 #{live.id} · 盟军", f"死亡前线-闪电战 #{live.id} · 德军")
    bot_id = simcord_env.bot.user.id
    assert thread_members(simcord_env, allies) == {bot_id} | {s.user_id for s, t in zip(live.seats, teams) if t == 0}
    assert thread_members(simcord_env, axis) == {bot_id, bob.id, carol.id}
    for thread in (allies, axis):
        assert not hand_messages(thread)
        assert "规则不允许同一方的玩家互看手牌" in thread.history()[0].content
    await mod.slash(table.channel, "table end")
    await simcord_env.settle()
    assert all(is_archived(simcord_env, thread) for thread in (allies, axis))
    assert all(not hand_messages(thread) for thread in (allies, axis))


async def test_without_the_permission_the_game_runs_and_the_host_is_told_once(simcord_env, locales):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    table.channel = table.guild.create_text_channel("closed", overwrites={table.guild.me: deny_threads()})
    locales[table.members[0].id] = "zh-TW"  # the host's client: told in their language
    live = await open_lobby(table, "setup new", mode="teams")
    await start(table)
    rng = random.Random(5)
    for _ in range(6):
        await play_setup_move(table, rng)
    await simcord_env.settle()
    assert threads(table) == []
    told = [m for m in table.channel.history() if "討論串" in m.content]
    assert len(told) == 1
    assert told[0].content.startswith(f"<@{table.members[0].id}>：無法建立隊伍討論串")
    assert "建立私人討論串" in told[0].content and "管理討論串" not in told[0].content  # only what is missing
    assert live.record.version >= 6


async def test_an_opponent_who_reads_every_thread_gets_no_hand(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    role = table.guild.create_role("thread mods", permissions=discord.Permissions(manage_threads=True))
    carol = table.guild.add_member(simcord_env.create_user("carol-mod"), roles=[role])
    table.members[2] = carol
    live = await open_lobby(table, "setup new", mode="teams")  # alice+bob against carol-mod+dave
    await start(table)
    await simcord_env.settle()
    team_a, team_b = threads(table)
    assert "carol-mod" in readers(simcord_env, team_a, table.members)  # Discord lets her read it…
    assert not hand_messages(team_a)  # …so the bot shows no hand there
    assert any("Hands are not shown here" in m.content for m in team_a.history())
    assert len(hand_messages(team_b)) == 1
    assert hand_messages(team_b)[0].attachments[0].description == team_alt(live, [2, 3])


async def test_a_restart_keeps_posting_to_the_same_threads(simcord_env, make_bot):
    table, live = await setup_teams(simcord_env)
    rng = random.Random(9)
    for _ in range(2):
        await play_setup_move(table, rng)
    await simcord_env.settle()
    before = [(t.id, hand_messages(t)[0].id) for t in threads(table)]
    await simcord_env.restart_bot(make_bot())
    for _ in range(4):
        await play_setup_move(table, rng)
    await simcord_env.settle()
    live = table.live()
    assert [(t.id, hand_messages(t)[0].id) for t in threads(table)] == before
    for thread, seats in zip(threads(table), ([0, 1], [2, 3])):
        assert len(hand_messages(thread)) == 1
        assert hand_messages(thread)[0].attachments[0].description == team_alt(live, seats)


async def test_a_game_in_a_thread_makes_its_team_threads_in_the_parent(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    parent = table.channel
    match = simcord_env.backend.create_thread(parent.id, "match 1", table.members[0].id)
    table.channel = next(t for t in parent.threads if t.id == match.id)
    for member in table.members:
        simcord_env.backend.add_thread_member(match.id, member.id)
    live = await open_lobby(table, "setup new", mode="teams")
    await start(table)
    await simcord_env.settle()
    made = [t for t in parent.threads if t.id != match.id]
    assert sorted(t.name for t in made) == [f"SETUP #{live.id} · Team A", f"SETUP #{live.id} · Team B"]
    assert all(len(hand_messages(t)) == 1 for t in made)


async def test_a_failing_thread_never_fails_the_game(simcord_env, monkeypatch):
    from db.team_threads import TeamThreadRepo

    async def broken(*args, **kwargs):
        raise RuntimeError("the database hiccups")

    monkeypatch.setattr(TeamThreadRepo, "claim", broken)
    monkeypatch.setattr(TeamThreadRepo, "of_game", broken)
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave"))
    live = await open_lobby(table, "setup new", mode="teams")
    await start(table)
    rng = random.Random(2)
    for _ in range(3):
        await play_setup_move(table, rng)
    await simcord_env.settle()
    assert threads(table) == [] and live.record.version >= 3
