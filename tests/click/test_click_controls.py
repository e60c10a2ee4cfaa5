"""The builder's controls themselves: Back and Cancel never commit, a stale
control says so and offers fresh ones, a move half built survives a
restart, long menus are paged (25 options at most), labels are localized."""
from __future__ import annotations

import pytest

from bot import SHARED_EXTENSIONS
from cogs.play.builder import cubed as cubed_builder
from cogs.play.builder.ids import MAX_CUSTOM_ID, Ref
from cogs.play.builder.items import controls
from cogs.play.builder.model import Menu, Option, Screen
from engines.cubed import choices
from games import cubed as cubed_game
from tables.registry import GameRegistry
from tests.click.clicking import MORE, buttons, menu, menus, option_values, pick, press, show_hand
from tests.click.test_click_cubed import TINY_PNG, start


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([cubed_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.cubed"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    monkeypatch.setattr(cubed_builder, "preview_png", lambda *args, **kwargs: TINY_PNG)
    monkeypatch.setattr(cubed_builder.CubedBuilder, "warm", lambda self, table, locale="en": None)


def mover(table):
    live = table.live()
    seat = live.to_act()[0]
    return live, seat, table.member_for_seat(seat)


async def half_built(table):
    """The player to move picks a piece and a cell; nothing is played yet."""
    live, seat, member = mover(table)
    message = await show_hand(member, table.board_message())
    piece = option_values(message)[0]
    message = await pick(member, message, piece)
    cell = option_values(message)[0]
    message = await pick(member, message, cell)
    token = cell.split("r")[0]  # a cell and a rotation: one choice
    assert f"**{piece}** on **{choices.cell_text(choices.parse_token(token))}**" in message.content
    return live, seat, member, message, piece, cell


async def test_back_and_cancel_go_back_without_committing(simcord_env):
    table = await start(simcord_env)
    live, seat, member, message, piece, cell = await half_built(table)
    hand = list(live.state.hands[seat])
    assert [a.filename for a in message.attachments] == ["preview.jpg"]
    message = await press(member, message, "Back")
    assert f"Piece **{piece}**: pick a cell" in message.content and cell in option_values(message)
    message = await press(member, message, "Back")
    assert piece in option_values(message) and "Back" not in buttons(message)
    message = await pick(member, message, piece)
    message = await press(member, message, "Cancel")
    assert "Cancelled. Nothing was played." in message.content
    assert [a.filename for a in message.attachments] == ["hand.png"]  # back at the start: the hand
    assert "Confirm" not in buttons(message) and piece in option_values(message)
    assert live.record.version == 0 and live.state.hands[seat] == hand and live.state.table == []


async def test_a_stale_control_says_the_game_moved_on_and_offers_fresh_ones(simcord_env, make_bot):
    """A panel the bot forgot (drawn before a restart) still answers: its
    first click says the game moved on and shows fresh controls."""
    table = await start(simcord_env)
    live, seat, member = mover(table)
    old = await show_hand(member, table.board_message())
    await simcord_env.restart_bot(make_bot())
    live = table.live()
    fresh = await show_hand(member, table.board_message())
    await press(member, fresh, "Draw")
    assert live.record.version == 1
    hand = list(live.state.hands[seat])
    answer = await pick(member, old, option_values(old)[0])
    assert "The game moved on" in answer.content
    assert live.record.version == 1 and live.state.hands[seat] == hand  # the stale click changed nothing
    assert "End turn" in buttons(answer) and "Draw" not in buttons(answer)  # fresh: drawn already
    answer = await press(member, answer, "End turn")
    assert "✅ Done." in answer.content and live.record.version == 2


async def test_a_new_panel_replaces_the_old_one(simcord_env):
    table = await start(simcord_env)
    live, seat, member = mover(table)
    first = await show_hand(member, table.board_message())
    second = await show_hand(member, table.board_message())
    deleted = [r for r in simcord_env.http_requests if r.method == "DELETE" and "/webhooks/" in r.path]
    assert len(deleted) == 1  # the first panel, through its own interaction
    assert first.id != second.id
    await show_hand(member, table.board_message())
    deleted = [r for r in simcord_env.http_requests if r.method == "DELETE" and "/webhooks/" in r.path]
    assert len(deleted) == 2  # one panel at a time


async def test_a_move_half_built_survives_a_restart(simcord_env, make_bot):
    table = await start(simcord_env)
    live, seat, member, message, piece, cell = await half_built(table)
    await simcord_env.restart_bot(make_bot())
    answer = await press(member, message, "Confirm")
    assert "✅ Done." in answer.content
    restored = table.live()
    assert restored is not live  # a new bot loaded the game from the database
    assert restored.record.version == 1
    placed = restored.state.table[0]
    assert (placed.piece, (placed.q, placed.r)) == (piece, choices.parse_token(cell.split("r")[0]))


async def test_a_long_menu_is_paged_by_25(simcord_env):
    table = await start(simcord_env)
    live, seat, member = mover(table)
    state = live.state
    # Give the player 15 more pieces from the bag (every piece fits on the empty table).
    extra = [p for p in dict.fromkeys(state.bag) if p not in state.hands[seat]][:15]
    for piece in extra:
        state.bag.remove(piece)
        state.hands[seat].append(piece)
    pieces = choices.fitting_pieces(state, seat)
    assert len(pieces) > 25
    message = await show_hand(member, table.board_message())
    assert len(option_values(message)) == 25 and option_values(message) == pieces[:25]
    assert "(page 1/2)" in menu(message)["placeholder"] and buttons(message)["◀ Previous"]["disabled"]
    message = await pick(member, message, pieces[-1])  # turns the page first
    assert f"Piece **{pieces[-1]}**" in message.content
    assert all(len(m["options"]) <= 25 for m in menus(message))


def test_controls_page_a_long_menu_and_keep_ids_short():
    options = [Option(f"v{i}", f"option {i}") for i in range(60)]
    screen = Screen(["x"], Menu("pick", options, ("a",)))
    view = controls(12345, 678, screen, ("a",), 2, "en")
    items = [item.item for item in view.children]  # the DynamicItems' own components
    select = next(i for i in items if hasattr(i, "options"))
    assert [o.value for o in select.options] == [f"v{i}" for i in range(50, 60)]
    labels = {getattr(i, "label", None) for i in items}
    assert {"◀ Previous", MORE, "Confirm", "Back", "Cancel"} <= labels
    assert all(len(i.custom_id) <= MAX_CUSTOM_ID for i in items)
    assert Ref.parse(select.custom_id) == Ref(12345, 678, "s", 2, ("a",))


async def test_labels_follow_the_players_language(simcord_env, locales):
    table = await start(simcord_env)
    live, seat, member = mover(table)
    locales[member.id] = "zh-TW"
    message = await show_hand(member, table.board_message(), label="Show hand")
    assert "摸一塊" in buttons(message)
    message = await pick(member, message, option_values(message)[0])
    message = await pick(member, message, option_values(message)[0])
    assert {"確認", "返回", "取消"} <= set(buttons(message))
    message = await press(member, message, "取消")
    assert "已取消" in message.content and live.record.version == 0


async def test_a_failing_preview_shows_the_hand_and_the_controls_still_work(simcord_env, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(cubed_builder, "preview_png", broken)
    table = await start(simcord_env)
    live, seat, member, message, piece, cell = await half_built(table)
    assert [a.filename for a in message.attachments] == ["hand.png"]
    answer = await press(member, message, "Confirm")
    assert "✅ Done." in answer.content and live.record.version == 1


async def test_a_panel_goes_to_sleep_before_discord_stops_letting_the_bot_change_it(simcord_env):
    """Discord lets the bot edit an ephemeral message for 15 minutes: a
    minute before, the panel loses its controls and says to open a new one."""
    table = await start(simcord_env)
    live, seat, member = mover(table)
    panel = await show_hand(member, table.board_message())
    assert buttons(panel)
    await simcord_env.advance_time(13 * 60)
    stored = simcord_env.backend.messages[table.channel.id][panel.id]
    assert stored.components  # still working
    await simcord_env.advance_time(60 + 5)
    stored = simcord_env.backend.messages[table.channel.id][panel.id]
    assert stored.components == [] and "went to sleep" in stored.content
    fresh = await show_hand(member, table.board_message())  # a new one works
    assert "Draw" in buttons(fresh) and live.record.version == 0
