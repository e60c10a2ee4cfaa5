"""Text measured before it is drawn: the largest size at which it fits, on
one line or on two (broken at a space, between CJK characters, or inside a
long word at a syllable, with a hyphen), so nothing is cut: Death Front's
tiles and cards, a preview's label."""
from __future__ import annotations

from render.common import fit_text, text_width, wrap_text

MIN_TEXT = 14  # the smallest text of a Death Front board of 4 columns, 448 px wide (11 px on a phone)


def fit_size(text: str, size: int, max_width: float, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits one line."""
    for s in range(size, min_size - 1, -1):
        if text_width(text, s, bold) <= max_width:
            return s
    return min_size


VOWELS = frozenset("aeiouyäöüéèáàóòúùíìAEIOUYÄÖÜÉ")
# Consonants that may begin a syllable together (English and German).
ONSETS = frozenset(["ch", "sch", "schw", "schl", "schm", "schn", "schr", "st", "sp", "str", "spr", "th", "ph", "sh",
                    "qu", "bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "pl", "pr", "tr", "sk",
                    "sl", "sm", "sn", "sw", "wr", "pf", "zw"])


def _onset(cluster: str) -> bool:
    return len(cluster) == 1 or cluster.lower() in ONSETS


def _syllable(text: str, k: int) -> int:
    """How many consonants stand between the vowels around a break before
    ``text[k]`` inside a word, when it is at a syllable (the consonants after
    it the longest run that may begin one: "Panzer|grenadiers",
    "Fallschirm|jäger"); 0 when it is not."""
    start = k
    while start > 0 and text[start - 1].isalpha() and text[start - 1] not in VOWELS:
        start -= 1
    end = k
    while end < len(text) and text[end].isalpha() and text[end] not in VOWELS:
        end += 1
    if start == end or start == 0 or text[start - 1] not in VOWELS:
        return 0
    if end >= len(text) or text[end] not in VOWELS:
        return 0
    longest = next(j for j in range(start, end + 1) if j == end or _onset(text[j:end]))
    return end - start if longest == k else 0


def _cost(text: str, k: int) -> int | None:
    """How bad a line break before ``text[k]`` is (None: never there): at a
    space, between a Latin and a CJK run, between CJK characters, inside a
    word at a syllable between consonants (where compound words mostly
    join), at another syllable, inside a word anywhere else; never inside
    a number."""
    a, b = text[k - 1], text[k]
    if a == " " or b == " ":
        return 0 if b == " " else None
    if _cjk(a) != _cjk(b):
        return 1
    if _cjk(a):
        return 2
    if not (a.isalpha() and b.isalpha()):
        return None
    consonants = _syllable(text, k)
    return 3 if consonants >= 2 else (4 if consonants else 5)


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def _halves(text: str) -> list[tuple[int, str, str]]:
    """Ways to put ``text`` on two lines as (cost, first, second), best
    first (``_cost``; a hyphen where a word is split), the most even split
    first at the same cost."""
    ranked = []
    for k in range(1, len(text)):
        cost = _cost(text, k)
        if cost is None:
            continue
        first, second = text[:k].rstrip(), text[k:].lstrip()
        ranked.append((cost, abs(len(first) - len(second)), first + ("-" if cost >= 3 else ""), second))
    return [(cost, first, second) for cost, _, first, second in sorted(ranked)]


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
    for tier in sorted({cost for cost, _, _ in halves}):  # a better break at a smaller size first
        for s in range(two_lines or size, min_size - 1, -1):
            for cost, first, second in halves:
                if cost == tier and text_width(first, s, bold) <= max_width \
                        and text_width(second, s, bold) <= max_width:
                    return s, [first, second]
    lines = wrap_text(text, min_size, max_width, bold=bold, max_lines=2)
    return min_size, [fit_text(line, min_size, max_width, bold) for line in lines]
