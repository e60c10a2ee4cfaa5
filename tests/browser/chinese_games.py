"""Whole games in Chinese by tapping (tests/browser/test_live_board_chinese.py):
a player's choices that keep a Death Front game going past its deploys, the
page's words as shown, and the checks that they are in the page's language
(no English word of the catalogues, the glossary's words)."""
from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

import i18n
from tests.browser.live_board import Move, settled, tap_move, tappable
from tests.support.browser import fonts_covering, shoot, tofu_fonts

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
# Latin words a Chinese page keeps on purpose (docs/glossary.md); ids in capitals are kept too.
KEPT_LATIN = frozenset({"SETUP", "CUBED", "Tabletop", "AI"})
# The page's text a player reads: whose turn, the hint, the moves, the bar and the log.
SHOWN = ("#turn", "#tap-hint", "#moves", "#pick-label", "#pick-list", "#log")

HAND_RESERVE = 2  # Death Front: keep two cards in hand, a steady pace for a whole game on the page
DEATHFRONT_ORDER = {"attack": 0, "move": 1, "deploy": 2, "facility": 3, "skill": 4, "keep": 5,
                    "decline_end": 6, "discard": 7, "pass": 8, "skip_draw": 9, "mulligan": 10,
                    "agree_end": 11, "propose_end": 12}
SPENDS_A_CARD = ("deploy", "facility", "skill")


def keeps_going(moves: list[Move], data: Move) -> Move:
    """Death Front: attack, then move, then deploy (only with more than
    ``HAND_RESERVE`` cards in hand), else pass; a move on the pictures
    before a button of the same kind."""
    cards = len(data["hand"]["regions"]) if data["hand"] else 0
    on_pictures = tappable(data)

    def rank(move: Move) -> tuple[int, bool]:
        kind = move["action"]["kind"]
        order = DEATHFRONT_ORDER.get(kind, 8)
        if kind in SPENDS_A_CARD and cards <= HAND_RESERVE:
            order += 20
        return order, move not in on_pictures

    return min(moves, key=rank)


def first_on_pictures(moves: list[Move], data: Move) -> Move:
    return (tappable(data) or moves)[0]


CHOOSE = {"setup": first_on_pictures, "cubed": first_on_pictures, "deathfront": keeps_going}


@dataclass
class Game:
    """What one whole game showed: the last table JSON, the taps and kind of
    each move, every label offered and every text shown."""

    data: Move = field(default_factory=dict)
    taps: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    labels: set[str] = field(default_factory=set)
    shown: list[str] = field(default_factory=list)
    caught_up: list[str] = field(default_factory=list)  # moves not made: the table moved on first


async def shown_text(page: Page) -> str:
    return str(await page.evaluate(
        "sels => sels.map(s => document.querySelector(s)).filter(n => n && !n.closest('[hidden]'))"
        ".map(n => n.innerText).join('\\n')", list(SHOWN)))


async def tap_or_catch_up(tapper: Page | BarCamera, page: Page, data: Move, move: Move) -> int | None:
    """``tap_move``, or None when the move could not be tapped because the
    page had moved on to a newer version meanwhile (the AI's choice in a
    step both sides play at once can change what the player may do)."""
    try:
        return await tap_move(tapper, data, move)  # type: ignore[arg-type]
    except (AssertionError, PlaywrightTimeoutError):
        if await page.evaluate("Number(document.body.dataset.version)") == data["version"]:
            raise
        return None


async def play_whole_game(page: Page, game: str, bar: BarCamera | None = None,
                          taps: int | None = None, act: Callable[[Move], Awaitable[None]] | None = None) -> Game:
    """Plays the viewer's moves to the end by tapping, with ``CHOOSE[game]``;
    ``bar`` photographs the first move confirmed in the bar. With ``taps``
    and ``act``: once that many moves were tapped (and the bar photographed),
    the same moves are made by ``act`` instead; the page is read at every
    turn all the same."""
    record = Game(data=await settled(page))
    while record.data["status"] == "playing":
        data = record.data
        record.labels |= {m["label"] for m in data["moves"]}
        record.shown.append(await shown_text(page))
        move = CHOOSE[game](data["moves"], data)
        record.kinds[move["action"]["kind"]] += 1
        if act is not None and taps is not None and len(record.taps) >= taps and (bar is None or bar.bar):
            try:
                await act(move)
            except Exception:
                if await page.evaluate("Number(document.body.dataset.version)") == data["version"]:
                    raise
                record.caught_up.append(f"{move['action']['kind']} at version {data['version']}")
                record.kinds[move["action"]["kind"]] -= 1
            record.data = await settled(page, data["version"])
            continue
        tapper = bar if bar is not None and bar.bar is None and move in tappable(data) else page
        taps_made = await tap_or_catch_up(tapper, page, data, move)
        if taps_made is None:
            record.caught_up.append(f"{move['action']['kind']} at version {data['version']}")
            record.kinds[move["action"]["kind"]] -= 1
        else:
            record.taps.append(taps_made)
        record.data = await settled(page, data["version"])
    record.shown.append(await shown_text(page))
    return record


