"""Death Front: Blitzkrieg (死亡前線-閃電戰): its parts, as the platform reads them."""
from __future__ import annotations

from pydantic import BaseModel

from engines.deathfront.cards import ALLIED_FACTIONS, card_name, localize_card_params
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.lobby import finalize_lobby_config
from engines.deathfront.models import Attack, Deploy, Discard, Move, PlaceFacility, PlaySkill
from games.definition import ArenaSides, DiscordParts, GameDefinition, MoveWords
from render.deathfront import DeathFrontRenderer


def factions(state: BaseModel) -> list[str]:
    return list(state.factions)  # type: ignore[attr-defined]


def first_cell(target: str | None) -> str | None:
    """The first cell a skill's target names ("B5F" → "B5", "B3>B4,C3>C4" → "B4")."""
    if not target:
        return None
    first = target.split(",")[0].split(">")[-1]
    return first[:-1] if first.endswith("F") else first


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """"Sherman → B4" from the card (its uid) to the cell; a move or an
    attack from the first unit's cell to the target."""
    out = []
    for action in actions:
        if isinstance(action, (Deploy, PlaceFacility)):
            out.append(MoveWords(f"{card_name(action.card, locale)} → {action.cell}", action.card, action.cell))
        elif isinstance(action, Move):
            out.append(MoveWords(f"{action.from_cell} → {action.to_cell}", action.from_cell, action.to_cell))
        elif isinstance(action, Attack):
            target = action.target + ("F" if action.at_facility else "")
            out.append(MoveWords(f"{'+'.join(action.attackers)} → {target}",
                                 action.attackers[0] if action.attackers else None, action.target))
        elif isinstance(action, PlaySkill):
            name = card_name(action.card, locale)
            detail = f"{name} → {action.target}" if action.target else name
            out.append(MoveWords(detail, action.card, first_cell(action.target)))
        elif isinstance(action, Discard):
            out.append(MoveWords(card_name(action.card, locale), action.card))
        else:
            out.append(MoveWords(""))
    return out


DEFINITION = GameDefinition(
    engine=DeathFrontEngine(),
    renderer=DeathFrontRenderer(),
    finalize_config=finalize_lobby_config,
    localize_params=localize_card_params,
    arena_sides=ArenaSides(labels=factions, first_side=frozenset(ALLIED_FACTIONS)),
    discord=DiscordParts(cog="cogs.deathfront", builder="cogs.builder.deathfront:BUILDER"),
    describe_moves=describe_moves,
)
