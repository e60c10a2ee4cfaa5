"""Death Front played by clicking only (SimCord): mulligan, discard, deploy,
move, facilities, skills, an attack by two units with the sum shown before
Confirm, actions that also finish the player's step ("Confirm, done with
this step", issue 31), and the end of the game by proposal (its own screen
and Confirm: one tap never proposes) and agreement."""
from __future__ import annotations

import random

import pytest

from bench.deathfront_turns import finishes_step
from bot import SHARED_EXTENSIONS
from cogs.play.builder import deathfront as df_builder
from engines.deathfront import DeathFrontEngine
from engines.deathfront import rules as R
from engines.deathfront.choices import one_per_kind
from engines.deathfront.models import AgreeEnd, Attack, DeclineEnd, Discard, Pass, ProposeEnd
from games import deathfront as deathfront_game
from tables.registry import GameRegistry
from tests.click.clicking import all_menus_fit, buttons, pick, press, show_hand
from tests.conftest import Table

ENGINE = DeathFrontEngine()
GAME_SEED = 3
TINY_PNG = b"\x89PNG\r\n\x1a\n"
QUICK_LABELS = {"keep": "Keep", "mulligan": "Mulligan", "skip_draw": "Keep hand (no draw)",
                "pass": "Pass: done with this step", "agree_end": "Agree to end", "decline_end": "Decline"}


