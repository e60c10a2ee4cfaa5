"""What the table service reads from outside it at each use: the notifier, the
clock and the seed source of new games. One object, replaceable at any time
through the service's ``notifier``, ``clock`` and ``new_seed`` (the bot adds the
web front to the notifier after building the service; tests point the clock at
SimCord's virtual time and fix seeds): the parts hold its bound methods, which
read the current value at each call."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tables.notifier import Notifier


def random_seed() -> int:
    return random.SystemRandom().randrange(2**31)


@dataclass
class Surroundings:
    notifier: Notifier
    clock: Callable[[], float]
    new_seed: Callable[[], int] = field(default=random_seed)

    def now(self) -> float:
        return self.clock()

    def current_notifier(self) -> Notifier:
        return self.notifier

    def seed(self) -> int:
        return self.new_seed()
