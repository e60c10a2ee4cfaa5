"""The command tree as Discord receives it: every command with its zh-CN and
zh-TW names and descriptions. discord.py asks the translator for each string
in each of Discord's 30-odd locales (about 7,600 calls for the full bot), so
the payload is built once per process for the same commands and catalogues;
the start-up digest and the sync share it."""
from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands

from app.translator import CatalogueTranslator

AppCommand = app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu

# fingerprint of the commands -> (the catalogues it was translated with, the payload as JSON)
_built: dict[str, tuple[tuple[object, ...], str]] = {}


def code_of(command: AppCommand) -> Any:
    """Which code defines ``command`` (its callback; a group's commands'):
    the translation keys (``locale_str(..., key=...)``) are written there, and
    are not in the untranslated payload."""
    if isinstance(command, app_commands.Group):
        return [command.name, [code_of(child) for child in command.commands]]
    callback = command.callback
    return f"{callback.__module__}.{callback.__qualname__}"


def fingerprint(tree: app_commands.CommandTree, commands: list[AppCommand]) -> str:
    """Everything a translated payload depends on besides the translator:
    the untranslated payload (names, descriptions, options, choices,
    permissions) and the code that wrote the keys."""
    return json.dumps([[command.to_dict(tree) for command in commands], [code_of(c) for c in commands]],
                      sort_keys=True, default=str)


async def command_payload(tree: app_commands.CommandTree,
                          guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """What ``tree.sync(guild=guild)`` would send, as a fresh copy."""
    commands: list[AppCommand] = tree.get_commands(guild=guild)
    translator = tree.translator
    if not isinstance(translator, CatalogueTranslator):  # only ours is known to depend on nothing else
        return [await command.get_translated_payload(tree, translator) if translator else command.to_dict(tree)
                for command in commands]
    key = fingerprint(tree, commands)
    state = translator.depends_on()
    built = _built.get(key)
    if built is None or len(built[0]) != len(state) or any(a is not b for a, b in zip(built[0], state)):
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
        built = _built[key] = (state, json.dumps(payload))
    fresh: list[dict[str, Any]] = json.loads(built[1])
    return fresh
