"""The drawing processes' entry points: pure functions of (renderer path,
view, locale) → PNG bytes, so a process pool can run them (views are
pydantic models and pickle). Each worker imports and builds a renderer once,
by its import path ``module:Class``, and keeps it."""
from __future__ import annotations

import os
from typing import Any

from engines.base import Renderer
from engines.paths import build, class_path

_RENDERERS: dict[str, Renderer] = {}


class RendererUnavailable(Exception):
    """The renderer cannot be built from its path in a worker (defined in a
    function, or needs arguments): the caller draws it in its own process."""


def renderer_path(renderer: Renderer) -> str:
    return class_path(renderer)


def resolve(path: str) -> Renderer:
    found = _RENDERERS.get(path)
    if found is None:
        try:
            found = build(path)
        except Exception as error:  # noqa: BLE001 - any failure means "not from here"
            raise RendererUnavailable(f"{path}: {type(error).__name__}: {error}") from None
        _RENDERERS[path] = found
    return found


def draw(path: str, kind: str, view: Any, locale: str) -> bytes:
    """``kind`` is ``board`` or ``hand``: the renderer's ``board_png`` / ``hand_png``."""
    if kind not in ("board", "hand"):
        raise ValueError(f"unknown drawing kind {kind!r}")
    return getattr(resolve(path), f"{kind}_png")(view, locale)


def call(fn: Any, *args: Any) -> Any:
    """Any other pure, CPU-heavy function of picklable arguments (e.g. a turn
    hint that lists the legal actions: a search for SETUP)."""
    return fn(*args)


def warm(paths: list[str]) -> int:
    """Build the renderers ahead of the first draw (fonts, sprite caches)."""
    for path in paths:
        try:
            resolve(path)
        except RendererUnavailable:
            pass
    return len(_RENDERERS)


def lower_priority(increment: int) -> None:
    """Worker start-up: yield the CPU to the bot's own process, whose event
    loop answers players (a board may wait; an answer should not)."""
    try:
        os.nice(increment)
    except OSError:
        pass
