"""Shared steps of the team tests: a guild whose four players open a team
lobby, pick sides by clicking, and play by the engine's greedy choices."""
from __future__ import annotations

import random

import discord
from simcord.backend.access import can_access_channel

from bot import SHARED_EXTENSIONS
from cogs.play.pictures import alt_text
from engines.paths import load
from engines.setup.engine import format_placements
from engines.setup.models import PlayAction
from tests.conftest import Table, last_reply

GAMES = [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.deathfront"]


async def open_lobby(table: Table, command: str, **options):
    host = table.members[0]
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, command, **options)
    live = table.live()
    for member in table.members[1:4]:
        await member.click(table.lobby_message(), custom_id=f"tt:lobby:join:{live.id}")
    return live


async def pick(member, table: Table, side: int):
    """``member`` clicks a side's button; the reply when refused (else None)."""
    result = await member.click(table.lobby_message(), custom_id=f"tt:side:{side}:{table.live().id}")
    return refusal(result)


async def move(member, table: Table, seat: int, side: int):
    """``member`` uses the host's select: seat -> side."""
    result = await member.select(table.lobby_message(), [f"{seat}:{side}"],
                                 custom_id=f"tt:sidemove:{table.live().id}")
    return refusal(result)


def refusal(result):
    reply = last_reply(result) if (result.followups or result.response) else None
    if reply is None or not getattr(reply, "content", None):
        return None
    assert reply.ephemeral  # a refusal is private
    return reply.content.removeprefix("⚠️ ")


async def start(table: Table):
    live = table.live()
    result = await table.members[0].click(table.lobby_message(), custom_id=f"tt:lobby:start:{live.id}")
    assert live.record.status == "playing", refusal(result)
    return live


def threads(table: Table):
    return sorted(table.channel.threads, key=lambda thread: thread.id)


def thread_members(env, thread) -> set[int]:
    return set(env.backend.channels[thread.id].thread_members)


def readers(env, thread, members) -> set[str]:
    return {m.name for m in members if can_access_channel(env, thread.id, m, history=True)}


def is_archived(env, thread) -> bool:
    meta = env.backend.channels[thread.id].thread_metadata
    return bool(meta.archived and meta.locked)


async def play_setup_move(table: Table, rng: random.Random) -> None:
    """The player to act makes the greedy AI's move by slash command."""
    live = table.live()
    seat = live.to_act()[0]
    choose = load(live.engine.greedy_ai)
    action = choose(live.engine, live.state, seat, rng)
    member = table.member_for_seat(seat)
    if isinstance(action, PlayAction):
        result = await member.slash(table.channel, "setup play", move=format_placements(action.placements))
    else:
        result = await member.slash(table.channel, "setup swap", tiles=" ".join(action.tiles))
    assert "⚠️" not in (last_reply(result).content or "")


def deny_threads() -> discord.PermissionOverwrite:
    return discord.PermissionOverwrite(create_private_threads=False)


def hand_messages(thread) -> list[discord.Message]:
    return [m for m in thread.history() if m.attachments]


def team_alt(live, seats: list[int]) -> str:
    """The words of the picture the team thread should show: the view of the team's first seat."""
    return alt_text(live.definition.renderer, "hand", live.engine.private_view(live.state, seats[0]), "en")


async def setup_teams(env, **options) -> tuple[Table, object]:
    """alice+dave against bob+carol, picked by clicks (the host moves dave); erin (``table.watcher``) watches."""
    table = Table(env, names=("alice", "bob", "carol", "dave", "erin"))
    table.watcher = table.members[4]
    table.members = table.members[:4]
    alice, bob, carol, dave = table.members
    live = await open_lobby(table, "setup new", mode="teams", **options)
    assert await pick(bob, table, 1) is None
    assert await pick(carol, table, 1) is None
    assert await pick(alice, table, 0) is None
    assert await move(alice, table, 3, 0) is None
    await start(table)
    assert [s.name for s in live.seats] == ["alice", "dave", "bob", "carol"]
    return table, live
