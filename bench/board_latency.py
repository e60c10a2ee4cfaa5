"""Act → board in the real pipeline, per game, and where the time goes.

For every action: from the moment ``service.act`` is called to the delivery
of the first board showing its version (or a newer one), split into

- *service*: ``act`` called → answered (lock, apply, commit, forced moves);
- *queue*: answered → the table's announcement that draws it starts (the
  announcer works one change group at a time per table, behind the last one);
- *before drawing*: that announcement's work on the loop before the board is
  sent to the drawing pool (server language, log lines, the turn hint —
  computed in the pool: *hint* — the public view);
- *drawing*: the pool's answer for the board (waiting for a free worker,
  then drawing it: the render section measures the drawing alone);
- *after*: the picture back → the board message sent (alt text, the view).

The announcement's timings are kept in a context variable: the notifier, the
drawing pool's wrapper and the offline channel all run in the announcement's
task, or in a task it started (which shares the announcement's object). So
does the version each board shows (``board_version``, ``drawn``).
"""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field

from bench.report import Row, time_row
from bench.timing import clock, median, percentile
from cogs.notifier import DiscordNotifier

PARTS = ("service", "queue", "before drawing", "hint", "drawing", "after")
TARGET_MS = 100.0


@dataclass
class Announcement:
    """One board announcement's timings. The notifier draws the board in a
    task of its own, which starts with a copy of the announcement's context:
    the object is shared, so it is changed in place, never replaced."""

    started: float
    hint: float = 0.0  # seconds in the pool's turn-hint computations
    draw_started: float | None = None
    draw_ended: float | None = None
    drawn: tuple[int, int] | None = None  # (game id, version) of the board being drawn


_CURRENT: contextvars.ContextVar[Announcement | None] = contextvars.ContextVar("announcement", default=None)


@dataclass
class Sample:
    game: str
    total: float
    parts: dict[str, float]


@dataclass
class BoardClock:
    """The acts not shown yet, per table, and the samples of the ones shown."""

    pending: dict[int, list[tuple[int, float, float]]] = field(default_factory=dict)  # (version, called, answered)
    games: dict[int, str] = field(default_factory=dict)  # table id → "cubed 11p"
    samples: list[Sample] = field(default_factory=list)

    def acted(self, table_id: int, game: str, version: int, called: float, answered: float) -> None:
        self.games[table_id] = game
        self.pending.setdefault(table_id, []).append((version, called, answered))

    def shown(self, table_id: int, version: int) -> None:
        """A board of ``version`` arrived: every act up to it is shown."""
        now = clock()
        pending = self.pending.get(table_id, [])
        announcement = _CURRENT.get()
        while pending and pending[0][0] <= version:
            _, called, answered = pending.pop(0)
            parts = {"service": answered - called}
            if announcement is not None and announcement.draw_started is not None \
                    and announcement.draw_ended is not None:
                began = max(announcement.started, answered)
                parts.update({
                    "queue": max(0.0, announcement.started - answered),
                    "before drawing": max(0.0, announcement.draw_started - began),
                    "hint": announcement.hint,
                    "drawing": announcement.draw_ended - announcement.draw_started,
                    "after": now - announcement.draw_ended,
                })
            self.samples.append(Sample(self.games.get(table_id, "?"), now - called, parts))


def announcement_started() -> None:
    _CURRENT.set(Announcement(clock()))


def hint_computed(seconds: float) -> None:
    announcement = _CURRENT.get()
    if announcement is not None:
        announcement.hint += seconds


def board_version(game_id: int, version: int) -> None:
    """The board being drawn shows ``version`` (its view was just taken)."""
    announcement = _CURRENT.get()
    if announcement is not None:
        announcement.drawn = (game_id, version)


def drawn() -> tuple[int, int] | None:
    """(game id, version) of the board the current announcement drew."""
    announcement = _CURRENT.get()
    return None if announcement is None else announcement.drawn


def board_drawing(started: float, ended: float) -> None:
    announcement = _CURRENT.get()
    if announcement is not None:
        announcement.draw_started, announcement.draw_ended = started, ended


class TimedNotifier(DiscordNotifier):
    """The real notifier; each board announcement opens its timings."""

    async def board_updated_batches(self, table, batches, finished, turn=None) -> None:  # type: ignore[override]
        announcement_started()
        await super().board_updated_batches(table, batches, finished, turn)


def rows(clock_: BoardClock, suffix: str, target: bool) -> list[Row]:
    """One row per game (median and p95 of act → board, the parts' medians
    and p95s in the note), then all games together."""
    by_game: dict[str, list[Sample]] = {}
    for sample in clock_.samples:
        by_game.setdefault(sample.game, []).append(sample)
    out = []
    for game, samples in sorted(by_game.items()) + [("all games", clock_.samples)]:
        if not samples:
            continue
        note = "; ".join(f"{part} {_ms(samples, part)}" for part in PARTS)
        out.append(time_row("pipeline", f"act → board, {game}{suffix}", [s.total for s in samples],
                            limit_ms=TARGET_MS if target else None,
                            note=f"median / p95 ms: {note}",
                            parts={part: _stats(samples, part) for part in PARTS}))
    return out


def _values(samples: list[Sample], part: str) -> list[float]:
    return [s.parts[part] * 1000 for s in samples if part in s.parts]


def _stats(samples: list[Sample], part: str) -> dict[str, float] | None:
    values = _values(samples, part)
    return {"median_ms": round(median(values), 2), "p95_ms": round(percentile(values, 95), 2)} if values else None


def _ms(samples: list[Sample], part: str) -> str:
    values = _values(samples, part)
    return f"{median(values):.1f} / {percentile(values, 95):.1f}" if values else "—"
