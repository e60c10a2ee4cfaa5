"""Discord glue shared by every cog: locales, replies, files, errors."""
from __future__ import annotations

import asyncio
import io
import logging
import re
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import discord
from pydantic import ValidationError

from cogs.host import Host
from i18n import normalize_locale, t
from tables.errors import Refusal, TableError, refusal_text

log = logging.getLogger(__name__)


async def channel_by_id(bot: Host, channel_id: int) -> Any:
    """A channel from the bot's cache, else fetched; None when it is gone (logged)."""
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %s is gone", channel_id)
            return None
    return channel


MESSAGE_LIMIT = 2000  # Discord refuses longer message content (HTTP 400)
ECHO_LIMIT = 80  # user text quoted back in a reply
# Control, zero-width and bidirectional-override characters: invisible in a
# reply, and able to reorder or hide the text around them.
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")


def user_text(text: str, limit: int = ECHO_LIMIT) -> str:
    """User-typed text made safe to quote in a reply: invisible characters
    dropped, on one line, at most ``limit`` characters, Markdown and mentions
    escaped."""
    clean = " ".join(_INVISIBLE.sub("", text).split())
    if len(clean) > limit:
        clean = clean[: limit - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clean))


def fit_message(content: str, limit: int = MESSAGE_LIMIT) -> str:
    """The last guard before Discord: a reply never exceeds its limit."""
    return content if len(content) <= limit else content[: limit - 1] + "…"


def bot_of(interaction: discord.Interaction) -> Host:
    return interaction.client  # type: ignore[return-value]


async def guild_locale(bot: Host, guild: discord.Guild | None) -> str:
    """The language of public messages in a server: its /settings language,
    else the server's own preferred locale, else English."""
    if guild is None:
        return "en"
    language, _ = await bot.tables.queries.guild_settings(guild.id)
    if language:
        return language
    return normalize_locale(guild.preferred_locale)


async def user_locale(interaction: discord.Interaction) -> str:
    """A Chinese Discord client wins; otherwise the server's language."""
    own = normalize_locale(interaction.locale)
    await bot_of(interaction).tables.queries.remember_locale(interaction.user.id, own)  # for DMs
    if own != "en":
        return own
    return await guild_locale(bot_of(interaction), interaction.guild)


async def reply(interaction: discord.Interaction, content: str, *, ephemeral: bool = True,
                **kwargs: Any) -> None:
    """Answer, or follow up when the interaction was already answered."""
    content = fit_message(content)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


async def reply_key(interaction: discord.Interaction, key: str, *, ephemeral: bool = True,
                    **params: Any) -> None:
    await reply(interaction, t(key, await user_locale(interaction), **params), ephemeral=ephemeral)


async def reply_error(interaction: discord.Interaction, error: Refusal) -> None:
    """A refused request: a private, localized reason (``tables.errors.refusal_text``,
    card names in the reader's language, what the user typed quoted short
    and escaped). Nothing changed."""
    locale = await user_locale(interaction)
    table = bot_of(interaction).tables.in_channel(interaction.channel_id) if interaction.channel_id else None
    localize = table.definition.localize_params if table is not None else None
    await reply(interaction, "⚠️ " + refusal_text(error, locale, localize, quote=user_text), ephemeral=True)


def png_file(data: bytes, name: str, description: str | None = None) -> discord.File:
    """``description``: the picture's alt text (``cogs.play.pictures``)."""
    return discord.File(io.BytesIO(data), filename=name, description=description)


async def render(fn, *args: Any) -> bytes:
    """Draw off the event loop (in a thread: previews and other one-off pictures)."""
    return await asyncio.to_thread(fn, *args)


async def draw(bot: Host, renderer: Any, kind: str, view: Any, locale: str, key: Any = None) -> bytes:
    """A board or hand (``kind``) drawn by the bot's drawing pool
    (tables/drawing.py), in another process; latest-wins per ``key``."""
    pool = getattr(bot, "drawing", None)
    if pool is None:
        return await render(getattr(renderer, f"{kind}_png"), view, locale)
    return await pool.draw(renderer, kind, view, locale, key=key)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.manage_channels or perms.administrator))


def manages_server(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator): seasons, cancelling anyone's tournament."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


@asynccontextmanager
async def refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn a refused request into a private, localized answer. Everything a
    command does runs inside this, so a refusal is an answer, not an error."""
    try:
        yield
    except Refusal as error:
        await reply_error(interaction, error)
    except ValidationError:  # an option the game's config model rejects
        await reply_error(interaction, TableError("core.err.bad_option"))
