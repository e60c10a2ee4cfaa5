"""Each registered game's Discord parts, checked all at once. A game's
definition names them by import path (``DiscordParts``): ``games/`` sits below
``cogs/`` and may not import it, and discord.py loads an extension by name. The
cog is loaded at start-up; the builder and the board's extra buttons are loaded
at a player's first click or board, so ``check_parts`` resolves them at
start-up (``TabletopBot.setup_hook``) and in a test: a renamed module or
attribute fails there, not in front of a player."""
from __future__ import annotations

import importlib.util
from typing import Any, Iterable

from engines.paths import load


class BrokenParts(Exception):
    """A game's ``DiscordParts`` names something that is not there."""


def part_problems(definition: Any) -> list[str]:
    """What is wrong with one definition's Discord parts (nothing: [])."""
    parts, game = definition.discord, definition.game_type
    if parts is None:
        return []
    problems = []
    try:
        found = importlib.util.find_spec(parts.cog) is not None
    except ImportError:  # a package on the way is missing
        found = False
    if not found:
        problems.append(f"{game}: DiscordParts.cog {parts.cog!r} is not a module")
    for field, path in (("builder", parts.builder), ("board_items", parts.board_items)):
        if path is None:
            continue
        try:
            target = load(path)
        except (ImportError, AttributeError) as error:
            problems.append(f"{game}: DiscordParts.{field} {path!r} does not load ({error})")
            continue
        if field == "board_items" and not callable(target):
            problems.append(f"{game}: DiscordParts.board_items {path!r} is not a function")
        if field == "builder" and (getattr(target, "game_type", None) != game
                                   or not callable(getattr(target, "screen", None))):
            problems.append(f"{game}: DiscordParts.builder {path!r} is not {game}'s GameBuilder")
    return problems


def check_parts(definitions: Iterable[Any]) -> None:
    """Raise ``BrokenParts`` naming every part of every game that does not resolve."""
    problems = [problem for definition in definitions for problem in part_problems(definition)]
    if problems:
        raise BrokenParts("; ".join(problems))
