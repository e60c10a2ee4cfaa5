"""How long one search may run."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` or ``seconds`` (whichever comes first; at
    least one must be set). ``clock`` is injectable for tests."""

    iterations: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] = time.perf_counter

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
