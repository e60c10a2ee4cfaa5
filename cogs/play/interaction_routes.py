"""A channel's board sent through a player's click instead of the bot token.

Discord exempts interaction endpoints — the answer to a click and its
follow-up messages — from the bot token's global rate limit. A player who
clicks in a game's channel (a panel's button, Show hand, a command) gives the
bot an interaction token for that channel, valid 15 minutes; follow-ups are
webhook calls with it. This remembers the channel's freshest interaction
(``clicked``: the newest of its last few that can carry a message, for
``FRESH_SECONDS``) and offers the notifier's send, edit and delete of the
board a way through it:

- ``send``: the board as a follow-up of that interaction — a new, public
  message in the same channel with the same content, picture, buttons and
  mentions as the bot's own post;
- ``edit`` / ``delete``: a board message made by a follow-up, through the
  token that made it while that lives (a token edits and deletes only its own
  follow-ups).

Each returns None / False when it cannot (no fresh interaction, an
interaction still "thinking" — its first follow-up would fill that private
answer —, or Discord refused): the notifier then uses the bot token as
before. A refused interaction is forgotten. The channel's message windows
(``RestBudget.acquire_channel``) still pace these calls; the token's global
window does not. One board stays in the channel either way: the notifier
still deletes the previous one.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

log = logging.getLogger(__name__)
FRESH_SECONDS = 14 * 60.0  # Discord's tokens live 15 minutes: a minute's margin
# Answers after which a follow-up is a new message (not one still "thinking").
ANSWERED = {discord.InteractionResponseType.channel_message, discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.message_update}
PRUNE_AT = 4096
KEPT = 4  # a channel's last interactions: a typed command still "thinking" does not hide a click before it

Pace = Callable[[int, str], Awaitable[None]]


class InteractionRoutes:
    def __init__(self, clock: Callable[[], float], pace: Pace | None = None) -> None:
        self._clock = clock
        self._pace = pace  # a channel's message window, by kind (send / edit / delete)
        self._channels: dict[int, list[tuple[Any, float]]] = {}  # channel id → its last (interaction, when)
        self._messages: dict[int, tuple[Any, float]] = {}  # message id → (the interaction that sent it, when)
        self.sent = self.edited = self.deleted = self.refused = 0

    def clicked(self, interaction: Any) -> None:
        """A player's interaction in a channel: the freshest there from now on."""
        channel_id = getattr(interaction, "channel_id", None)
        if channel_id is None:
            return
        now = self._clock()
        if len(self._channels) >= PRUNE_AT:
            self._channels = {c: kept for c, kept in self._channels.items() if now - kept[-1][1] < FRESH_SECONDS}
        kept = self._channels.setdefault(channel_id, [])
        kept.append((interaction, now))
        del kept[:-KEPT]

    def _freshest(self, channel_id: int, now: float) -> tuple[Any, float] | None:
        """The newest of the channel's interactions that can carry a message now."""
        for entry in reversed(self._channels.get(channel_id, [])):
            if self._fresh(entry, now) is not None:
                return entry
        return None

    def _fresh(self, entry: tuple[Any, float] | None, now: float) -> Any:
        if entry is None or now - entry[1] >= FRESH_SECONDS:
            return None
        interaction = entry[0]
        return interaction if getattr(interaction.response, "type", None) in ANSWERED else None

    async def send(self, channel_id: int, content: str, **fields: Any) -> Any:
        """The message sent as a follow-up, or None (send it with the bot token)."""
        now = self._clock()
        entry = self._freshest(channel_id, now)
        if entry is None:
            return None
        interaction = entry[0]
        await self._paced(channel_id, "send")
        try:
            message = await interaction.followup.send(content, wait=True, **fields)
        except (discord.HTTPException, ValueError, TypeError) as error:  # (discord.py's own refusals too)
            self._refused(interaction, "send", error)
            return None
        self.sent += 1
        if len(self._messages) >= PRUNE_AT:
            self._messages = {m: e for m, e in self._messages.items() if now - e[1] < FRESH_SECONDS}
        self._messages[message.id] = (interaction, entry[1])
        return message

    async def edit(self, channel_id: int, message_id: int, **fields: Any) -> bool:
        """True when a follow-up made the message and its token edited it."""
        interaction = self._fresh(self._messages.get(message_id), self._clock())
        if interaction is None:
            return False
        await self._paced(channel_id, "edit")
        try:
            await interaction.followup.edit_message(message_id, **fields)
        except (discord.HTTPException, ValueError, TypeError) as error:
            self._refused(interaction, "edit", error)
            return False
        self.edited += 1
        return True

    async def delete(self, channel_id: int, message_id: int) -> bool:
        """True when a follow-up made the message and its token deleted it."""
        interaction = self._fresh(self._messages.pop(message_id, None), self._clock())
        if interaction is None:
            return False
        await self._paced(channel_id, "delete")
        try:
            await interaction.followup.delete_message(message_id)
        except discord.HTTPException as error:
            self._refused(interaction, "delete", error)
            return False
        self.deleted += 1
        return True

    async def _paced(self, channel_id: int, kind: str) -> None:
        if self._pace is not None:
            await self._pace(channel_id, kind)

    def _refused(self, interaction: Any, what: str, error: Exception) -> None:
        """Forget the interaction: the bot token sends from now on (until another click)."""
        self.refused += 1
        self._channels = {c: [e for e in kept if e[0] is not interaction] for c, kept in self._channels.items()}
        self._messages = {m: e for m, e in self._messages.items() if e[0] is not interaction}
        if isinstance(error, discord.HTTPException):
            log.info("a follow-up %s was refused (HTTP %s): the bot token sends it", what, error.status)
        else:  # not Discord's answer: worth a look
            log.warning("a follow-up %s failed (%s): the bot token sends it", what, type(error).__name__)
