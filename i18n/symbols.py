"""Symbols that chat apps draw as colour emoji unless asked not to: the card
suits ♠♣♥♦ (SETUP's tiles) get U+FE0E, the text presentation selector, so
the plain glyph shows — red hearts or black spades contradict the suits'
colours on the tiles (♦ is blue). ★ (U+2605) has no emoji form and needs
none. Every catalogue text and every text ``i18n.t`` makes goes through
``plain``; text built elsewhere (autocomplete names) calls it too."""
from __future__ import annotations

import re

TEXT_PRESENTATION = "\ufe0e"
SUITS = "♠♣♥♦"
_BARE_SUIT = re.compile(f"([{SUITS}])(?![\ufe0e\ufe0f])")


_WITH_SELECTOR = str.maketrans({suit: suit + TEXT_PRESENTATION for suit in SUITS})


def plain(text: str) -> str:
    """``text`` with each ♠♣♥♦ followed by U+FE0E (once: a suit that already
    has a presentation selector keeps it)."""
    if not any(s in text for s in SUITS):
        return text
    if "\ufe0e" not in text and "\ufe0f" not in text:  # every suit is bare: one C pass
        return text.translate(_WITH_SELECTOR)
    return _BARE_SUIT.sub("\\1" + TEXT_PRESENTATION, text)
