"""The newest hint and review per player and game are remembered per bot:
the tests run many bots one after another in one process, with the same
game and user ids, and one bot's new hint must not delete another's (a
full pass saw a /hint answer deleted by the hint of an earlier test's bot)."""
from __future__ import annotations

import discord

from cogs.learn import latest


class Answered:
    """A stand-in interaction whose answer can be deleted."""

    def __init__(self) -> None:
        self.deleted = 0

    async def delete_original_response(self) -> None:
        self.deleted += 1


def bot() -> discord.Client:
    return discord.Client(intents=discord.Intents.none())


async def test_a_new_hint_deletes_the_previous_one_of_the_same_bot_only():
    first_bot, second_bot = bot(), bot()
    earlier, same_bot_later, other_bot = Answered(), Answered(), Answered()
    await latest.of(first_bot).replace("hint", 7, 1, latest.Answer(earlier, 3))  # type: ignore[arg-type]
    await latest.of(second_bot).replace("hint", 7, 1, latest.Answer(other_bot, 3))  # type: ignore[arg-type]
    assert earlier.deleted == 0 and other_bot.deleted == 0
    await latest.of(first_bot).replace("hint", 7, 1, latest.Answer(same_bot_later, 4))  # type: ignore[arg-type]
    assert earlier.deleted == 1 and other_bot.deleted == 0 and same_bot_later.deleted == 0
    assert latest.of(first_bot) is latest.of(first_bot) and latest.of(first_bot) is not latest.of(second_bot)
