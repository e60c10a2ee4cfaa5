"""/learn game:deathfront played by clicking only (SimCord), in English and in
Chinese: a wrong move at every step is refused with the step's explanation,
the bot restarts in the middle, and the summary ends it on a breakthrough."""
from __future__ import annotations

import pytest

from bot import SHARED_EXTENSIONS
from cogs.play.builder.ids import MULTI, SEP
from engines.deathfront.models import Attack, Deploy, Move, PlaceFacility, PlaySkill
from engines.deathfront.tutorial import TUTORIAL
from games import deathfront as deathfront_game
from i18n import t
from tables.registry import GameRegistry
from tables.text import game_name
from tests.conftest import last_reply
from tests.tutorial.test_learn_setup import pick, press, step_of

STEPS = [step.expect for step in TUTORIAL.steps]
# A legal move of the game that each step does not teach.
WRONG = [
    Deploy(card="us_mortar_60-1", cell="D2"),
    Deploy(card="us_supply_dump-1", cell="D2"),
    Move(from_cell="A3", to_cell="A2"),
    PlaceFacility(card="us_bunker-1", cell="B3"),
    PlaySkill(card="us_p47-1", target="B4"),
    Attack(target="B4", attackers=["C3"]),
    Attack(target="B4", attackers=["B3"]),
    Move(from_cell="D5", to_cell="D6"),
]
FIRST = {Deploy: "d", Move: "m", PlaceFacility: "f", PlaySkill: "k", Attack: "a"}


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([deathfront_game.DEFINITION]),
                               [*SHARED_EXTENSIONS, "cogs.games.deathfront", "cogs.learn.tutorial.extension"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


async def build(member, message, action):
    """The move with Death Front's own builder: the first menu (a card, a
    unit to move or a target), then its square(s) or attackers; Confirm."""
    if isinstance(action, Move):
        first, second = action.from_cell, action.to_cell
    elif isinstance(action, Attack):
        first, second = action.target, MULTI.join(action.attackers)
    elif isinstance(action, PlaySkill):
        first, second = action.card, action.target
    else:
        first, second = action.card, action.cell
    message = await pick(member, message, f"{FIRST[type(action)]}{SEP}{first}")
    message = await pick(member, message, second.split(MULTI) if isinstance(action, Attack) else second)
    return await press(member, message, "ok")


async def walk(env, member, channel, locale, make_bot=None):
    message = last_reply(await member.slash(channel, "learn", game="deathfront"))
    assert message.ephemeral and message.attachments
    for step, (taught, wrong) in enumerate(zip(STEPS, WRONG)):
        name = TUTORIAL.steps[step].name
        assert step_of(message) == step and t(f"tutorial.deathfront.{name}.name", locale) in message.content
        assert t(f"tutorial.deathfront.{name}.do", locale, **TUTORIAL.params) in message.content
        refused = await build(member, message, wrong)
        assert t(f"tutorial.deathfront.{name}.wrong", locale, **TUTORIAL.params) in refused.content and step_of(refused) == step
        if any(c["custom_id"].split(":")[4] == "x" for row in refused.components for c in row["components"]
               if c.get("type") == 2):
            refused = await press(member, refused, "x")
        if step == 4 and make_bot is not None:
            await env.restart_bot(make_bot())
        message = await build(member, refused, taught)
        assert t("tutorial.well_done", locale) in message.content
    assert t("tutorial.summary.title", locale, game=game_name("deathfront", locale)) in message.content
    return message


async def test_deathfront_tutorial_by_clicking_with_a_restart(simcord_env, make_bot, table):
    message = await walk(simcord_env, table.members[0], table.channel, "en", make_bot)
    assert "**Attack sums**" in message.content and "**Winning**" in message.content
    assert "breaks through" in message.content  # the game ends on the M8's breakthrough
    assert table.service.in_channel(table.channel.id) is None and table.channel.history() == []
    assert await table.service.db.fetchval("SELECT COUNT(*) FROM games") == 0


async def test_deathfront_tutorial_in_chinese(simcord_env, table, locales):
    locales[table.members[0].id] = "zh-TW"
    message = await walk(simcord_env, table.members[0], table.channel, "zh-TW")
    assert "突破" in message.content
