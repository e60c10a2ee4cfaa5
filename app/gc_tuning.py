"""The cyclic garbage collector in every process that runs the table service
(the bot, ``tabletop web``, local play, and the benchmarks, which call this
the same way), set once start-up has loaded everything (modules, card data,
fonts, translations, the restored games).

- ``gc.freeze()``: what start-up loaded moves out of the collector's reach,
  so no full collection walks it again. With 10,000 live games one such pass
  paused the loop for 1.7 s in whatever action set it off. Frozen objects are
  still freed when unreferenced (a finished game's state).
- A young-generation threshold of 10,000 instead of Python's 700. Each action
  replaces its game's state: new objects are allocated while old ones are
  freed, and Python 3.11 counts a freed object against the young count, so
  young collections came rarely but each walked thousands of new objects
  that were alive anyway. They and the older collections they trigger took
  about an eighth of the service's CPU under load (docs/performance.md,
  "Third round"). Cyclic garbage still counts towards the threshold, so it
  is still collected, only in fewer, larger passes.

``GC_TUNING=false`` leaves the collector as Python ships it.
"""
from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000

_frozen = False


def tune_collector(enabled: bool = True) -> None:
    """Freeze what start-up loaded (once per process) and raise the young
    generation's threshold; nothing with ``enabled`` false."""
    global _frozen
    if not enabled:
        return
    if not _frozen:
        _frozen = True
        gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
