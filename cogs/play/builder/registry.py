"""A game's click builder, named by its definition (``DiscordParts.builder``)."""
from __future__ import annotations

from typing import Any

from cogs.play.builder.model import GameBuilder
from engines.paths import load


def builder_of(table: Any) -> GameBuilder | None:
    """The builder of a live table's game, or None for a game without one."""
    parts = table.definition.discord
    if parts is None or parts.builder is None:
        return None
    builder: GameBuilder = load(parts.builder)
    return builder
