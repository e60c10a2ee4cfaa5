"""The profile card's rating chart: one line per game over the rated games
played (1, 2, 3, … on the x axis), the rating (ordinal) on the y axis, with
round tick values and labelled axes. A game's line has its colour and its
marker shape, chosen by the game's slot, so two lines differ without colour.
A line is cut where a new season begins (its uncertainty reset drops the
rating): the markers stay, the segment between the seasons is not drawn."""
from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from render.common import draw_text, text_width

CHART_HEIGHT = 160
NO_CHART_HEIGHT = 60  # the panel that says there is nothing to chart yet
TICK = 15  # px: tick labels and axis names (11 px on a phone showing the 480 px card 360 px wide)
SLOT_COLOURS = ((64, 190, 255), (255, 152, 36), (240, 84, 170), (140, 210, 40), (180, 140, 255))
MARKER_EDGE = (20, 20, 24)
SHAPES = ("circle", "square", "triangle", "diamond", "bar")
MARKERS_UP_TO = 40  # more points than this: a marker on the last point only
Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Series:
    slot: int
    points: tuple[float, ...]
    breaks: tuple[int, ...] = ()  # indexes of points that begin a new season: the line is cut before them


def slot_colour(slot: int) -> tuple[int, int, int]:
    return SLOT_COLOURS[slot % len(SLOT_COLOURS)]


def draw_marker(draw: ImageDraw.ImageDraw, slot: int, at: tuple[float, float], radius: float) -> None:
    """The slot's shape in its colour, edged dark so it stands on a line."""
    x, y = at
    r = radius
    colour, edge = slot_colour(slot), MARKER_EDGE
    shape = SHAPES[slot % len(SHAPES)]
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=edge, width=2)
    elif shape == "square":
        r *= 0.9
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=edge, width=2)
    elif shape == "triangle":
        r *= 1.15
        draw.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=colour, outline=edge, width=2)
    elif shape == "diamond":
        r *= 1.2
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour, outline=edge, width=2)
    else:
        draw.rectangle((x - r * 1.2, y - r * 0.5, x + r * 1.2, y + r * 0.5), fill=colour, outline=edge, width=2)


def nice_step(span: float, count: int) -> float:
    """A round step (1, 2 or 5 × 10^k) giving about ``count`` intervals over ``span``."""
    raw = max(span, 1e-9) / count
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def y_ticks(values: list[float]) -> list[float]:
    """Round values from at or below the lowest point to at or above the highest."""
    lo, hi = min(values), max(values)
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1
    step = nice_step(hi - lo, 4)
    start, stop = math.floor(lo / step), math.ceil(hi / step)
    return [round(k * step, 6) for k in range(start, stop + 1)]


def x_ticks(count: int) -> list[int]:
    """Game numbers to label: 1 and round numbers up to ``count``."""
    if count <= 1:
        return [1]
    step = max(1, int(nice_step(count - 1, 5)))
    ticks = [1] + [n for n in range(step, count + 1, step) if n > 1]
    return ticks if count - ticks[-1] < step / 2 or count in ticks else ticks + [count]


def _label(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:g}"


def draw_chart(draw: ImageDraw.ImageDraw, box: Box, series: list[Series], *, axis_y: str, axis_x: str,
               nothing: str, muted: RGB, rule: RGB, panel: RGB) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=panel)
    if not series:
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), nothing, 18, fill=muted, anchor="mm",
                  max_width=x1 - x0 - 24)
        return
    values = [v for s in series for v in s.points]
    ticks = y_ticks(values)
    labels = [_label(v) for v in ticks]
    left = x0 + 10 + max(text_width(label, TICK) for label in labels) + 8
    top, bottom = y0 + 8 + TICK + 8, y1 - 8 - 2 * TICK - 10
    right = x1 - 14
    draw_text(draw, (x0 + 10, y0 + 6), axis_y, TICK, fill=muted, max_width=x1 - x0 - 20)
    lo, hi = ticks[0], ticks[-1]

    def y_of(value: float) -> float:
        return bottom - (value - lo) / (hi - lo) * (bottom - top)

    for value, label in zip(ticks, labels):
        y = y_of(value)
        draw.line((left, y, right, y), fill=rule, width=1)
        draw_text(draw, (left - 10, y), label, TICK, fill=muted, anchor="rm")
    count = max(len(s.points) for s in series)

    def x_of(n: int) -> float:  # n: 1-based game number
        return (left + right) / 2 if count == 1 else left + (n - 1) / (count - 1) * (right - left)

    for n in x_ticks(count):
        x = x_of(n)
        draw.line((x, bottom, x, bottom + 5), fill=muted, width=2)
        draw_text(draw, (x, bottom + 6), str(n), TICK, fill=muted, anchor="ma")
    draw.line((left, top, left, bottom), fill=muted, width=2)
    draw.line((left, bottom, right, bottom), fill=muted, width=2)
    draw_text(draw, ((left + right) / 2, bottom + 8 + TICK), axis_x, TICK, fill=muted, anchor="ma",
              max_width=right - left)
    for s in series:
        xy = [(x_of(n + 1), y_of(v)) for n, v in enumerate(s.points)]
        cuts = [0, *sorted(b for b in set(s.breaks) if 0 < b < len(xy)), len(xy)]
        for start, stop in zip(cuts, cuts[1:]):
            if stop - start > 1:
                draw.line(xy[start:stop], fill=slot_colour(s.slot), width=3, joint="curve")
        marked = xy if len(xy) <= MARKERS_UP_TO else xy[-1:]
        for at in marked:
            draw_marker(draw, s.slot, at, 4 if len(xy) > 12 else 6)
