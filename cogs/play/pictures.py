"""Every board or hand picture the bot sends, in one place: a PNG with its
alt text (Discord's attachment ``description``: the state in words, in the
viewer's language), or, for a player who chose ``/settings view mode:Text``,
no picture and the state in words for the message instead.

Public messages (a board in the channel: ``user_id`` None) always carry
the picture, described; a text-mode player's own messages (hands, DMs,
private boards) carry the words. Nothing here reveals more than the view
it is given: the board's words come from the public view, a hand's from
that player's private view."""
from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from pydantic import BaseModel

from cogs.common import draw, png_file
from cogs.host import Host
from engines.base import ALT_LIMIT, TEXT_LIMIT, Renderer
from render.words import clip

log = logging.getLogger(__name__)

Kind = Literal["board", "hand"]


def alt_text(renderer: Renderer, kind: Kind, view: BaseModel, locale: str) -> str:
    """The picture's description (at most ``ALT_LIMIT`` characters). A game
    whose words fail still gets its picture: the error is logged by type
    only (its message could name a hidden tile), the description left out."""
    try:
        text = renderer.board_alt(view, locale) if kind == "board" else renderer.hand_alt(view, locale)
    except Exception as error:  # noqa: BLE001 - the picture matters more than its words
        log.error("%s: no %s alt text (%s)", type(renderer).__name__, kind, type(error).__name__)
        return ""
    return clip(text, ALT_LIMIT)


def state_in_words(renderer: Renderer, kind: Kind, view: BaseModel, locale: str) -> str:
    """What a text-mode player reads instead of the picture, Markdown-escaped
    (players' names may hold ``*`` or ``_``), at most ``TEXT_LIMIT``."""
    text = renderer.board_text(view, locale) if kind == "board" else renderer.hand_text_full(view, locale)
    return clip(discord.utils.escape_markdown(text), TEXT_LIMIT)


async def wants_text(bot: Host, user_id: int | None) -> bool:
    """Whether ``user_id`` chose text instead of pictures (never for a public message)."""
    return user_id is not None and await bot.tables.queries.view_mode(user_id) == "text"


def described_file(data: bytes, renderer: Renderer, kind: Kind, view: BaseModel, locale: str,
                   name: str | None = None) -> discord.File:
    """A PNG drawn elsewhere (a builder preview) as a file with its alt text."""
    return png_file(data, name or f"{kind}.png", description=alt_text(renderer, kind, view, locale) or None)


async def picture(bot: Host, user_id: int | None, renderer: Renderer, kind: Kind, view: BaseModel, locale: str,
                  key: Any = None, name: str | None = None) -> tuple[discord.File | None, str]:
    """(the picture with its alt text, "") for a public message (``user_id``
    None) or an image-mode player; (None, the state in words) for a
    text-mode player, whose picture is then not drawn at all. ``key``: the
    drawing pool's latest-wins key (``cogs.common.draw``); ``name``: the
    file name, ``board.png`` / ``hand.png`` by default."""
    if await wants_text(bot, user_id):
        return None, state_in_words(renderer, kind, view, locale)
    data = await draw(bot, renderer, kind, view, locale, key=key)
    return described_file(data, renderer, kind, view, locale, name), ""