def english_words(game: str) -> set[str]:
    """Lower-case words (three letters or more) of the English catalogue
    lines a game's page may show: kinds of moves, the page, the board's
    lines, the log and the game's own catalogue."""
    scopes = ("core.act.", "core.board.", "core.log.", "web.page.", "web.move.", f"{game}.", "ai.")
    words: set[str] = set()
    for key, text in i18n.catalogue("en").items():
        if key.startswith(scopes):
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", text))}
    return words - {w.lower() for w in KEPT_LATIN}


def english_in(text: str, game: str, names: list[str]) -> set[str]:
    """English words of the catalogues in ``text`` (players' names aside;
    a word in capitals is an id kept in Latin: a piece, a card, SETUP)."""
    for name in names:
        text = text.replace(name, " ")
    vocabulary = english_words(game)
    return {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in vocabulary and not w.isupper()}


def glossary_word(term: str, locale: str) -> str:
    """The glossary's word for ``term`` in ``locale`` (docs/glossary.md)."""
    columns = ("term", "scope", "checked", "en", "zh-CN", "zh-TW")
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and dict(zip(columns, cells)).get("term") == term:
            return dict(zip(columns, cells))[locale]
    raise KeyError(term)


RESULT_EVENTS = ("winner", "team_winner", "draw", "allies_win", "axis_win")


def is_result_line(line: str, game: str, locale: str) -> bool:
    """``line`` is one of the game's end-of-game events, as written in
    ``locale`` (a placeholder stands for any text)."""
    for event in RESULT_EVENTS:
        key = f"{game}.ev.{event}"
        if i18n.has(key):
            template = i18n.catalogue(locale)[key]
            pattern = "".join(".+" if part.startswith("{") else re.escape(part)
                              for part in re.split(r"(\{[^}]*\})", template))
            if re.fullmatch(pattern, line):
                return True
    return False


def avoided_words(game: str, locale: str) -> set[str]:
    """The glossary's *avoid* words for ``locale`` in the game's scope."""
    columns = ("term", "scope", "checked", "en", "zh-CN", "zh-TW", "avoid zh-CN", "avoid zh-TW")
    avoid: set[str] = set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| term"):
            row = dict(zip(columns, (c.strip() for c in line.strip().strip("|").split("|"))))
            if {s.strip() for s in row.get("scope", "").split(",")} & {game, "all"}:
                avoid |= {w for w in row.get(f"avoid {locale}", "").split("、") if w}
    return avoid


class BarCamera:
    """Stands for the page in ``tap_move``: just before the tap that
    confirms a move, saves a screenshot of the bar and what it says."""

    def __init__(self, page: Page, name: str, locale: str) -> None:
        self.page, self.name, self.locale = page, name, locale
        self.bar: str | None = None
        self.tofu: dict[str, int] = {}

    async def tap(self, selector: str, **options: object) -> None:
        if selector == "#confirm" and self.bar is None:
            self.bar = str(await self.page.evaluate("document.getElementById('pick').innerText"))
            self.tofu = await foreign_fonts(self.page, "#pick", self.locale)
            await shoot(self.page, self.name)
        await self.page.tap(selector, **options)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.page, name)



# Marks that change how the character before them is drawn; no font needs a glyph of their own.
JOINERS = frozenset("\ufe0e\ufe0f\u200d")


@lru_cache(maxsize=1)
def installed_characters() -> tuple[tuple[int, int], ...]:
    """The code point ranges some installed font draws (fontconfig's charsets)."""
    listed = subprocess.run(["fc-list", "--format", "%{charset}\n"], capture_output=True, text=True,
                            check=True).stdout
    ranges = []
    for part in listed.split():
        low, _, high = part.partition("-")
        ranges.append((int(low, 16), int(high or low, 16)))
    return tuple(sorted(ranges))


def glyphless(text: str) -> set[str]:
    """Characters of ``text`` that no installed font draws: Chromium draws
    them as boxes, yet names the font it tried (``tofu_fonts`` cannot see
    an emoji missing from a font that covers Chinese)."""
    ranges = installed_characters()
    return {c for c in set(text) if not c.isspace() and c not in JOINERS
            and not any(low <= ord(c) <= high for low, high in ranges)}


async def foreign_fonts(page: Page, selector: str, lang: str) -> dict[str, int]:
    """``tofu_fonts``, but an emoji font (fontconfig's ``und-zsye``) may draw
    the emoji of a line (⏩, 🤖): it covers no language of words."""
    emoji = fonts_covering("und-zsye")
    return {family: n for family, n in (await tofu_fonts(page, selector, lang)).items() if family not in emoji}
