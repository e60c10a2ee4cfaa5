"""Which games the platform knows: one `GameDefinition` per game type.

This is the one module that names the built-in games; everything else reads
their parts from here. A game is added with one line (``BUILT_IN`` here, or
``registry.add(DEFINITION)`` for a game that lives elsewhere, e.g. a test's).
"""
from __future__ import annotations

from collections.abc import Iterator

from games.definition import GameDefinition


class GameRegistry:
    def __init__(self, definitions: list[GameDefinition] | None = None) -> None:
        self._definitions: dict[str, GameDefinition] = {}
        for definition in definitions or []:
            self.add(definition)

    def add(self, definition: GameDefinition) -> None:
        self._definitions[definition.game_type] = definition

    def get(self, game_type: str) -> GameDefinition:
        return self._definitions[game_type]

    def __contains__(self, game_type: str) -> bool:
        return game_type in self._definitions

    def __iter__(self) -> Iterator[GameDefinition]:
        return iter(self._definitions.values())

    def ids(self) -> list[str]:
        """The game types, in registration order."""
        return list(self._definitions)


def default_registry() -> GameRegistry:
    """The built-in games."""
    from games import cubed, deathfront, setup

    return GameRegistry([setup.DEFINITION, cubed.DEFINITION, deathfront.DEFINITION])
