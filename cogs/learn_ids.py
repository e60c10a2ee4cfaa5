"""/learn's restart-proof controls: the custom id carries the game, the step
the control was drawn for (a click on an older step's control only redraws),
the builder's operation, page and path (cogs/builder/ids.py). The progress
itself is in the database, so the controls need no memory in the bot."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import discord

from cogs.builder import ids
from cogs.builder.controls import control_classes

NEW = "new"  # Start over
OPS = "|".join((ids.BACK, ids.CANCEL, ids.PAGE, ids.CONFIRM, ids.QUICK, ids.GOTO, NEW))
BUTTON_TEMPLATE = rf"tt:l:(?P<game>[a-z]+):(?P<step>\d+):(?P<op>{OPS}):(?P<page>\d+):(?P<path>.*)"
SELECT_TEMPLATE = r"tt:l:(?P<game>[a-z]+):(?P<step>\d+):(?P<op>s):(?P<page>\d+):(?P<path>.*)"
Handler = Callable[[discord.Interaction, "LearnRef", list[str]], Awaitable[Any]]


@dataclass(frozen=True)
class LearnRef:
    game: str
    step: int
    op: str
    page: int = 0
    path: tuple[str, ...] = field(default=())

    def custom_id(self) -> str:
        text = f"tt:l:{self.game}:{self.step}:{self.op}:{self.page}:{ids.SEP.join(self.path)}"
        if len(text) > ids.MAX_CUSTOM_ID:
            raise ids.PathTooLong(text[:40])
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "LearnRef":
        path = tuple(p for p in match["path"].split(ids.SEP) if p) if match["path"] else ()
        return cls(match["game"], int(match["step"]), match["op"], int(match["page"]), path)


class _Clicks:
    """Where a click goes: set by cogs.learn when it loads (the ids module
    stays below it, so the screen can build controls without a cycle)."""

    handler: Handler | None = None


clicks = _Clicks()


async def _click(interaction: discord.Interaction, ref: LearnRef, values: list[str]) -> None:
    if clicks.handler is not None:
        await clicks.handler(interaction, ref, values)


LearnButton, LearnSelect = control_classes("Learn", BUTTON_TEMPLATE, SELECT_TEMPLATE, LearnRef.from_match, _click)
DYNAMIC_ITEMS = (LearnButton, LearnSelect)
