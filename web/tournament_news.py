"""A tournament's standings on the board follow its matches (issue 35): when
a match's game ends, the pages of its server (of its tables, and of its
channels with no game: web/channel_pages.py) are told
``{"type": "tournament", "tournament_id": n}`` and a page showing that
tournament's standings asks for them again, once.

The match is recorded by the tournament's flow after the game ends (in the
bot: another task, or another process), so the news waits until the
database shows it recorded — and, when it ended its round, until the next
round is paired or the tournament is over — asking every ``PAUSE`` seconds,
at most ``TRIES`` times; then it is sent anyway. One such wait per ended
match game, only while a page of that server is open: the pages
themselves never poll."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tables.queries import Queries

if TYPE_CHECKING:
    from tables.live import LiveTable

log = logging.getLogger(__name__)
PAUSE = 0.5
TRIES = 40


class TournamentNews:
    """``create_app`` makes one per app (``app[TOURNAMENT_NEWS]``), told of each game's end by the WebNotifier."""

    def __init__(self, queries: Queries, listening: Callable[[int], bool],
                 tell: Callable[[int, dict[str, Any]], Awaitable[None]], pause: float = PAUSE) -> None:
        self.queries = queries
        self.listening = listening  # whether a page of that server is open
        self.tell = tell  # (server, message) -> every page of that server told
        self.pause = pause
        self.waiting: set[asyncio.Task[None]] = set()

    def game_over(self, table: "LiveTable") -> None:
        guild = table.record.guild_id
        if guild is None or not self.listening(guild):
            return
        task = asyncio.get_running_loop().create_task(self.follow(table.id, guild), name=f"tournament-news-{table.id}")
        self.waiting.add(task)
        task.add_done_callback(self.waiting.discard)

    async def follow(self, game_id: int, guild: int) -> None:
        try:
            match = await self.queries.tournament_match_of_game(game_id)
            if match is None:
                return
            for _ in range(TRIES):
                if await self.settled(match.tournament_id, game_id):
                    break
                await asyncio.sleep(self.pause)
            await self.tell(guild, {"type": "tournament", "tournament_id": match.tournament_id})
        except Exception as error:  # the standings are asked for again at the next match's end
            log.warning("game %s: tournament news lost: %s", game_id, type(error).__name__)

    async def settled(self, tournament_id: int, game_id: int) -> bool:
        """The game's match is recorded, and the flow moved on from a round it ended."""
        tournament = await self.queries.tournament(tournament_id)
        if tournament is None or tournament.status != "running":
            return True
        matches = await self.queries.tournament_matches(tournament_id)
        match = next((m for m in matches if m.game_id == game_id), None)
        if match is None or not match.recorded:
            return False
        this_round = [m for m in matches if m.round == match.round]
        return not all(m.recorded for m in this_round) or tournament.round_no > match.round \
            or tournament.round_no >= tournament.rounds

    def close(self) -> None:
        for task in list(self.waiting):
            task.cancel()

    async def settle(self) -> None:
        """Wait for the news under way (tests)."""
        while self.waiting:
            await asyncio.gather(*list(self.waiting), return_exceptions=True)


TOURNAMENT_NEWS = web.AppKey("tournament_news", TournamentNews)
