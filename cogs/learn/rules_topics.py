"""``/rules game: topic:`` — one rules topic as a small picture drawn by the
game's own renderer (``render.lessons``) beside its text, both in the
caller's language. The topics are the game definition's ``lessons``
(``engines/<game>/lessons.py``); a picture is drawn once per (game, topic,
locale) and kept (the positions are fixed, so it never changes)."""
from __future__ import annotations

import unicodedata

import discord
from discord import app_commands

from cogs.common import bot_of, png_file, render, user_locale
from engines.lessons import Lesson
from games.definition import GameDefinition
from i18n import t
from render.lessons import lesson_png
from tables.errors import TableError
from tables.text import game_name

_pictures: dict[tuple[str, str, str], bytes] = {}  # (game, topic, locale) -> PNG


def topic_key(game_type: str, topic: str, part: str) -> str:
    return f"topics.{game_type}.{topic}.{part}"


def topics_line(definition: GameDefinition, locale: str) -> str:
    """The line under the rules summary naming the game's topics ("" when it has none)."""
    if not definition.lessons:
        return ""
    names = " · ".join(t(topic_key(definition.game_type, lesson.topic, "name"), locale)
                       for lesson in definition.lessons)
    return t("topics.list.line", locale, topics=names)


def folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def find_lesson(definition: GameDefinition, topic: str) -> Lesson:
    """The topic by its id or its name in any of our languages; refused, listing them, otherwise."""
    wanted = folded(topic)
    for lesson in definition.lessons:
        names = {t(topic_key(definition.game_type, lesson.topic, "name"), loc) for loc in ("en", "zh-CN", "zh-TW")}
        if wanted == lesson.topic or wanted in {folded(name) for name in names}:
            return lesson
    raise TableError("topics.list.unknown", game=definition.game_type, topic=topic,
                     topic_keys=[topic_key(definition.game_type, lesson.topic, "name") for lesson in definition.lessons])


async def topic_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The chosen game's topics in the caller's language."""
    registry = bot_of(interaction).registry
    game = getattr(interaction.namespace, "game", None)
    if not isinstance(game, str) or game not in registry:
        return []
    definition = registry.get(game)
    locale = await user_locale(interaction)
    wanted = folded(current)
    out = []
    for lesson in definition.lessons:
        name = t(topic_key(game, lesson.topic, "name"), locale)
        if wanted in lesson.topic or wanted in folded(name):
            out.append(app_commands.Choice(name=name, value=lesson.topic))
    return out[:25]


def topic_text(definition: GameDefinition, lesson: Lesson, locale: str) -> str:
    """The topic's text with the numbers it quotes read from the game's data now."""
    return t(topic_key(definition.game_type, lesson.topic, "text"), locale, **definition.rules_params())


def draw_topic(definition: GameDefinition, lesson: Lesson, locale: str) -> bytes:
    title = t(topic_key(definition.game_type, lesson.topic, "name"), locale)  # the game is named above the picture
    return lesson_png(definition.engine, definition.renderer, lesson.build(), locale, title)


async def topic_picture(definition: GameDefinition, lesson: Lesson, locale: str) -> bytes:
    key = (definition.game_type, lesson.topic, locale)
    if key not in _pictures:
        _pictures[key] = await render(draw_topic, definition, lesson, locale)
    return _pictures[key]


def is_drawn(definition: GameDefinition, topic: str, locale: str) -> bool:
    return (definition.game_type, topic, locale) in _pictures


async def send_topic(interaction: discord.Interaction, definition: GameDefinition, topic: str) -> None:
    """The topic's picture and text, privately. Refused (nothing sent but the
    reason) when the game has no such topic."""
    lesson = find_lesson(definition, topic)
    locale = await user_locale(interaction)
    if not is_drawn(definition, lesson.topic, locale):
        await interaction.response.defer(ephemeral=True, thinking=True)  # the first drawing may take a moment
    data = await topic_picture(definition, lesson, locale)
    name = f"rules-{definition.game_type}-{lesson.topic}.png"
    embed = discord.Embed(title=t(topic_key(definition.game_type, lesson.topic, "name"), locale),
                          description=topic_text(definition, lesson, locale),
                          colour=discord.Colour.teal())
    embed.set_author(name=game_name(definition.game_type, locale))
    embed.set_image(url=f"attachment://{name}")
    file = png_file(data, name, description=embed.title)
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, file=file, ephemeral=True)


def cached_picture(game_type: str, topic: str, locale: str) -> bytes:
    """A picture already sent (tests; KeyError if none)."""
    return _pictures[(game_type, topic, locale)]


def forget_pictures() -> None:
    _pictures.clear()
