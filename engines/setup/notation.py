"""Forgiving text input for the Discord commands, plus autocomplete and preview.

``/setup play move:"★7 C1, ♥7 S1"`` and ``/setup swap tiles:"♥3 ★9"``. Input
is NFKC-normalised (full-width letters and digits), case-insensitive, and
accepts ASCII suit aliases (``*7``/``st7``, ``h7``, ``d7``, ``c7``, ``s7``),
Chinese punctuation and extra spaces. Errors raise ``IllegalAction``.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, cast

from pydantic import BaseModel, Field

from engines.base import IllegalAction
from engines.setup import rules
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupPrivateView, SetupState

SUIT_ALIASES: dict[str, str] = {}
for _suit, _aliases in {
    "★": ["★", "☆", "*", "st", "star", "stars", "星"],
    "♥": ["♥", "♡", "h", "heart", "hearts", "心", "红心", "紅心", "红桃", "紅桃"],
    "♦": ["♦", "♢", "d", "diamond", "diamonds", "方", "方块", "方塊", "方片"],
    "♣": ["♣", "♧", "c", "club", "clubs", "梅", "梅花", "草花"],
    "♠": ["♠", "♤", "s", "spade", "spades", "黑桃"],
}.items():
    for _alias in _aliases:
        SUIT_ALIASES[_alias] = _suit

_LETTERS = "|".join(sorted((re.escape(a) for a in SUIT_ALIASES if not a.isascii() or not a.isalpha()),
                           key=len, reverse=True))
# A token is a word (suit alias or square side) or a symbol, then a number.
_TOKEN = re.compile(rf"\s*(?P<head>[a-z]+|{_LETTERS})\s*(?P<num>\d+)\s*")
# Pair separators (after NFKC: "，" -> ",", "；" -> ";"; "、" stays).
_SEPARATORS = re.compile(r"[,;、|/\n]+|\band\b|&|\+")
# Words and signs that may sit between a tile and its square.
_FILLERS = re.compile(r"\b(?:on|to|at|in)\b|->|→|=>|[:=@>]")


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().replace("\ufe0f", "").replace("\ufe0e", "")


class _Token:
    def __init__(self, raw: str, head: str, number: int) -> None:
        self.raw = raw.strip()
        suit = SUIT_ALIASES.get(head)
        self.tile = f"{suit}{number}" if suit and number in rules.NUMBERS else None
        label = f"{head.upper()}{number}"
        self.square = label if label in rules.SQUARE_POSITIONS else None


def _tokens(chunk: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    chunk = chunk.strip()
    while pos < len(chunk):
        match = _TOKEN.match(chunk, pos)
        if not match:
            raise IllegalAction("setup.err.parse_unknown", text=chunk[pos:].strip()[:20])
        tokens.append(_Token(match.group(0), match.group("head"), int(match.group("num"))))
        pos = match.end()
    return tokens


def parse_tile(text: str) -> str:
    """One tile in any accepted spelling -> canonical text (``"♥10"``)."""
    tokens = _tokens(normalize(text))
    if len(tokens) != 1:
        raise IllegalAction("setup.err.parse_tile", text=text.strip()[:20])
    if tokens[0].tile is None:
        raise IllegalAction("setup.err.parse_tile", text=tokens[0].raw)
    return tokens[0].tile


def _pair(first: _Token, second: _Token) -> tuple[str, str]:
    if first.tile and second.square:
        return first.tile, second.square
    if second.tile and first.square:  # "C1 ★7" also works
        return second.tile, first.square
    if first.tile and not second.square:
        raise IllegalAction("setup.err.parse_square", text=second.raw)
    raise IllegalAction("setup.err.parse_tile", text=first.raw)


def parse_move(text: str) -> list[tuple[str, str]]:
    """``"★7 C1, ♥7 S1"`` -> ``[("★7", "C1"), ("♥7", "S1")]``. Pairs may be
    separated by commas (any kind) or just follow each other."""
    cleaned = _FILLERS.sub(" ", normalize(text))
    placements: list[tuple[str, str]] = []
    for chunk in _SEPARATORS.split(cleaned):
        tokens = _tokens(chunk)
        if len(tokens) % 2:
            raise IllegalAction("setup.err.parse_pair", text=chunk.strip()[:30])
        placements += [_pair(tokens[i], tokens[i + 1]) for i in range(0, len(tokens), 2)]
    if not placements:
        raise IllegalAction("setup.err.parse_empty")
    return placements


def parse_swap(text: str) -> list[str]:
    """``"♥3 ★9"`` -> ``["♥3", "★9"]``; any separators."""
    cleaned = _SEPARATORS.sub(" ", normalize(text))
    tiles = []
    for token in _tokens(cleaned):
        if token.tile is None:
            raise IllegalAction("setup.err.parse_tile", text=token.raw)
        tiles.append(token.tile)
    if not tiles:
        raise IllegalAction("setup.err.parse_empty")
    return tiles


# ---- autocomplete ------------------------------------------------------------
def _matches(tile: str, fragment: str) -> bool:
    """Does ``tile`` fit what has been typed of it (``"h"``, ``"♥1"``, ``"7"``)?"""
    fragment = normalize(fragment).strip()
    if not fragment:
        return True
    if fragment.isdigit():
        return str(rules.tile_number(tile)).startswith(fragment)
    match = re.fullmatch(rf"(?P<head>[a-z]+|{_LETTERS})\s*(?P<num>\d*)", fragment)
    if not match:
        return False
    head, number = match.group("head"), match.group("num")
    suit = rules.tile_suit(tile)
    if head in SUIT_ALIASES:  # an exact alias: "s" is spades, not the start of "star"
        head_ok = SUIT_ALIASES[head] == suit
    else:
        head_ok = not number and any(a.startswith(head) for a, s in SUIT_ALIASES.items() if s == suit)
    return head_ok and str(rules.tile_number(tile)).startswith(number)


def suggest_tiles(view: SetupPrivateView, prefix: str = "", *, include_common: bool = True) -> list[str]:
    """Tiles of the seat's own hand (and the common hand) that fit ``prefix``."""
    pool = list(view.hand) + (list(view.common) if include_common else [])
    return [tile for tile in dict.fromkeys(pool) if _matches(tile, prefix)]


