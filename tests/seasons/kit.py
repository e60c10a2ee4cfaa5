"""For the season tests: a server manager, games played to the end, and the
leaderboard's ranked lines."""
from __future__ import annotations

import discord

from tests.conftest import Table, last_reply


def manager(t: Table, name: str = "mod"):
    role = t.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return t.guild.add_member(t.env.create_user(name), roles=[role])


async def play_game(t: Table, **options) -> int:
    live = await t.open_and_start(**options)
    await t.play_to_end()
    return live.id


async def say(member, t: Table, command: str, **options) -> str:
    return last_reply(await member.slash(t.channel, command, **options)).content


def ranked(text: str) -> list[str]:
    """The leaderboard's ranked lines (rank, name, rating, games, wins)."""
    return [line for line in text.splitlines() if line.strip()[:2].strip(".").isdigit()]


async def table_of(t: Table) -> dict[int, tuple[float, float, int, int]]:
    """The current table: user id → (mu, sigma, games, wins)."""
    rows = await t.service.db.fetchall("SELECT * FROM ratings WHERE guild_id = ?", (t.guild.id,))
    return {r["user_id"]: (r["mu"], r["sigma"], r["games"], r["wins"]) for r in rows}


async def archive_of(t: Table, season: int) -> dict[int, tuple[float, float, int, int]]:
    rows = await t.service.db.fetchall("SELECT * FROM season_ratings WHERE guild_id = ? AND season = ?",
                                       (t.guild.id, season))
    return {r["user_id"]: (r["mu"], r["sigma"], r["games"], r["wins"]) for r in rows}
