"""CUBED solo on the web (issue 25): while a piece of the hand fits, the
board offers no Draw, and a draw sent anyway is refused."""
from __future__ import annotations

from engines.cubed.moves import legal_placements
from tests.webboard.kit import local_player, new_table, table_json, web_front


async def test_a_solo_board_offers_no_draw_while_a_piece_fits(database_url):
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=1, options={})
        table = front.service.get(table_id)
        assert table.state.config.solo and legal_placements(table.state, 0)
        data = await table_json(ada, table_id)
        kinds = {move["action"]["kind"] for move in data["moves"]}
        assert kinds == {"place"}
        response = await ada.post(f"/api/tables/{table_id}/actions",
                                  json={"action": {"kind": "draw"}, "version": data["version"]})
        answer = await response.json()
        assert response.status == 422 and answer["error"] == "cubed.err.solo_must_place"
        assert table.record.version == data["version"]
