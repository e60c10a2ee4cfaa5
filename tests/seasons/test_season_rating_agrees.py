"""Right after `/season start` nobody has a rating of the new season yet:
`/profile` and `/stats` show none where `/leaderboard` lists nobody, and all
three show it once the player has played a rated game of the season."""
from __future__ import annotations

import re

from tests.conftest import last_reply
from tests.seasons.kit import manager, play_game, ranked, say


async def profile_rating(member, table) -> str:
    answer = last_reply(await member.slash(table.channel, "profile"))
    found = re.search(r"Highcard — games: \d+, wins: \d+, rating: (—|-?\d+\.\d)\.", answer.attachments[0].description)
    assert found, answer.attachments[0].description
    return found[1]


async def stats_rating(member, table) -> str:
    answer = last_reply(await member.slash(table.channel, "stats"))
    return answer.embeds[0].fields[0].value


async def test_profile_stats_and_leaderboard_agree_on_a_seasons_rating(table):
    mod = manager(table)
    alice = table.members[0]
    await play_game(table)
    assert ranked(await say(alice, table, "leaderboard", game="highcard"))
    assert await profile_rating(alice, table) != "—"
    assert "Rating — ·" not in await stats_rating(alice, table)

    await say(mod, table, "season start", name="Spring")
    board = await say(alice, table, "leaderboard", game="highcard")
    assert board == "Nobody has a rating in Highcard (Season 1: Spring)."
    assert await profile_rating(alice, table) == "—"  # carried in, 0 games: not yet a rating of the season
    assert "Rating — ·" in await stats_rating(alice, table)

    await play_game(table)
    board = await say(alice, table, "leaderboard", game="highcard")
    shown = [line for line in ranked(board) if "alice" in line]
    assert len(shown) == 1
    rating = await profile_rating(alice, table)
    assert rating != "—" and rating in shown[0] and f"Rating {rating} ·" in await stats_rating(alice, table)
