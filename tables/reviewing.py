"""Post-game reviews for players: who may see one, the stored answer or a
new one worked out by the thinking pool (``tables.review``), one
computation per game and seat at a time."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from db.models import GameRecord
from db.repo import GameRepo
from db.reviews import ReviewRepo
from tables import review
from tables.errors import TableError
from tables.registry import GameRegistry
from tables.thinking import ThinkingPool


@dataclass
class ReviewReady:
    record: GameRecord
    seat: int
    actions: list[tuple[int, int, dict[str, Any]]]
    data: dict[str, Any]  # tables.review's JSON


class Reviews:
    def __init__(self, games: GameRepo, repo: ReviewRepo, registry: GameRegistry,
                 thinking: ThinkingPool) -> None:
        self.games = games
        self.repo = repo
        self.registry = registry
        self.thinking = thinking
        self._running: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = {}

    async def check(self, game_id: int, user_id: int) -> tuple[GameRecord, int]:
        """The game and the user's seat, or a refusal: an unknown game, a
        game the user did not play, a game not finished yet."""
        record = await self.games.get(game_id)
        if record is None or record.status == "lobby" or record.game_type not in self.registry:
            raise TableError("review.err.not_found", id=game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError("review.err.not_yours", id=game_id)
        if record.status != "finished":
            raise TableError("review.err.not_finished", id=game_id)
        return record, seat

    async def for_user(self, game_id: int, user_id: int) -> ReviewReady:
        record, seat = await self.check(game_id, user_id)
        actions = [(seq, by, action) for seq, by, action, _ in await self.games.actions(game_id)]
        data = await self.repo.get(game_id, seat, review.FORMAT)
        if data is None:
            data = await self._compute(record, seat, actions)
        return ReviewReady(record, seat, actions, data)

    async def _compute(self, record: GameRecord, seat: int, actions: list[tuple[int, int, dict[str, Any]]]) -> dict[str, Any]:
        key = (record.id, seat)
        running = self._running.get(key)
        if running is not None:  # a second press while the first is being judged waits for it
            return await asyncio.shield(running)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            engine = self.registry.get(record.game_type).engine
            data = await self.thinking.review(engine, record, actions, seat)
            await self.repo.put(record.id, seat, review.FORMAT, data)
            future.set_result(data)
            return data
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._running[key]
