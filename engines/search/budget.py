"""How long one search may run."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

# Past the floor, a move also ends after this much real time, so a loaded
# machine does not make a player wait seconds for the AI: about three times
# the CPU budget (a load of about 6 on the 2-core machine still gets all of it).
WALL_CAP_SECONDS = {"normal": 0.18, "hard": 0.55}


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
    about 70). ``clock`` is injectable for tests.

    ``wall_seconds`` caps the real time once the floor is done: on a very
    loaded machine the CPU seconds come slowly, and a player should not wait
    several seconds for the AI's move (``wall_clock``, injectable too). A
    budget without ``seconds`` (iterations only, reproducible whatever the
    load: hints, tests) has no real-time cap either."""

    iterations: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] = time.thread_time
    floor: int = 0
    wall_seconds: float | None = None
    wall_clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.floor > self.iterations:
            raise ValueError("a budget's floor cannot exceed its iterations")
