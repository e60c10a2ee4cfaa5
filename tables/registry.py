"""Which games the bot knows: an engine and a renderer per game id."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from db.models import Seat
from engines.base import GameEngine, Renderer

# Builds the engine config at Start from the lobby config and each seat's own
# choices (e.g. Death Front factions). Raises IllegalAction/TableError to refuse.
ConfigFinalizer = Callable[[dict[str, Any], list[Seat]], dict[str, Any]]
# Rewrites an event's params for a locale (e.g. card names) before formatting.
ParamLocalizer = Callable[[dict[str, Any], str], dict[str, Any]]


@dataclass(frozen=True)
class GameSpec:
    engine: GameEngine
    renderer: Renderer
    finalize_config: ConfigFinalizer | None = None
    localize_params: ParamLocalizer | None = None

    @property
    def game_id(self) -> str:
        return self.engine.game_id


class GameRegistry:
    def __init__(self, specs: list[GameSpec] | None = None) -> None:
        self._specs: dict[str, GameSpec] = {}
        for spec in specs or []:
            self.add(spec)

    def add(self, spec: GameSpec) -> None:
        self._specs[spec.game_id] = spec

    def get(self, game_id: str) -> GameSpec:
        return self._specs[game_id]

    def __contains__(self, game_id: str) -> bool:
        return game_id in self._specs

    def ids(self) -> list[str]:
        return list(self._specs)


def default_registry() -> GameRegistry:
    """The three real games."""
    from engines.cubed.engine import CubedEngine
    from engines.deathfront.cards import localize_card_params
    from engines.deathfront.engine import DeathFrontEngine
    from engines.deathfront.lobby import finalize_lobby_config
    from engines.setup.engine import SetupEngine
    from render.cubed import CubedRenderer
    from render.deathfront import DeathFrontRenderer
    from render.setup import SetupRenderer

    return GameRegistry([
        GameSpec(SetupEngine(), SetupRenderer()),
        GameSpec(CubedEngine(), CubedRenderer()),
        GameSpec(DeathFrontEngine(), DeathFrontRenderer(), finalize_config=finalize_lobby_config,
                 localize_params=localize_card_params),
    ])
