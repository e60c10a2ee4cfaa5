"""/setup on Discord (SimCord): lobby to leaderboard, forgiving input, private
hands, teams, autocomplete and the Build move builder."""
from __future__ import annotations

import random

import pytest

from bot import SHARED_EXTENSIONS
from engines.setup.engine import SetupEngine, format_placements
from engines.setup.models import PlayAction, SwapAction
from engines.setup.rules import plain
from games import setup as setup_game
from tables.registry import GameRegistry
from tests.click.clicking import buttons, menu, menus, option_values, pick
from tests.conftest import Table, last_reply
from tests.setup.conftest import build


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([setup_game.DEFINITION]),
                               [*SHARED_EXTENSIONS, "cogs.games.setup"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


# ---- helpers ---------------------------------------------------------------------
async def start(env, names=("alice", "bob"), ai=0, **options):
    table = Table(env, names=names)
    host, *others = table.members
    await host.slash(table.channel, "setup new", **options)
    lobby = table.lobby_message()
    for member in others:
        await member.click(lobby, label="Join")
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    result = await host.click(lobby, label="Start")
    assert "⚠️" not in last_reply(result).content
    assert table.live().record.status == "playing"
    return table


def to_move(table):
    live = table.live()
    seat = live.to_act()[0]
    return live, seat, table.member_for_seat(seat)


def command_for(action):
    if isinstance(action, PlayAction):
        return "setup play", {"move": format_placements(action.placements)}
    assert isinstance(action, SwapAction)
    return "setup swap", {"tiles": " ".join(action.tiles)}


def component(message, suffix):
    return next(c for row in message.components for c in row["components"]
                if c.get("custom_id", "").endswith(suffix))


async def play_to_end(table, max_turns=80):
    """Humans play the engine AI's choice through the slash commands; returns
    how many commands they sent."""
    engine = SetupEngine()
    for turn in range(max_turns):
        live = table.live()
        if live is None or live.record.status != "playing":
            return turn
        seat = live.to_act()[0]
        action = engine.ai_action(live.state, seat, random.Random(turn))
        name, options = command_for(action)
        result = await table.member_for_seat(seat).slash(table.channel, name, **options)
        answer = last_reply(result)
        assert answer.ephemeral and answer.content.startswith("✅"), answer.content
    raise AssertionError("the game did not end")


# ---- whole games -----------------------------------------------------------------------
async def test_a_whole_game_with_ai_seats_then_rated_games_on_the_leaderboard(simcord_env):
    table = await start(simcord_env, ai=2, finish=12)
    live = table.live()
    game_id = live.id
    assert len(live.seats) == 4 and live.state.config.finish == 12
    assert await play_to_end(table) >= 1
    record = await table.service.games.get(game_id)
    assert record.status == "finished"
    results = table.channel.history()[-1].content
    assert "final standings" in results and "Not rated" in results
    board = next(m for m in table.channel.history() if m.id == record.board_message_id)
    assert board.content == results and [c.custom_id for row in board.components for c in row.children] \
        == [f"tt:rematch:{game_id}", f"tt:review:{game_id}"]  # the results carry the last board; no Show hand

    # Two humans, no AI: a rated game, then the leaderboard lists both.
    alice, bob = table.members
    await alice.slash(table.channel, "setup new", finish=6)
    await bob.click(table.lobby_message(), label="Join")
    await alice.click(table.lobby_message(), label="Start")
    assert await play_to_end(table) >= 1
    result = await alice.slash(table.channel, "leaderboard", game="setup")
    text = last_reply(result).content
    assert "SETUP leaderboard" in text and "alice" in text and "bob" in text


# ---- commands and input -------------------------------------------------------------------
def set_position(table, **changes):
    """Replace the live game by a hand-made position with the same seats and
    options: alice (seat 0) to act, ♥7 on bob's bonus square N1. alice can
    play ♣7 C1 (2 points, bob +1 bonus) or ♣7 C1, ♠7 C2, ★7 C3 (4 points)."""
    live = table.live()
    position = dict(stacks={"N1": "♥7"}, hands=[["♣7", "♠7", "♦3", "★9"], ["♥2", "♥4", "♦6", "♠9"]],
                    common=["★7", "♣4", "♦9", "♠6"], to_act=0)
    state = build(**{**position, **changes})
    state.seats, state.config = live.state.seats, live.state.config
    live.state = state
    return live


async def test_an_illegal_move_is_refused_privately_with_its_rule(simcord_env):
    table = await start(simcord_env)
    alice, bob = table.members
    live = set_position(table)
    version, state = live.record.version, live.state.model_dump()
    cases = {
        "♦3 C1": "⚠️ Those tiles make no combo. Every placed tile must join a set (same number) or a run "
                 "(same suit, numbers in a row) along the white lines.",
        "♣7 C1, ♠7 S1": "⚠️ All the tiles you place must be in one and the same combo, not in separate ones.",
        "♥5 C1": "⚠️ ♥5 is not in your hand or in the common hand.",
        "♣7 N2": "⚠️ N2 is another player's bonus square. Use the centre squares, your own bonus squares "
                 "or free ones.",
        "★7 Z9": "⚠️ “z9” is not a square. Squares are C1–C4, N1, N2, E1, E2, S1, S2, W1, W2.",
        "♣7 C1, ♣7 C2": "⚠️ ♣7 is listed twice.",
    }
    for move, expected in cases.items():
        answer = last_reply(await alice.slash(table.channel, "setup play", move=move))
        assert answer.ephemeral and answer.content == plain(expected)
    answer = last_reply(await alice.slash(table.channel, "setup swap", tiles="★7"))
    assert answer.content == "⚠️ ★7 is not in your own hand; you can only swap your own tiles."
    answer = last_reply(await bob.slash(table.channel, "setup swap", tiles="♥2"))
    assert answer.content == "⚠️ It is not your turn. Waiting for alice."  # says whose turn it is
    assert table.live().record.version == version and table.live().state.model_dump() == state
    assert (await table.service.games.get(live.id)).version == version
    seen_by_bob = [m.content for m in table.channel.history(viewer=bob)]
    assert not any("no combo" in c or "not in your hand" in c for c in seen_by_bob)


async def test_illegal_moves_in_chinese(simcord_env, locales):
    table = await start(simcord_env)
    alice, bob = table.members
    set_position(table)
    locales[alice.id], locales[bob.id] = "zh-CN", "zh-TW"
    answer = last_reply(await alice.slash(table.channel, "setup play", move="♥5 C1"))
    assert answer.ephemeral and answer.content == plain("⚠️ 你的手牌和公共手牌里都没有 ♥5。")
    answer = last_reply(await alice.slash(table.channel, "setup play", move="♦3 C1"))
    assert answer.content.startswith("⚠️ 这些牌没有形成组合。")
    answer = last_reply(await alice.slash(table.channel, "setup play", move="★7"))
    assert answer.content == "⚠️ 每张牌都要写上格子：“★7”。例如：★7 C1, ♥7 S1"
    answer = last_reply(await bob.slash(table.channel, "setup play", move="♥2 C1"))
    assert answer.content == "⚠️ 還沒輪到你。現在輪到alice。"
    assert table.live().record.version == 0


async def test_ascii_full_width_and_chinese_punctuation_are_accepted(simcord_env):
    table = await start(simcord_env)
    alice, bob = table.members
    set_position(table)
    move = "c7 on c1，ＳＴ７\u3000Ｃ３；C2：♠7"
    answer = last_reply(await alice.slash(table.channel, "setup play", move=move))
    assert answer.ephemeral and answer.content.startswith("✅ Played.")
    assert plain("alice played ♣7 C1, ★7 C3, ♠7 C2: +4 (now 4).") in answer.content  # says what was done
    assert answer.content.endswith("Score: alice 4 · bob 1")  # and the score
    last = table.live().state.last_move
    assert last.placements == [("♣7", "C1"), ("★7", "C3"), ("♠7", "C2")] and last.points == 4
    answer = last_reply(await bob.slash(table.channel, "setup swap", tiles="h2、 ｄ６"))
    assert answer.content.startswith("✅ Swapped.")
    assert table.live().state.last_move.swapped == 2
    assert "♥2" not in table.live().state.hands[1] and "♦6" not in table.live().state.hands[1]


async def test_a_hand_is_seen_only_by_its_caller(simcord_env):
    table = await start(simcord_env)
    alice, bob = table.members
    live = table.live()
    result = await alice.slash(table.channel, "hand")
    answer = last_reply(result)
    mine = plain(" ".join(live.state.hands[live.seat_of(alice.id)]))
    assert answer.ephemeral and mine in answer.content
    assert [a.filename for a in answer.attachments] == ["hand.png"]
    assert not any(mine in m.content for m in table.channel.history(viewer=bob))


async def test_teams_partners_see_each_other_and_opponents_do_not(simcord_env):
    table = await start(simcord_env, names=("alice", "bob", "carol", "dave"), mode="teams")
    alice, bob, carol, dave = table.members
    live = table.live()
    assert [live.seat_of(m.id) for m in table.members] == [0, 1, 2, 3]
    bobs = plain(" ".join(live.state.hands[1]))
    answer = last_reply(await alice.slash(table.channel, "hand")).content
    assert f"partner A2: {bobs}" in answer
    answer = last_reply(await carol.slash(table.channel, "hand")).content
    assert bobs not in answer and "A2" not in answer and "partner B2" in answer

    # A partner's tile is not playable, and autocomplete never offers it.
    live, seat, member = to_move(table)
    partner_tile = live.state.hands[seat ^ 1][0]
    result = await member.slash(table.channel, "setup play", move=f"{partner_tile} C1")
    assert "is in your partner's hand" in last_reply(result).content
    choices = await member.autocomplete(table.channel, "setup play", "move", "")
    offered = {c["value"].strip() for c in choices}
    assert offered == set(live.state.hands[seat]) | set(live.state.common)
    builder = last_reply(await member.slash(table.channel, "setup build"))
    assert set(option_values(builder)) == offered
    partner_label, partner_hand = ("A2", "A1", "B2", "B1")[seat], plain(" ".join(live.state.hands[seat ^ 1]))
    assert f"partner {partner_label}: {partner_hand}" in builder.content


async def test_autocomplete_offers_own_and_common_tiles_then_allowed_squares(simcord_env):
    table = await start(simcord_env)
    live = table.live()
    alice = table.members[0]
    seat = live.seat_of(alice.id)
    own, common = set(live.state.hands[seat]), set(live.state.common)
    choices = await alice.autocomplete(table.channel, "setup play", "move", "")
    assert 0 < len(choices) <= 25
    assert {c["value"].strip() for c in choices} == own | common
    tile = sorted(own)[0]
    choices = await alice.autocomplete(table.channel, "setup play", "move", f"{tile} ")
    allowed = live.engine.private_view(live.state, seat).allowed_squares
    assert [c["value"] for c in choices] == [f"{tile} {sq}" for sq in allowed]
    choices = await alice.autocomplete(table.channel, "setup play", "move", f"{tile} C1, ")
    for choice in choices:  # the finished pair stays; its tile and square are not offered again
        rest = choice["value"].removeprefix(f"{tile} C1, ")
        assert rest != choice["value"] and tile not in rest.split() and "C1" not in rest.split()
    choices = await alice.autocomplete(table.channel, "setup swap", "tiles", "")
    assert {c["value"] for c in choices} == own
    assert all(len(c["name"]) <= 100 for c in choices)


async def test_autocomplete_is_empty_for_someone_not_playing(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    alice, bob, eve = table.members
    await alice.slash(table.channel, "setup new")
    await bob.click(table.lobby_message(), label="Join")
    await alice.click(table.lobby_message(), label="Start")
    assert await eve.autocomplete(table.channel, "setup play", "move", "") == []
    assert await eve.autocomplete(table.channel, "setup swap", "tiles", "h") == []


# ---- the Build move builder ------------------------------------------------------------------
async def build_play(member, message, placements):
    """Pick each tile and its square in the builder; return the last answer."""
    for tile, square in placements:
        message = await pick(member, message, tile)
        message = await pick(member, message, square)
    return message


async def test_show_hand_lists_the_tiles_once_and_builds_the_move(simcord_env):
    """Issue 21: the board has one button (Show hand) for the builder, and
    its private answer lists the hand and the common hand once."""
    table = await start(simcord_env)
    alice = table.members[0]
    set_position(table)
    assert [c.label for row in table.board_message().components for c in row.children] == ["Show hand"]
    result = await alice.click(table.board_message(), label="Show hand")
    builder = last_reply(result)
    assert builder.ephemeral and builder.content.startswith("Your hand — SETUP #")
    assert plain("P1: ♣7 ♠7 ♦3 ★9 · common: ★7 ♣4 ♦9 ♠6") in builder.content
    assert builder.content.count(plain("♣7 ♠7 ♦3 ★9")) == 1 and builder.content.count(plain("★7 ♣4 ♦9 ♠6")) == 1
    typed = last_reply(await alice.slash(table.channel, "setup build"))
    assert typed.content == builder.content  # /setup build, /hand and Show hand open the same panel
    again = last_reply(await alice.slash(table.channel, "hand"))
    assert again.content == builder.content
    builder = again  # the newest panel (each one replaces the one before)
    # Tiles that make a legal play now come first, ticked; then the others.
    assert sorted(option_values(builder)) == sorted(["♣7", "♠7", "♦3", "★9", "★7", "♣4", "♦9", "♠6"])
    ticked = [o["value"] for o in menu(builder)["options"] if o["description"].startswith("✓")]
    assert ticked == option_values(builder)[:len(ticked)] and {"♣7", "♠7", "★7"} <= set(ticked)
    assert "Confirm" not in buttons(builder) and len(menus(builder)) == 1  # nothing to confirm yet

    builder = await build_play(alice, builder, [("♣7", "C1"), ("♠7", "C2"), ("★7", "C3")])
    assert plain("Placed: ♣7 C1, ♠7 C2, ★7 C3") in builder.content
    assert "✅ This play scores 4. bob gets +1 bonus.\nPlay it?" in builder.content
    assert table.live().record.version == 0  # nothing played yet
    result = await alice.click(builder, label="Confirm")
    assert plain("✅ You played ♣7 C1, ♠7 C2, ★7 C3.") in last_reply(result).content
    assert "Score: alice " in last_reply(result).content  # the move's own answer shows the score
    assert "Placed:" not in last_reply(result).content  # fresh controls for the next move
    live = table.live()
    assert live.record.version == 1 and live.state.scores == [4, 1]
    board = table.board_message().content
    assert plain("• alice played ♣7 C1, ♠7 C2, ★7 C3: +4 (now 4).") in board
    assert plain("• bob gets a +1 bonus for ♥7 N1 on their squares (now 1).") in board


async def test_builder_undo_close_and_an_illegal_preview(simcord_env):
    table = await start(simcord_env)
    alice, bob = table.members
    set_position(table)
    builder = last_reply(await alice.slash(table.channel, "setup build"))
    builder = await build_play(alice, builder, [("★9", "W1"), ("★7", "E2")])
    assert "⚠️ Those tiles make no combo." in builder.content and buttons(builder)["Confirm"]["disabled"]
    builder = (await alice.click(builder, label="Back")).response  # the square of ★7
    builder = (await alice.click(builder, label="Back")).response  # ★7 itself
    assert "Placed: ★9 W1\n" in builder.content and "E2" not in builder.content
    builder = (await alice.click(builder, label="Cancel")).response
    assert "Cancelled. Nothing was played." in builder.content and "Placed:" not in builder.content
    # Out of turn: bob may plan (the preview scores it) but not confirm (issue 21: Confirm is disabled).
    builder = last_reply(await bob.slash(table.channel, "setup build"))
    assert "Waiting for alice to play." in builder.content
    builder = await build_play(bob, builder, [("★7", "C1")])
    assert "It is not your turn yet" in builder.content and buttons(builder)["Confirm"]["disabled"]
    assert table.live().record.version == 0


async def test_a_bonus_is_previewed_and_announced_in_chinese(simcord_env, locales):
    table = await start(simcord_env)
    alice = table.members[0]
    await table.service.settings.set_guild(table.guild.id, language="zh-CN")
    locales[alice.id] = "zh-CN"
    set_position(table)
    builder = last_reply(await alice.slash(table.channel, "setup build"))
    assert builder.content.startswith("你的手牌 — 连线计划")
    assert plain("P1：♣7 ♠7 ♦3 ★9 · 公共：★7 ♣4 ♦9 ♠6") in builder.content
    builder = await build_play(alice, builder, [("♣7", "C1")])
    assert "✅ 这样放能得 2 分。bob 获得 1 奖励分。\n确定这样放吗？" in builder.content
    result = await alice.click(builder, label="确认")
    assert plain("✅ 你打出了 ♣7 C1。") in last_reply(result).content and "比分：" in last_reply(result).content
    board = table.board_message().content
    assert plain("• alice 打出 ♣7 C1：+2（现在 2 分）。") in board
    assert plain("• bob 因奖励格子上的 ♥7 N1 获得 1 奖励分（现在 1 分）。") in board


async def test_show_hand_opens_the_builder_after_a_restart(simcord_env, make_bot):
    table = await start(simcord_env)
    board = table.board_message()
    await simcord_env.restart_bot(make_bot())
    live, seat, member = to_move(table)
    result = await member.click(board, label="Show hand")
    assert last_reply(result).ephemeral and len(menus(last_reply(result))) == 1
    spectator = table.guild.add_member(simcord_env.create_user("eve"))
    result = await spectator.click(board, label="Show hand")
    assert last_reply(result).content == "⚠️ You are not playing in this game."
