"""Whole games in Chinese in Chromium at 400×860 (issue 22): SETUP, CUBED and
Death Front against the greedy AI by tapping only, in zh-CN and in zh-TW,
with screenshots of the start, a move's bar and the end. The turn line, the
hint, the moves, the bar and the log are drawn without tofu, carry no English
word of the catalogues, use the glossary's words, and the game ends on its
result in the page's language."""
from __future__ import annotations

import re

import pytest

from i18n import t
from tests.browser.chinese_games import (
    BarCamera,
    avoided_words,
    english_in,
    foreign_fonts,
    glossary_word,
    glyphless,
    is_result_line,
    play_whole_game,
)
from tests.browser.live_board import SERVICES, Move, live_board, open_table, settled
from tests.support.browser import shoot

# Death Front gets a round limit of 4: the player's choices (tests/browser/chinese_games.py)
# keep cards in hand, so the game runs its rounds instead of ending in round 1.
OPTIONS = {"setup": {"finish": 30}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 4}}
# Terms of each game that a whole game shows in words (docs/glossary.md).
KEY_TERMS = {"setup": ("tile", "swap"), "cubed": ("rotation", "round (CUBED)"),
             "deathfront": ("deploy", "attack", "pass", "Allies", "Axis")}
# zh-CN taps the whole game. zh-TW taps its first moves (and the bar), then makes the same moves through the
# table service: the page is still read at every turn of the viewer's, to the end, so every text it shows in
# zh-TW is checked; only the taps themselves are zh-CN's (the page is the same, the language aside).
TAPPED = {"zh-CN": None, "zh-TW": 3}
HAN = re.compile(r"[\u3400-\u9fff]")
SHOWN = ("#turn", "#tap-hint", "#moves", "#log")


async def by_the_service(base_url: str, table_id: int, move: Move) -> None:
    """The viewer's ``move`` made through the table service behind the page (as their other device would)."""
    service = SERVICES[base_url]
    live = service.require_game(table_id)
    seat = live.human_seats()[0]
    await service.act(live.id, live.seats[seat].user_id, live.engine.action_from_json(move["action"]))


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW"])
@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
async def test_a_whole_game_in_chinese_by_tapping(database_url, open_page, game, locale):
    page = await open_page(locale)
    async with live_board(database_url) as base_url:
        table_id = await open_table(page, base_url, game, OPTIONS[game])
        start = await settled(page)
        await shoot(page, f"live-{locale}-{game}-start")
        assert await page.evaluate("document.documentElement.lang") == locale
        for selector in SHOWN:
            assert await foreign_fonts(page, selector, locale) == {}, selector
        bar = BarCamera(page, f"live-{locale}-{game}-bar", locale)
        played = await play_whole_game(page, game, bar, TAPPED[locale], 
                                       act=lambda move: by_the_service(base_url, table_id, move))
        await shoot(page, f"live-{locale}-{game}-end", full_page=True)
        for selector in ("#turn", "#log"):
            assert await foreign_fonts(page, selector, locale) == {}, selector
    names = [seat["name"] for seat in start["seats"]]
    print(f"{game} {locale}: {len(played.taps)} moves, taps {played.taps}, kinds {dict(played.kinds)}, "
          f"moved on before the taps: {played.caught_up}")

    assert played.data["status"] == "finished" and played.taps
    assert bar.bar and HAN.search(bar.bar) and bar.tofu == {}, bar.bar
    everything = "\n".join([*played.shown, *played.labels, bar.bar])
    assert glyphless(everything) == set()  # an emoji with no font (apt-get install fonts-noto-color-emoji)
    assert english_in(everything, game, names) == set()
    assert all(HAN.search(label) for label in played.labels), sorted(played.labels)
    assert ", " not in everything  # a Chinese list is joined with 、 (docs/glossary.md)
    for term in KEY_TERMS[game]:
        assert glossary_word(term, locale) in everything, term
    assert not {w for w in avoided_words(game, locale) if w in everything}

    assert played.data["turn_line"] == t("core.board.over", locale)
    # the game's end is among its last lines (Death Front may note an automatic pass of the same change after it)
    assert any(is_result_line(line, game, locale) for line in played.data["log"][-3:]), played.data["log"][-3:]
