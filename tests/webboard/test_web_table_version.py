"""A table's JSON names the version of the state its moves and hand come
from, even when the table moves on while its pictures are drawn."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tests.webboard.kit import local_player, new_table, table_json, web_front


class MovingDrawing:
    """Draws in a thread like the web does without a pool; on its first
    picture it first lets ``meanwhile`` run (a move made by someone else)."""

    def __init__(self) -> None:
        self.meanwhile: Callable[[], Awaitable[None]] | None = None

    async def draw(self, renderer: Any, kind: str, view: Any, locale: str, key: Any = None) -> bytes:
        if self.meanwhile is not None:
            run, self.meanwhile = self.meanwhile, None
            await run()
        return bytes(await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale))


async def test_a_move_made_while_the_pictures_are_drawn_is_not_mixed_into_the_answer(database_url):
    drawing = MovingDrawing()
    async with web_front(database_url, drawing=drawing) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=2, options={"rounds": 1})
        table = front.service.get(table_id)
        first_to_act = table.engine.to_act(table.state)[0]
        action = table.engine.action_to_json(table.engine.legal_actions(table.state, first_to_act)[0])
        version = table.record.version

        async def move() -> None:
            answer = await ada.post(f"/api/tables/{table_id}/actions",
                                    json={"action": action, "version": version, "seat": first_to_act})
            assert answer.status == 200, await answer.text()

        drawing.meanwhile = move
        seen = await table_json(ada, table_id, seat=first_to_act)
        assert drawing.meanwhile is None and table.record.version > version
        again = await table_json(ada, table_id, seat=first_to_act)
        assert seen["version"] == again["version"] == table.record.version
        assert seen["moves"] == again["moves"] and seen["hand"]["regions"] == again["hand"]["regions"]
        await ada.close()