def _pairs_or_nothing(text: str) -> list[tuple[str, str]]:
    try:
        return parse_move(text)
    except IllegalAction:
        return []


def complete_move_text(view: SetupPrivateView, text: str, limit: int = 25) -> list[str]:
    """Whole-text suggestions for the ``move:`` option: the finished pairs are
    kept; the pair being typed is completed with a usable tile, then with an
    allowed square."""
    text = text or ""
    cut = max(text.rfind(sep) for sep in ",，;；、")
    done, current = (text[: cut + 1].strip() + " ", text[cut + 1:]) if cut >= 0 else ("", text)
    finished = _pairs_or_nothing(done) if done else []
    used_tiles = {tile for tile, _ in finished}
    used_squares = {square for _, square in finished}
    parts = current.split()
    choosing_square = len(parts) >= 2 or (len(parts) == 1 and current.endswith(" "))
    if choosing_square:
        square_prefix = normalize(parts[1]) if len(parts) > 1 else ""
        return [f"{done}{parts[0]} {sq}" for sq in view.allowed_squares
                if sq not in used_squares and sq.lower().startswith(square_prefix)][:limit]
    fragment = parts[0] if parts else ""
    tiles = [tile for tile in suggest_tiles(view, fragment) if tile not in used_tiles]
    # Discord may trim the trailing space of a chosen suggestion: once a whole
    # tile is typed, offer its squares too.
    exact = _exact_tile(fragment)
    with_squares = []
    if exact in tiles:
        with_squares = [f"{done}{exact} {sq}" for sq in view.allowed_squares if sq not in used_squares]
    return (with_squares + [f"{done}{tile} " for tile in tiles if tile != exact])[:limit]


def _exact_tile(fragment: str) -> str | None:
    try:
        return parse_tile(fragment) if fragment else None
    except IllegalAction:
        return None


def complete_swap_text(view: SetupPrivateView, text: str, limit: int = 25) -> list[str]:
    """Whole-text suggestions for the ``tiles:`` option (own hand only)."""
    text = text or ""
    parts = text.split()
    fragment = "" if not parts or text.endswith(" ") else parts[-1]
    done = parts if fragment == "" else parts[:-1]
    try:
        used = set(parse_swap(" ".join(done))) if done else set()
    except IllegalAction:
        used = set()
    head = " ".join(done) + (" " if done else "")
    return [f"{head}{tile}" for tile in suggest_tiles(view, fragment, include_common=False)
            if tile not in used][:limit]


# ---- preview -------------------------------------------------------------------
class PlayPreview(BaseModel):
    """What a play would score, or why it is illegal (checked on the full state)."""

    legal: bool
    placements: list[tuple[str, str]] = Field(default_factory=list)
    points: int = 0
    bonuses: dict[int, int] = Field(default_factory=dict)  # other seat -> bonus points
    scoring_squares: list[str] = Field(default_factory=list)
    error_key: str | None = None
    error_params: dict[str, Any] = Field(default_factory=dict)


def preview_play(state: SetupState, seat: int, placements: list[tuple[str, str]] | str) -> PlayPreview:
    """Score a play before confirming it. ``placements`` may be move text."""
    try:
        engine = SetupEngine()
        engine.check_turn(state, seat)
        # Pairs may arrive as JSON lists: tuples, as the engine's checks expect.
        pairs = parse_move(placements) if isinstance(placements, str) else \
            cast(list[tuple[str, str]], [tuple(p) for p in placements])
        scoring = engine.check_play(state, seat, pairs)
    except IllegalAction as err:
        return PlayPreview(legal=False, error_key=err.key, error_params=err.params)
    return PlayPreview(
        legal=True, placements=pairs, points=len(scoring),
        bonuses=rules.bonus_points(scoring, seat, state.num_players),
        scoring_squares=sorted(scoring, key=rules.SQUARES.index),
    )
