"""An engine for the AI pool's tests. It lives in a module of its own so that
a worker process can build it by its import path."""
from __future__ import annotations

import os
import random
import time

from pydantic import BaseModel


class TallyState(BaseModel):
    number: int
    crash_marker: str = ""  # a file: the worker that finds it removes it and dies
    seconds: float = 0.0  # how long the move takes


class Pick(BaseModel):
    number: int
    pid: int


class TallyEngine:
    """Only what ``engines.ai.choose_action`` asks of a game without search
    knowledge: a ``game_type`` and ``ai_action`` (played at every level). A
    state naming an existing crash marker kills its worker process once."""

    game_type = "tally"

    def ai_action(self, state: TallyState, seat: int, rng: random.Random) -> Pick:
        if state.crash_marker and os.path.exists(state.crash_marker):
            os.remove(state.crash_marker)
            os._exit(3)
        time.sleep(state.seconds)
        return Pick(number=state.number * 1000 + seat * 100 + rng.randrange(100), pid=os.getpid())
