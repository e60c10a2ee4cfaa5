"""The pictures: the board is drawn from the public view only, a hand only
for its own seat; hot-seat players of one browser each see their own."""
from __future__ import annotations

import pytest

from tests.webboard.kit import local_player, new_table, table_json, web_front


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
async def test_board_is_the_public_view_and_the_hand_is_ones_own(database_url, game):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, game)
        data = await table_json(ada, table_id)
        table = front.service.get(table_id)
        engine, renderer = table.engine, table.definition.renderer
        board = await ada.get(data["board"]["png"])
        assert board.status == 200 and board.content_type == "image/png"
        assert await board.read() == renderer.board_png(engine.public_view(table.state), "en")
        hand = await ada.get(f"/api/tables/{table_id}/hand.png?seat=0")
        assert await hand.read() == renderer.hand_png(engine.private_view(table.state, 0), "en")
        for seat in range(1, len(table.seats)):
            refused = await ada.get(f"/api/tables/{table_id}/hand.png?seat={seat}")
            assert refused.status == 403 and (await refused.json())["error"] == "web.err.not_your_seat"
        assert data["board"]["width"] > 0 and data["hand"]["height"] > 0
        await ada.close()


async def test_hot_seat_players_act_in_turn_and_see_their_own_hands(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup", ai=[], humans=2, options={})
        table = front.service.get(table_id)
        for _ in range(4):
            data = await table_json(ada, table_id)
            to_act = data["to_act"][0]
            assert data["you"] == to_act and [s["yours"] for s in data["seats"]] == [True, True]
            assert data["hand"]["png"].endswith(f"seat={to_act}")
            other = await table_json(ada, table_id, seat=1 - to_act)
            assert other["you"] == 1 - to_act and other["moves"] == []
            png = await (await ada.get(other["hand"]["png"])).read()
            assert png == table.definition.renderer.hand_png(table.engine.private_view(table.state, 1 - to_act), "en")
            answer = await ada.post(f"/api/tables/{table_id}/actions",
                                    json={"action": data["moves"][0]["action"], "version": data["version"]})
            assert answer.status == 200, await answer.text()
        await ada.close()


async def test_moves_carry_labels_and_regions_in_the_readers_language(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front, "Ada", "zh-TW")
        table_id = await new_table(ada, "deathfront")
        data = await table_json(ada, table_id)
        assert data["locale"] == "zh-TW" and data["game_name"] and data["turn_line"]
        assert all(m["label"] and m["id"] and isinstance(m["action"], dict) for m in data["moves"])
        assert len({m["id"] for m in data["moves"]}) == len(data["moves"])
        await ada.close()


async def test_regions_come_from_the_renderer_where_it_has_them(database_url, monkeypatch):
    from types import SimpleNamespace

    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup")
        renderer = front.service.get(table_id).definition.renderer
        if not hasattr(renderer, "board_regions"):  # until the renderers draw their regions
            monkeypatch.setattr(renderer, "board_regions", lambda view: [
                SimpleNamespace(id="C1", kind="square", box=(1, 2, 30, 40))], raising=False)
        data = await table_json(ada, table_id)
        regions = data["board"]["regions"]
        assert regions and all(set(r) == {"id", "kind", "box"} and len(r["box"]) == 4 for r in regions)
        await ada.close()


async def test_a_picture_asked_for_by_several_pages_at_once_is_drawn_once(database_url):
    import asyncio

    class CountingDrawing:
        def __init__(self) -> None:
            self.drawn: list[tuple[str, str]] = []

        async def draw(self, renderer, kind, view, locale, key=None):
            self.drawn.append((kind, locale))
            await asyncio.sleep(0.2)  # the others ask meanwhile
            return bytes(await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale))

    drawing = CountingDrawing()
    async with web_front(database_url, drawing=drawing) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed")
        data = await table_json(ada, table_id)
        answers = await asyncio.gather(*(ada.get(data["board"]["png"]) for _ in range(5)))
        bodies = {await answer.read() for answer in answers}
        assert len(bodies) == 1 and drawing.drawn == [("board", "en")]
        await ada.close()
