"""/learn game:setup played by clicking only (SimCord), in English and in
Chinese: every step refuses a wrong move with its own explanation and changes
nothing, the tutorial survives a restart of the bot in the middle, ends with
its summary, and is private and unrated."""
from __future__ import annotations

import pytest

from bot import SHARED_EXTENSIONS
from engines.setup.models import SwapAction
from engines.setup.tutorial import TUTORIAL
from games import setup as setup_game
from i18n import t
from tables.registry import GameRegistry
from tables.text import game_name
from tests.click.clicking import menus, option_values
from tests.conftest import last_reply
from tests.tutorial.test_tutorial_runner import SETUP_WRONG

STEPS = [step.expect for step in TUTORIAL.steps]


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([setup_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.learn.tutorial.extension"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


def control(message, op: str) -> dict:
    """The button of a tutorial operation (by its custom id: labels follow the language)."""
    found = [c for row in message.components for c in row["components"]
             if c.get("type") == 2 and c["custom_id"].split(":")[4] == op]
    assert len(found) == 1, (op, message.components)
    return found[0]


async def press(member, message, op: str):
    button = control(message, op)
    assert not button.get("disabled"), (op, message.content)
    return (await member.click(message, custom_id=button["custom_id"])).response


async def pick(member, message, values):
    values = [values] if isinstance(values, str) else list(values)
    menu = menus(message)[0]
    assert set(values) <= set(option_values(message)), (values, option_values(message))
    return (await member.select(message, values, custom_id=menu["custom_id"])).response


async def build(member, message, action):
    """Build ``action`` with the game's own controls; Confirm."""
    if isinstance(action, SwapAction):
        message = await press(member, message, "go")
        message = await pick(member, message, action.tiles)
    else:
        for tile, square in action.placements:
            message = await pick(member, message, tile)
            if square in option_values(message):
                message = await pick(member, message, square)
    return await press(member, message, "ok")


def step_of(message) -> int:
    return int(control(message, "new")["custom_id"].split(":")[3])


async def test_setup_tutorial_by_clicking_with_a_restart(simcord_env, make_bot, table):
    member = table.members[0]
    result = await member.slash(table.channel, "learn", game="setup")
    message = last_reply(result)
    assert message.ephemeral and message.attachments
    assert "Step 1/5" in message.content and "♥7" in message.content
    for step, (taught, wrong) in enumerate(zip(STEPS, SETUP_WRONG)):
        name = TUTORIAL.steps[step].name
        assert step_of(message) == step and t(f"tutorial.setup.{name}.do", "en", finish=12) in message.content
        refused = await build(member, message, wrong)
        assert t(f"tutorial.setup.{name}.wrong", "en", finish=12) in refused.content
        assert "nothing changed" in refused.content and step_of(refused) == step
        message = await press(member, refused, "x")
        if step == 2:  # a restart in the middle: the same message's controls go on
            await simcord_env.restart_bot(make_bot())
        message = await build(member, message, taught)
        assert "Well done" in message.content
        if step == 1:  # /learn again continues where the player was
            again = last_reply(await member.slash(table.channel, "learn", game="setup"))
            assert "Welcome back" in again.content and step_of(again) == 2
            message = again
    assert "You finished the SETUP tutorial" in message.content
    assert "A **set**" in message.content and "The **swap**" in message.content
    # private and unrated: no game, no rating, nothing posted in the channel
    assert table.service.in_channel(table.channel.id) is None
    assert await table.service.db.fetchval("SELECT COUNT(*) FROM games") == 0
    assert table.channel.history() == []
    # Start over from the summary
    restarted = await press(member, message, "new")
    assert "Step 1/5" in restarted.content and step_of(restarted) == 0


async def test_setup_tutorial_in_chinese(simcord_env, table, locales):
    member = table.members[0]
    locales[member.id] = "zh-CN"
    message = last_reply(await member.slash(table.channel, "learn", game="setup"))
    assert "第 1/5 步" in message.content
    for step, (taught, wrong) in enumerate(zip(STEPS, SETUP_WRONG)):
        name = TUTORIAL.steps[step].name
        refused = await build(member, message, wrong)
        assert t(f"tutorial.setup.{name}.wrong", "zh-CN") in refused.content and step_of(refused) == step
        message = await build(member, await press(member, refused, "x"), taught)
        assert "做得好" in message.content
    assert t("tutorial.summary.title", "zh-CN", game=game_name("setup", "zh-CN")) in message.content


async def test_a_stale_control_only_redraws(simcord_env, table):
    """A control drawn for an earlier step (an older copy of the tutorial's
    message) takes no step: it redraws the current one."""
    member = table.members[0]
    older = last_reply(await member.slash(table.channel, "learn", game="setup"))
    newer = last_reply(await member.slash(table.channel, "learn", game="setup"))
    after = await build(member, newer, STEPS[0])
    assert step_of(after) == 1
    again = await pick(member, older, "♥7")
    assert step_of(again) == 1 and "Well done" not in again.content and "🔄" in again.content
