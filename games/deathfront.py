"""Death Front: Blitzkrieg (死亡前線-閃電戰): its parts, as the platform reads them."""
from __future__ import annotations

from pydantic import BaseModel

from engines.deathfront.cards import ALLIED_FACTIONS, localize_card_params
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.lobby import finalize_lobby_config
from games.definition import ArenaSides, DiscordParts, GameDefinition
from render.deathfront import DeathFrontRenderer


def factions(state: BaseModel) -> list[str]:
    return list(state.factions)  # type: ignore[attr-defined]


DEFINITION = GameDefinition(
    engine=DeathFrontEngine(),
    renderer=DeathFrontRenderer(),
    finalize_config=finalize_lobby_config,
    localize_params=localize_card_params,
    arena_sides=ArenaSides(labels=factions, first_side=frozenset(ALLIED_FACTIONS)),
    discord=DiscordParts(cog="cogs.deathfront", builder="cogs.builder.deathfront:BUILDER"),
)
