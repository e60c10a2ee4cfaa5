"""SETUP (连线计划): its parts, as the platform reads them."""
from __future__ import annotations

from pydantic import BaseModel

from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SwapAction
from games.definition import DiscordParts, GameDefinition, MoveWords
from i18n import t
from render.setup import SetupRenderer


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """A play reads "★7→C1, ♥7→S1" ("★7→C1、♥7→S1" in Chinese) and goes from
    its first tile to its first square (one button per whole play: a tap-by-tap
    client builds a play placement by placement from these); a swap lists its tiles."""
    comma = t("core.act.comma", locale)
    out = []
    for action in actions:
        if isinstance(action, PlayAction) and action.placements:
            detail = comma.join(f"{tile}→{square}" for tile, square in action.placements)
            tile, square = action.placements[0]
            out.append(MoveWords(detail, tile, square))
        elif isinstance(action, SwapAction):
            out.append(MoveWords(comma.join(action.tiles), action.tiles[0] if action.tiles else None))
        else:
            out.append(MoveWords(""))
    return out


DEFINITION = GameDefinition(
    engine=SetupEngine(),
    renderer=SetupRenderer(),
    discord=DiscordParts(cog="cogs.setup", builder="cogs.builder.setup:BUILDER"),
    describe_moves=describe_moves,
)
