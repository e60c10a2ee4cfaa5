"""Every registered game's Discord parts resolve (cogs/games/parts.py): the
bot checks them at start-up, and this test in CI, so a renamed module fails
here rather than at a player's first click."""
import dataclasses

import pytest

from cogs.games.parts import BrokenParts, check_parts, part_problems
from games import setup as setup_game
from games.definition import DiscordParts
from tables.registry import default_registry
from tests.support import toy


def test_every_game_s_parts_resolve():
    check_parts([*default_registry(), toy.DEFINITION])
    assert all(d.discord is not None and d.discord.builder for d in default_registry())


def test_a_renamed_module_is_named():
    stale = dataclasses.replace(setup_game.DEFINITION, discord=DiscordParts(
        cog="cogs.setup", builder="cogs.builder.setup:BUILDER", board_items="cogs.games.setup:nothing"))
    assert part_problems(stale) == [
        "setup: DiscordParts.cog 'cogs.setup' is not a module",
        "setup: DiscordParts.builder 'cogs.builder.setup:BUILDER' does not load "
        "(No module named 'cogs.builder')",
        "setup: DiscordParts.board_items 'cogs.games.setup:nothing' does not load "
        "(module 'cogs.games.setup' has no attribute 'nothing')",
    ]
    with pytest.raises(BrokenParts, match="cogs.builder.setup:BUILDER"):
        check_parts([*default_registry(), stale])


def test_a_builder_of_another_game_is_refused():
    crossed = dataclasses.replace(setup_game.DEFINITION, discord=DiscordParts(
        cog="cogs.games.setup", builder="cogs.play.builder.cubed:BUILDER"))
    assert part_problems(crossed) == [
        "setup: DiscordParts.builder 'cogs.play.builder.cubed:BUILDER' is not setup's GameBuilder"]
