"""The newest private hint and review a player was given, per game (issue
31): a new one replaces the one before (deleted, through the interaction
that answered it; Discord lets an answer be edited or deleted for 15
minutes, after that the old one stays), and a hint's "Play it" is disabled
once the game has moved on from the hint's version. Kept in memory only
(after a restart a press on an old "Play it" is refused as stale), per bot:
game and user ids name another bot's games elsewhere (the tests run many
bots, one after another, in one process)."""
from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass

import discord

GAMES_KEPT = 512  # games whose answers are remembered, the most recently answered


@dataclass
class Answer:
    interaction: discord.Interaction  # the one whose original response is the answer
    version: int | None = None  # a hint: the game version its "Play it" plays at
    spent: discord.ui.View | None = None  # a hint: its view with "Play it" disabled


class LatestAnswers:
    """One bot's newest answers, for its most recently answered games."""

    def __init__(self) -> None:
        self.by_game: OrderedDict[int, dict[tuple[str, int], Answer]] = OrderedDict()

    async def replace(self, kind: str, user_id: int, game_id: int, answer: Answer) -> None:
        """``answer`` is now ``user_id``'s ``kind`` ("hint", "review") for
        ``game_id``; the previous one is deleted."""
        answers = self.by_game.setdefault(game_id, {})
        self.by_game.move_to_end(game_id)
        while len(self.by_game) > GAMES_KEPT:
            self.by_game.popitem(last=False)
        old = answers.get((kind, user_id))
        answers[(kind, user_id)] = answer
        if old is not None and old.interaction is not answer.interaction:
            try:
                await old.interaction.delete_original_response()
            except discord.HTTPException:
                pass  # gone already, or older than Discord's 15 minutes

    async def game_moved_on(self, game_id: int, version: int) -> None:
        """Disable "Play it" under every hint of ``game_id`` given before ``version``."""
        stale = [answer for (kind, _), answer in self.by_game.get(game_id, {}).items()
                 if kind == "hint" and answer.version is not None and answer.version < version]
        for answer in stale:
            answer.version = None  # done once
            if answer.spent is None:
                continue
            try:
                await answer.interaction.edit_original_response(view=answer.spent)
            except discord.HTTPException:
                pass


_of_bot: weakref.WeakKeyDictionary[discord.Client, LatestAnswers] = weakref.WeakKeyDictionary()


def of(bot: discord.Client) -> LatestAnswers:
    """``bot``'s newest answers."""
    answers = _of_bot.get(bot)
    if answers is None:
        answers = _of_bot[bot] = LatestAnswers()
    return answers
