"""Helpers to pool what a seat cannot see and deal it back.

An information state deals the pool in a canonical order (sorted), so it
depends only on what the seat knows; a sampled world deals it shuffled.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from pydantic import BaseModel

from engines.base import Rng

StateT = TypeVar("StateT", bound=BaseModel)


def redeal(zones: Sequence[list[str]], rng: random.Random | None) -> None:
    """Pool the contents of ``zones`` and deal them back, each zone keeping
    its size: sorted when ``rng`` is None, else in a random order."""
    pool = [item for zone in zones for item in zone]
    if rng is None:
        pool.sort()
    else:
        rng.shuffle(pool)
    start = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[start:start + size]
        start += size


def redealt(state: StateT, unseen_zones: Callable[[StateT, int], Sequence[list[str]]], seat: int,
            rng: random.Random | None) -> StateT:
    """A copy of ``state`` with what ``seat`` cannot see redealt and a fresh
    generator: sorted with no ``rng`` (the information state), shuffled with
    one (a sampled world)."""
    work = type(state).model_validate(state.model_dump())
    redeal(unseen_zones(work, seat), rng)
    seeded: Any = work  # every state with hidden pieces keeps an Rng
    seeded.rng = Rng(seed=0 if rng is None else rng.getrandbits(63))
    return work
