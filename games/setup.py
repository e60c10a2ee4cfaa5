"""SETUP (连线计划): its parts, as the platform reads them."""
from __future__ import annotations

from engines.setup.engine import SetupEngine
from games.definition import DiscordParts, GameDefinition
from render.setup import SetupRenderer

DEFINITION = GameDefinition(
    engine=SetupEngine(),
    renderer=SetupRenderer(),
    discord=DiscordParts(cog="cogs.setup", builder="cogs.builder.setup:BUILDER"),
)
