"""Take-away, a game that lives only in the tests: its whole definition.

Registered with one line (``registry.add(toy.DEFINITION)``); importing the
package also brings its words (``i18n/<locale>/toy.toml`` and its
``core.game.toy`` name), in any process that loads one of its parts."""
from __future__ import annotations

from pathlib import Path

import i18n
from games.definition import DiscordParts, GameDefinition
from tests.support.toy.engine import ToyEngine
from tests.support.toy.render import ToyRenderer

i18n.add_catalogue_dir(Path(__file__).parent / "i18n")

DEFINITION = GameDefinition(
    engine=ToyEngine(),
    renderer=ToyRenderer(),
    discord=DiscordParts(cog="tests.support.toy.cog", builder="tests.support.toy.builder:BUILDER"),
)
