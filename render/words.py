"""A game state in words within a length limit: the alt text of a picture
(``ALT_LIMIT``, Discord's 1,024 characters) and the longer text a text-only
player reads instead of it (``TEXT_LIMIT``).

A game describes its state as lines, each with a full form and shorter
ones (the first items and "+N more", then counts). ``fit_lines`` takes the
full forms when they fit and otherwise shortens lines from the last one up,
so the first lines (who is to act, the scores) keep their detail longest;
text is cut, at a word, only when even the shortest forms are too long.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from i18n import t

ELLIPSIS = "…"
BREAKS = (" ", "、", "，", "；", ",", ";", "·", "\n")
STEPS = 20  # a shortened list drops about 1/STEPS of its items at a time


@dataclass(frozen=True)
class Line:
    """One line in its forms, longest (the full detail) first."""

    forms: tuple[str, ...]

    @classmethod
    def of(cls, full: str, *shorter: str) -> "Line":
        return cls((full, *[s for s in shorter if s and s != full]))


def separator(locale: str) -> str:
    """Between the items of a list (``, `` or ``、``)."""
    return t("alt.common.sep", locale)


def group_separator(locale: str) -> str:
    """Between items that hold commas themselves (``; `` or ``；``)."""
    return t("alt.common.group_sep", locale)


def tagged(name: str, tag: str, locale: str) -> str:
    """A name with its tag in brackets: ``Alice (US)``, ``李雷（美）``."""
    return t("alt.common.tagged", locale, name=name, tag=tag)


def listing(label: str, items: Sequence[str], locale: str, summary: str = "", *, grouped: bool = False) -> Line:
    """``label`` then ``items``, with shorter forms: fewer and fewer of the
    first items and "+N more", then ``summary`` (e.g. a count) alone.
    ``grouped``: the items hold commas, so ``group_separator`` parts them."""
    sep = group_separator(locale) if grouped else separator(locale)

    def form(shown: Sequence[str]) -> str:
        text = sep.join(shown)
        hidden = len(items) - len(shown)
        if hidden:
            text += (sep if shown else "") + t("render.common.more", locale, n=hidden)
        return t("alt.common.label", locale, label=label, text=text)

    keeps = list(range(len(items), 0, -max(1, len(items) // STEPS)))
    while keeps and keeps[-1] > 1:
        keeps.append(keeps[-1] // 2)
    forms = [form(items[:keep]) for keep in keeps]
    forms.append(t("alt.common.label", locale, label=label, text=summary) if summary else form([]))
    return Line.of(*forms)


def clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut after a word (not inside
    one) with "…" when it is longer."""
    if len(text) <= limit:
        return text
    head = text[: limit - len(ELLIPSIS)]
    cut = max(head.rfind(mark) for mark in BREAKS)
    if cut >= limit // 2:
        head = head[:cut]
    return head.rstrip(" ,;、，；·") + ELLIPSIS


def fit_lines(lines: Sequence[Line | str], limit: int) -> str:
    """The lines, one a line, within ``limit`` characters: each line in the
    longest form that lets the whole fit, the last lines shortened first;
    then lines dropped from the end; then the text cut at a word."""
    forms = [line.forms if isinstance(line, Line) else (line,) for line in lines]
    forms = [f for f in forms if f and f[0]]
    chosen = [0] * len(forms)

    def text(count: int | None = None) -> str:
        return "\n".join(f[c] for f, c in list(zip(forms, chosen))[:count] if f[c])

    for index in reversed(range(len(forms))):
        while len(text()) > limit and chosen[index] < len(forms[index]) - 1:
            chosen[index] += 1
    count = len(forms)
    while count > 1 and len(text(count)) > limit:
        count -= 1
    whole = text(count)
    if count < len(forms):
        whole = clip(whole + "\n" + ELLIPSIS, limit) if len(whole) + 2 <= limit else clip(whole, limit)
    return clip(whole, limit)


def side_by_side(first: Line, second: Line) -> Line:
    """Two lines shortened together, step for step (the units of both sides
    of a board), so neither keeps its detail at the other's cost."""
    count = max(len(first.forms), len(second.forms))
    return Line(tuple(first.forms[min(i, len(first.forms) - 1)] + "\n" + second.forms[min(i, len(second.forms) - 1)]
                      for i in range(count)))
