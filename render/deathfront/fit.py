"""Text measured before it is drawn: the largest size at which it fits, on
one line or on two, so nothing is cut on the board."""
from __future__ import annotations

from render.common import fit_text, text_width, wrap_text

MIN_TEXT = 14  # 9.7 px when the widest board (5 columns, 576 px) is shown 400 px wide


def fit_size(text: str, size: int, max_width: float, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits one line."""
    for s in range(size, min_size - 1, -1):
        if text_width(text, s, bold) <= max_width:
            return s
    return min_size


def _cost(a: str, b: str) -> int | None:
    """How bad a line break between ``a`` and ``b`` is (None: never there)."""
    if a == " " or b == " ":
        return 0 if b == " " else None
    if _cjk(a) != _cjk(b):
        return 1
    if _cjk(a):
        return 2
    return 3 if a.isalpha() and b.isalpha() else None


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def _halves(text: str) -> list[tuple[str, str]]:
    """Ways to put ``text`` on two lines, best first: at a space, between a
    Latin and a CJK run, between CJK characters, then inside a Latin word
    (with a hyphen); never inside a number; the most even split first."""
    ranked = []
    for k in range(1, len(text)):
        cost = _cost(text[k - 1], text[k])
        if cost is None:
            continue
        first, second = text[:k].rstrip(), text[k:].lstrip()
        ranked.append((cost, abs(len(first) - len(second)), first + ("-" if cost == 3 else ""), second))
    return [(first, second) for _, _, first, second in sorted(ranked)]


def fit_lines(text: str, size: int, max_width: float, bold: bool = False, two_lines: int | None = None,
              min_size: int = MIN_TEXT, one_line_min: int | None = None) -> tuple[int, list[str]]:
    """``text`` on one line if it fits at any size down to ``min_size``,
    else on two lines at the largest size (from ``two_lines``) where both fit;
    only when nothing fits is it cut (with "…"). ``one_line_min``: below
    this size two lines read better than one."""
    for s in range(size, (one_line_min or min_size) - 1, -1):
        if text_width(text, s, bold) <= max_width:
            return s, [text]
    halves = _halves(text)
    for s in range(two_lines or size, min_size - 1, -1):
        for first, second in halves:
            if text_width(first, s, bold) <= max_width and text_width(second, s, bold) <= max_width:
                return s, [first, second]
    lines = wrap_text(text, min_size, max_width, bold=bold, max_lines=2)
    return min_size, [fit_text(line, min_size, max_width, bold) for line in lines]
