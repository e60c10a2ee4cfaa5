"""``i18n.symbols.plain`` (every catalogue text goes through it) gives the
text the regular expression gives: each bare ♠♣♥♦ followed by U+FE0E once,
a suit with a presentation selector kept as it is."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from i18n.symbols import SUITS, TEXT_PRESENTATION, plain

PIECES = st.sampled_from(["♠", "♣", "♥", "♦", "\ufe0e", "\ufe0f", "a", " ", "中", "★", "10", "\n"])


BARE_SUIT = re.compile(f"([{SUITS}])(?![\ufe0e\ufe0f])")  # the substitution plain made before


def by_regex(text: str) -> str:
    return BARE_SUIT.sub("\\1" + TEXT_PRESENTATION, text)


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_plain_is_the_regex_substitution(text):
    assert plain(text) == by_regex(text)


def test_examples():
    assert plain("♠3 B4, ♥10 C2") == "♠\ufe0e3 B4, ♥\ufe0e10 C2"
    assert plain("♦\ufe0f and ♣") == "♦\ufe0f and ♣\ufe0e"
    assert plain("no suits ★") == "no suits ★"
