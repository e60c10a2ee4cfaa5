"""Renderers for the drawing pool's tests. They live in a module of their
own so that a worker process can import them by path."""
from __future__ import annotations

import os
import threading

from pydantic import BaseModel

from engines.base import Renderer


class NumberView(BaseModel):
    number: int
    crash_marker: str = ""  # a file: the worker that finds it removes it and dies


class NumberRenderer(Renderer):
    """Draws ``view.number`` as bytes. A view naming an existing crash marker
    kills its worker process once (the marker is removed first)."""

    def board_png(self, view: NumberView, locale: str = "en") -> bytes:
        if view.crash_marker and os.path.exists(view.crash_marker):
            os.remove(view.crash_marker)
            os._exit(3)
        return f"board {view.number} {locale} pid {os.getpid()}".encode()

    def hand_png(self, view: NumberView, locale: str = "en") -> bytes:
        return f"hand {view.number} {locale}".encode()

    def hand_text(self, view: NumberView, locale: str = "en") -> str:
        return ""

    def board_alt(self, view: NumberView, locale: str = "en") -> str:
        return f"board {view.number}"

    def hand_alt(self, view: NumberView, locale: str = "en") -> str:
        return f"hand {view.number}"


class GatedRenderer(NumberRenderer):
    """In a thread: the first board waits for ``gate``; records what it drew."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.drawn: list[int] = []

    def board_png(self, view: NumberView, locale: str = "en") -> bytes:
        if not self.drawn:
            self.started.set()
            self.gate.wait(timeout=60)
        self.drawn.append(view.number)
        return f"board {view.number}".encode()
