"""CUBED solo, "if you cannot place a piece, you must draw" (issue 25): a
draw is refused while a piece of the hand fits, the click panel offers no
Draw then, and a hand that fits nowhere still draws — the table plays it."""
from __future__ import annotations

import pytest

from bot import SHARED_EXTENSIONS
from engines.cubed.engine import CubedEngine
from engines.cubed.moves import legal_placements
from engines.cubed.pieces import ALL_IDS
from games import cubed as cubed_game
from tables.registry import GameRegistry
from tests.click.clicking import buttons, show_hand
from tests.conftest import Table, last_reply

ENGINE = CubedEngine()


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(GameRegistry([cubed_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.cubed"])


async def solo(table: Table):
    alice = table.members[0]
    await alice.slash(table.channel, "settings dm_hands", enabled="off")
    await alice.slash(table.channel, "cubed solo")
    live = table.live()
    assert live.record.status == "playing" and legal_placements(live.state, 0)
    return alice, live


async def test_a_solo_draw_is_refused_while_a_piece_fits(table, locales):
    alice, live = await solo(table)
    hand, bag, version = list(live.state.hands[0]), list(live.state.bag), live.record.version
    reply = last_reply(await alice.slash(table.channel, "cubed draw"))
    assert reply.ephemeral
    assert "A piece of your hand fits on the table: place it." in reply.content
    assert live.state.hands[0] == hand and live.state.bag == bag and live.record.version == version
    locales[alice.id] = "zh-TW"
    reply = last_reply(await alice.slash(table.channel, "cubed draw"))
    assert "單人模式只有在沒有任何棋子能放時才能摸棋" in reply.content
    locales[alice.id] = "zh-CN"
    reply = last_reply(await alice.slash(table.channel, "cubed draw"))
    assert "单人模式只有在没有任何棋子能放时才能摸棋" in reply.content
    assert live.state.hands[0] == hand and live.record.version == version


async def test_the_click_panel_offers_no_draw_while_a_piece_fits(table):
    alice, live = await solo(table)
    panel = await show_hand(alice, table.board_message())
    assert "Draw" not in buttons(panel)


async def test_a_stuck_solo_hand_draws_by_itself(table):
    """After the last piece that fits, the table draws for the player: a
    draw is then the one legal action."""
    alice, live = await solo(table)
    state = live.state
    move = legal_placements(state, 0)[0]
    after, _ = ENGINE.apply(state, 0, move)
    start = {p.piece for p in after.table}
    unfit = []
    for piece in ALL_IDS:
        if piece not in start:
            after.hands[0] = [piece]
            if not legal_placements(after, 0):
                unfit.append(piece)
    assert len(unfit) >= 8
    state.hands[0] = [move.piece, *unfit[:4]]
    state.bag = unfit[4:8]
    await alice.slash(table.channel, "cubed place", piece=move.piece, cell=f"{move.cell[0]},{move.cell[1]}",
                      rotation=move.rotation)
    # Nothing fits: the table drew twice for the player (marked ⏩), and the game is lost.
    assert live.state.solo_draws == 2 and len(live.state.hands[0]) == 6
    assert live.record.status == "finished" and live.state.solo_outcome == "lost"
    logged = await table.service.games.actions(live.id)
    assert [a["kind"] for _, _, a, _ in logged] == ["place", "draw", "draw"]
