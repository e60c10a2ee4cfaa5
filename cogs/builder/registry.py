"""Which game has which builder (each game's module registers itself)."""
from __future__ import annotations

from cogs.builder.model import GameBuilder

_BUILDERS: dict[str, GameBuilder] = {}


def register(builder: GameBuilder) -> None:
    _BUILDERS[builder.game_id] = builder


def builder_for(game_type: str) -> GameBuilder | None:
    if not _BUILDERS:
        from cogs.builder import games  # noqa: F401  (registers the three games)
    return _BUILDERS.get(game_type)
