"""The step model every game's builder fills in: one screen per set of
choices made so far (the "path"): text lines, at most one choice listing
only legal options (drawn as buttons where they fit, else as a select menu:
cogs/play/builder/controls.py), buttons, the action that Confirm commits,
and a preview."""
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
    # Drawn as a button: its words (default: the label), its row group (the
    # options of one group share rows, e.g. one row of the board) and style
    # ("primary" marks what the text recommends, e.g. a play that is legal now).
    short: str | None = None
    group: int = 0
    style: str = "secondary"


@dataclass
class Menu:
    """One choice of a step. Drawn as buttons (one tap) where its options fit
    beside the screen's other buttons, else as a select menu (two taps); its
    placeholder then becomes the step's prompt line."""

    placeholder: str
    options: list[Option]
    base: tuple[str, ...]  # the path a choice is added to
    max_values: int = 1  # > 1: a multi-select, its values become one segment
    chosen: tuple[str, ...] = ()  # values shown as selected
    min_values: int = 0  # a multi-choice: as buttons, the last ones chosen cannot be taken out
    prompt: bool = True  # as buttons, the placeholder becomes a line (False: the screen's lines say it)


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
