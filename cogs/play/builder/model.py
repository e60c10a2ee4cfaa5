"""The step model every game's builder fills in: one screen per set of
choices made so far (the "path"): text lines, at most one select menu listing
only legal choices, buttons, the action that Confirm commits, and a preview."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from pydantic import BaseModel

MAX_OPTIONS = 25  # Discord's limit for a select menu


@dataclass
class Option:
    value: str  # one or more path segments (joined by ids.SEP)
    label: str
    description: str | None = None


@dataclass
class Menu:
    placeholder: str
    options: list[Option]
    base: tuple[str, ...]  # the path a choice is added to
    max_values: int = 1  # > 1: a multi-select, its values become one segment
    chosen: tuple[str, ...] = ()  # values shown as selected


@dataclass
class Button:
    """A button that commits at once (``op`` QUICK) or goes somewhere (SELECT with ``path``)."""

    label: str
    op: str
    path: tuple[str, ...] = ()
    style: str = "secondary"  # primary, secondary, success, danger
    disabled: bool = False


@dataclass
class Screen:
    lines: list[str]
    menu: Menu | None = None
    buttons: list[Button] = field(default_factory=list)
    action: BaseModel | None = None  # what Confirm commits (None: not complete yet)
    # Draws the preview image (runs off the event loop); None: show the hand.
    preview: Callable[[], bytes] | None = None
    back: bool = True  # offer Back/Cancel when the path is not empty


class GameBuilder(Protocol):
    """One game's instance of the builder (cogs/play/builder/<game>.py)."""

    game_type: str

    def screen(self, table: Any, seat: int, path: tuple[str, ...], locale: str) -> Screen:
        """The controls for ``path``. Raises IllegalAction for a path that is
        no longer legal (the caller goes back to the start)."""
        ...

    def quick(self, table: Any, seat: int, name: str) -> BaseModel:
        """The action of a one-click button."""
        ...
