"""/learn game:cubed played by clicking only (SimCord), in English and in
Chinese: a wrong move at every step is refused with the step's explanation,
the bot restarts in the middle, and the summary ends it."""
from __future__ import annotations

import pytest

from bot import SHARED_EXTENSIONS
from engines.cubed.models import Draw3Action, DrawAction, KeepAction, PlaceAction
from engines.cubed.tutorial import TUTORIAL
from games import cubed as cubed_game
from i18n import t
from tables.registry import GameRegistry
from tables.text import game_name
from tests.conftest import last_reply
from tests.tutorial.test_learn_setup import pick, press, step_of

STEPS = [step.expect for step in TUTORIAL.steps]
# A legal move of the game that each step does not teach.
WRONG = [PlaceAction(piece="LYA", cell=(0, 1), rotation=0), DrawAction(), KeepAction(piece="RRR"),
         PlaceAction(piece="SLA", cell=(-2, 2), rotation=1), DrawAction(), Draw3Action()]


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([cubed_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.cubed", "cogs.learn.tutorial.extension"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


async def quick(member, message, name: str):
    found = [c for row in message.components for c in row["components"]
             if c.get("type") == 2 and c["custom_id"].split(":")[4] == "do" and c["custom_id"].endswith(":" + name)]
    assert len(found) == 1, (name, message.components)
    return (await member.click(message, custom_id=found[0]["custom_id"])).response


async def build(member, message, action):
    if isinstance(action, (DrawAction, Draw3Action)):
        return await quick(member, message, action.kind)
    message = await pick(member, message, action.piece)
    if isinstance(action, PlaceAction):
        message = await pick(member, message, f"{action.cell[0]}_{action.cell[1]}r{action.rotation}")
    return await press(member, message, "ok")


async def walk(env, member, channel, locale, make_bot=None):
    message = last_reply(await member.slash(channel, "learn", game="cubed"))
    assert message.ephemeral and message.attachments
    for step, (taught, wrong) in enumerate(zip(STEPS, WRONG)):
        name = TUTORIAL.steps[step].name
        assert step_of(message) == step and t(f"tutorial.cubed.{name}.name", locale) in message.content
        refused = await build(member, message, wrong)
        assert t(f"tutorial.cubed.{name}.wrong", locale) in refused.content and step_of(refused) == step
        if refused.components and any(c["custom_id"].split(":")[4] == "x" for row in refused.components
                                      for c in row["components"] if c.get("type") == 2):
            refused = await press(member, refused, "x")
        if step == 3 and make_bot is not None:
            await env.restart_bot(make_bot())
        message = await build(member, refused, taught)
        assert t("tutorial.well_done", locale) in message.content
    assert t("tutorial.summary.title", locale, game=game_name("cubed", locale)) in message.content
    return message


async def test_cubed_tutorial_by_clicking_with_a_restart(simcord_env, make_bot, table):
    message = await walk(simcord_env, table.members[0], table.channel, "en", make_bot)
    assert "**Blockers**" in message.content
    assert table.service.in_channel(table.channel.id) is None and table.channel.history() == []


async def test_cubed_tutorial_in_chinese(simcord_env, table, locales):
    locales[table.members[0].id] = "zh-TW"
    await walk(simcord_env, table.members[0], table.channel, "zh-TW")
