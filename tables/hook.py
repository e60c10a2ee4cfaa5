"""A call into a part built after the part that makes it: for the table
service's true cycles, where neither part can be built first (a stale write in
``TableStore`` reloads through ``Refresher``, which writes through the store; a
turn that ran out in ``Timers`` is played by ``Changes``, which arms the
timers). Named and typed like the call it stands for, connected once right
after its target is built; calling it before that is a wiring bug and raises."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    def __init__(self, name: str) -> None:
        self.name = name
        self.target: Callable[P, R] | None = None

    def connect(self, target: Callable[P, R]) -> None:
        if self.target is not None:
            raise RuntimeError(f"hook {self.name} is already connected")
        self.target = target

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self.target is None:
            raise RuntimeError(f"hook {self.name} called before it was connected")
        return self.target(*args, **kwargs)