@pytest.fixture
def make_bot(bot_builder):
    registry = GameRegistry([deathfront_game.DEFINITION])
    return lambda: bot_builder(registry, [*SHARED_EXTENSIONS, "cogs.games.deathfront"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
def fast_previews(monkeypatch):
    monkeypatch.setattr(df_builder, "preview_png", lambda *args, **kwargs: TINY_PNG)
    monkeypatch.setattr(df_builder.DeathFrontBuilder, "warm", lambda self, table, locale="en": None)


async def start(env, seed=GAME_SEED) -> Table:
    table = Table(env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, "deathfront new")
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = seed
    await host.click(table.lobby_message(), label="Start")
    return table


def first_copy(state, seat, uid):
    """The builder lists one card per kind: the first copy in the hand."""
    return next(u for u in one_per_kind(state, seat) if R.card(u).id == R.card(uid).id)


def confirm_label(action) -> str:
    return "Confirm, done with this step" if getattr(action, "done", False) else "Confirm"


async def click_action(member, message, action, state, seat):
    kind = action.kind
    if kind == "pass" and state.pending_advance is not None:
        return await press(member, message, "Stay")
    if kind in QUICK_LABELS:
        return await press(member, message, QUICK_LABELS[kind])
    if kind == "propose_end":
        message = await press(member, message, "Propose to end…")
        assert "Propose to end the game now?" in message.content and state.end_vote is None  # not yet
        return await press(member, message, "Confirm")
    if kind == "discard":
        message = await pick(member, message, first_copy(state, seat, action.card))
        assert "Discard **" in message.content
        return await press(member, message, "Confirm")
    if kind == "move" and state.pending_advance is not None:
        return await press(member, await pick(member, message, action.from_cell), "Confirm")
    if kind in ("deploy", "facility"):
        prefix = "d" if kind == "deploy" else "f"
        message = await pick(member, message, f"{prefix}~{first_copy(state, seat, action.card)}")
        return await press(member, await pick(member, message, action.cell), confirm_label(action))
    if kind == "move":
        message = await pick(member, message, f"m~{action.from_cell}")
        return await press(member, await pick(member, message, action.to_cell), confirm_label(action))
    if kind == "skill":
        message = await pick(member, message, f"k~{first_copy(state, seat, action.card)}")
        if action.target:
            message = await pick(member, message, action.target.split(","))
        return await press(member, message, confirm_label(action))
    if kind == "attack":
        target = action.target + ("F" if action.at_facility else "")
        message = await pick(member, message, f"a~{target}")
        message = await pick(member, message, list(action.attackers))
        assert "Attack **" in message.content and "against defence **" in message.content
        return await press(member, message, confirm_label(action))
    raise AssertionError(kind)


def choose(state, seat, rng, seen):
    """The AI's choice, except: seat 0 mulligans, a full hand discards, an
    attack by two or more units comes first, and once every feature has been
    seen the game is ended by agreement."""
    legal = ENGINE.legal_actions(state, seat)
    kinds = {a.kind for a in legal}
    ready = {"mulligan", "discard", "attack2", "move", "skill", "facility"} <= seen
    if state.end_vote is not None:
        return AgreeEnd() if ready else DeclineEnd()
    if state.step == "mulligan":
        return ENGINE.legal_actions(state, seat)[1 if seat == 0 and "mulligan" in kinds else 0]
    if "discard" in kinds:
        return next(a for a in legal if isinstance(a, Discard))
    if ready and "propose_end" in kinds:
        return ProposeEnd()
    doubles = [a for a in legal if isinstance(a, Attack) and len(a.attackers) >= 2 and not a.at_facility]
    if doubles:
        return doubles[0]
    action = ENGINE.ai_action(state, seat, rng)
    if isinstance(action, ProposeEnd):
        return Pass()
    if "done" in type(action).model_fields and state.pending_advance is None \
            and finishes_step(state, seat, action, rng):
        return action.model_copy(update={"done": True})  # as a person who knows they are done says so
    return action


async def test_a_whole_game_by_clicking(simcord_env, fast_previews):
    table = await start(simcord_env)
    game_id = table.live().id
    rng = random.Random(5)
    seen: set[str] = set()
    boards_with_auto_pass = 0
    for _ in range(700):
        live = table.live()
        if live is None:
            break
        boards_with_auto_pass += "⏩ Nothing to do this step, so passed: " in table.board_message().content
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        message = await show_hand(member, table.board_message())
        assert all_menus_fit(message)
        state = live.state
        action = choose(state, seat, rng, seen)
        version = live.record.version
        answer = await click_action(member, message, action, state, seat)
        assert "✅ Done." in answer.content, (action, answer.content)
        assert live.record.version > version
        seen.add("attack2" if isinstance(action, Attack) and len(action.attackers) >= 2 else action.kind)
        if getattr(action, "done", False):
            seen.add("finished")
    assert table.live() is None, seen
    assert boards_with_auto_pass  # the engine's automatic passes show on the board (issue 21)
    record = await table.service.games.get(game_id)
    assert record.status == "finished"
    assert {"mulligan", "keep", "discard", "deploy", "move", "facility", "skill", "attack2", "propose_end",
            "agree_end", "finished"} <= seen, seen


async def test_one_tap_on_propose_to_end_proposes_nothing(simcord_env, fast_previews):
    """Issue 31: "Propose to end" opens a screen that says what it would do;
    only its Confirm proposes, Back leaves everything as it was."""
    table = await start(simcord_env)
    rng = random.Random(5)
    while (live := table.live()).state.step != "deploy":
        seat = live.to_act()[0]
        await click_action(table.member_for_seat(seat), await show_hand(table.member_for_seat(seat),
                                                                       table.board_message()),
                           ENGINE.ai_action(live.state, seat, rng), live.state, seat)
    seat = live.to_act()[0]
    member = table.member_for_seat(seat)
    message = await show_hand(member, table.board_message())
    assert buttons(message)["Propose to end…"]["style"] != 4  # not a red one-tap button any more
    version = live.record.version
    message = await press(member, message, "Propose to end…")
    assert "Propose to end the game now?" in message.content and "Allies 0, Axis 0" in message.content
    assert live.record.version == version and live.state.end_vote is None
    message = await press(member, message, "Back")
    assert live.record.version == version and live.state.end_vote is None
    message = await press(member, await press(member, message, "Propose to end…"), "Confirm")
    assert live.record.version == version + 1 and live.state.end_vote is not None
