"""A player's private panel as a message: the text, the picture (the hand,
or the builder's preview) and the controls (composed by
``cogs.play.builder.items.compose``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.common import png_file, user_text
from tables.errors import Refusal, refusal_text

MESSAGE_LIMIT = 2000


@dataclass
class PanelMessage:
    content: str
    image: bytes | None = None
    image_name: str = "hand.png"
    view: discord.ui.View | None = None
    description: str = ""  # the picture's alt text
    path: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def files(self) -> list[discord.File]:
        if self.image is None:
            return []
        return [png_file(self.image, self.image_name, description=self.description or None)]

    def edit_kwargs(self) -> dict[str, Any]:
        """What ``edit_original_response`` takes to show this panel."""
        return {"content": self.content[:MESSAGE_LIMIT], "attachments": self.files(), "view": self.view}


def closed(content: str) -> PanelMessage:
    """A panel with nothing left to do: its words only, no controls."""
    return PanelMessage(content[:MESSAGE_LIMIT])


def refusal(error: Refusal, locale: str) -> str:
    """A refusal in the panel, worded as a reply's (``cogs.common.reply_error``)."""
    return "⚠️ " + refusal_text(error, locale, quote=user_text)
