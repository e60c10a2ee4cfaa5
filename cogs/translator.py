"""Command names, descriptions and choices in zh-CN and zh-TW (discord.py's
Translator). Descriptions carry a catalogue key (``setup.cmd.play``, or
``cmd.hand`` for ``core.cmd.hand``); names,
parameter names and choice names are looked up by their English text under
``core.names.*``."""
from __future__ import annotations

import re

import discord
from discord import app_commands

from i18n import catalogue

DISCORD_LOCALES = {discord.Locale.chinese: "zh-CN", discord.Locale.taiwan_chinese: "zh-TW"}
NAME_LOCATIONS = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        ours = DISCORD_LOCALES.get(locale)
        if ours is None:
            return None
        texts = catalogue(ours)
        key = string.extras.get("key")
        if key is not None:  # a game's own key ("setup.cmd.play"), else a core one ("cmd.hand")
            return texts.get(key) or texts.get(f"core.{key}")
        if context.location in NAME_LOCATIONS:
            name = texts.get(f"core.names.{string.message}")
            return name if name and VALID_NAME.match(name) and name == name.lower() else None
        if context.location == app_commands.TranslationContextLocation.choice_name:
            return texts.get(f"core.choices.{string.message}")
        return None
