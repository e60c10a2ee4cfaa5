"""How long one search may run."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` or ``seconds`` (whichever comes first; at
    least one must be set), but not before ``floor`` iterations: on a loaded
    machine the clock runs out after fewer iterations, and a search cut far
    below its usual work plays far worse, so a move then takes longer instead
    (on a quiet machine the floor is reached well inside ``seconds``).

    ``seconds`` are the searching thread's CPU seconds (``time.thread_time``):
    on a quiet machine the same as real time, while on a loaded one the
    search still gets the work of a quiet machine's move, in more real time,
    instead of the few iterations the other programs leave it (at load 8 on
    the 2-core machine a SETUP move did 48 play-outs, its floor, instead of
    about 70). ``clock`` is injectable for tests."""

    iterations: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] = time.thread_time
    floor: int = 0

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.floor > self.iterations:
            raise ValueError("a budget's floor cannot exceed its iterations")
