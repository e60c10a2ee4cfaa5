"""Command names, descriptions and choices in zh-CN and zh-TW (discord.py's
Translator). Descriptions carry a catalogue key (``setup.cmd.play``, or
``cmd.hand`` for ``core.cmd.hand``). Names of groups, subcommands and options
come from ``i18n.command_name`` (``<game>.cmd_name.*``, then ``core.names.*``),
the same function texts use for ``{cmd:...}``, so a help text names a command
exactly as the reader's client shows it."""
from __future__ import annotations

import discord
from discord import app_commands

from i18n import catalogue, command_name

DISCORD_LOCALES = {discord.Locale.chinese: "zh-CN", discord.Locale.taiwan_chinese: "zh-TW"}
Location = app_commands.TranslationContextLocation
COMMAND_LOCATIONS = {Location.command_name, Location.group_name}


def _path(string: app_commands.locale_str, context: app_commands.TranslationContext) -> str | None:
    """The English path of the command or option being named: ``setup play move``."""
    data = context.data
    if context.location in COMMAND_LOCATIONS:
        return getattr(data, "qualified_name", None) or string.message
    if context.location == Location.parameter_name:
        command = getattr(data, "command", None)
        parent = getattr(command, "qualified_name", None)
        return f"{parent} {string.message}" if parent else string.message
    return None


class CatalogueTranslator(app_commands.Translator):
    def depends_on(self) -> tuple[dict[str, str], ...]:
        """Besides the string and its context, what a translation reads: the
        Chinese catalogues (``i18n.add_catalogue_dir`` makes new ones)."""
        return tuple(catalogue(ours) for ours in DISCORD_LOCALES.values())

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        ours = DISCORD_LOCALES.get(locale)
        if ours is None:
            return None
        texts = catalogue(ours)
        key = string.extras.get("key")
        if key is not None:  # a game's own key ("setup.cmd.play"), else a core one ("cmd.hand")
            return texts.get(key) or texts.get(f"core.{key}")
        path = _path(string, context)
        if path is not None:
            name = command_name(path, ours).split()[-1]
            return None if name == string.message else name
        if context.location == Location.choice_name:
            return texts.get(f"core.choices.{string.message}")
        return None
