"""What the text drawer tells a watcher (tests only; nothing is measured
while none listens): the size of every text drawn (``record_text``, the
phone-legibility checks) and where it was drawn (``watch_layout``, the
layout checker of ``tests/support/text_layout.py``)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

from PIL import Image

# ---- recording the sizes drawn (the phone-legibility tests) -----------------------------
_recorders: list[list[tuple[float, str]]] = []


@contextmanager
def record_text() -> Iterator[list[tuple[float, str]]]:
    """Collect (pixel size, text) of every text drawn inside the block."""
    log: list[tuple[float, str]] = []
    _recorders.append(log)
    try:
        yield log
    finally:
        _recorders.remove(log)


def note_text(size: float, text: str) -> None:
    """Record a text drawn earlier and reused from a cache (e.g. a sprite's
    letter), at the size it appears in the final image."""
    for log in _recorders:
        log.append((size, text))


# ---- recording where texts are drawn (the layout test) ----------------------------------
@dataclass(frozen=True)
class DrawnText:
    """One ``draw_text`` call as drawn, for a layout checker: ``box`` is the
    ink (x0, y0, x1, y1) on the image drawn on, ``span`` the x range of its
    advance (what ``max_width`` limits); ``allowed`` the x range that
    ``max_width`` gave it (None: none given); ``wanted`` the text asked for
    (``text`` differs when it was cut)."""
    text: str
    wanted: str
    size: float
    box: tuple[float, float, float, float]
    span: tuple[float, float]
    allowed: tuple[float, float] | None
    mark: bool = False  # not a text: a mark drawn over a finished picture (``note_mark``)


LayoutHook = Callable[[Image.Image | None, DrawnText], None]
HOOKS: list[LayoutHook] = []  # the watchers listening now (``draw_text`` reports to them)


@contextmanager
def watch_layout(hook: LayoutHook) -> Iterator[None]:
    """Call ``hook(image drawn on, DrawnText)`` for every text drawn inside
    the block. Outside one, ``draw_text`` measures nothing more."""
    HOOKS.append(hook)
    try:
        yield
    finally:
        HOOKS.remove(hook)


def note_mark(image: Image.Image, box: tuple[float, float, float, float], name: str) -> None:
    """Tell a layout watcher about a mark drawn over a finished picture (a
    preview's ring or dot), which no text under it may be hidden by."""
    if HOOKS:
        drawn = DrawnText(name, name, 0, box, (box[0], box[2]), None, mark=True)
        for hook in list(HOOKS):
            hook(image, drawn)
