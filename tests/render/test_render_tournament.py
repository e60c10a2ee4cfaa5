"""The tournament pictures (render/tournament.py): sizes, each language's
words, names in any script cut by width, the medals and the knocked-out
lines, and legibility at 400 px wide."""
from __future__ import annotations

import pytest
from render_helpers import decode

from i18n import LOCALES, t
from render.tournament import (
    MAX_LINES,
    MEDALS,
    OUT_INK,
    WIDTH,
    PodiumPlace,
    StandingLine,
    StandingsSheet,
    podium_png,
    score,
    standings_png,
)
from render.watching import record_text

PHONE_WIDTH, MIN_PX = 400, 9
LONG = "Bob the Builder of Very Long Names Indeed " * 3
NAMES = ["Alice", "李雷", "韓梅梅", LONG, "Дмитрий", "山田太郎"]


def lines(count: int, knockout: bool = False) -> list[StandingLine]:
    return [StandingLine(rank=i + 1, name=NAMES[i % len(NAMES)], points=3 - i * 0.5, buchholz=6 - i / 2, wins=2,
                         draws=1, losses=0, byes=i % 2, eliminated=knockout and i > 0, sonneborn_berger=4.25)
            for i in range(count)]


def sheet(format: str = "swiss", count: int = 6, finished: bool = False) -> StandingsSheet:
    return StandingsSheet("Autumn Cup 秋季杯", "setup", format, 2, 3, lines(count, format == "knockout"), finished)


def drawn(draw, *args) -> tuple[bytes, list[str], float]:
    """The picture, every text drawn on it, and its smallest text in px shown 400 px wide."""
    with record_text() as log:
        png = draw(*args)
    return png, [text for _, text in log], min(size for size, _ in log) * PHONE_WIDTH / decode(png).width


def test_scores_are_written_with_halves():
    assert [score(v) for v in (0, 0.5, 1, 2.5, -1.5)] == ["0", "½", "1", "2½", "-1½"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("format", ["swiss", "round-robin", "knockout"])
def test_standings_use_the_viewers_words_and_are_legible_on_a_phone(locale, format):
    png, texts, smallest = drawn(standings_png, sheet(format, finished=format == "knockout"), locale)
    words = [t(f"render.tournament.{key}", locale) for key in ("col_rank", "col_name", "col_points",
                                                                 "col_record", "col_byes", f"order_{format}", "legend")]
    tiebreak = {"swiss": "col_buchholz", "round-robin": "col_sonneborn_berger"}.get(format)
    if tiebreak:
        words.append(t(f"render.tournament.{tiebreak}", locale))
    stage = (t("render.tournament.final", locale) if format == "knockout"
             else t("render.tournament.after_round", locale, round=2, rounds=3))
    assert all(word in texts for word in words), [w for w in words if w not in texts]
    assert any(stage in text and t(f"pairing.format.{format}", locale) in text for text in texts)
    assert any(t("core.game.setup", locale) in text for text in texts)
    assert all(any(text.startswith(name) for text in texts) for name in ("李雷", "山田太郎", "Дмитрий"))
    assert smallest >= MIN_PX
    assert decode(png).width == WIDTH


def test_a_long_name_is_cut_by_width_and_the_lines_stop_at_the_limit():
    _, texts, _ = drawn(standings_png, sheet(count=MAX_LINES + 8), "en")
    cut = [text for text in texts if text.startswith("Bob the Builder")]
    assert cut and all(text.endswith("…") and len(text) < 40 for text in cut)
    assert t("render.tournament.more", "en", n=8) in texts
    full = decode(standings_png(sheet(count=MAX_LINES + 8), "en"))
    exact = decode(standings_png(sheet(count=MAX_LINES), "en"))
    small = decode(standings_png(sheet(count=4), "en"))
    assert full.width == exact.width == small.width == WIDTH
    assert small.height < exact.height < full.height < exact.height + 40
    assert full.height * PHONE_WIDTH / WIDTH < 1000  # 32 lines stay one phone screen and a half


def test_medals_mark_the_top_three_and_knocked_out_lines_are_grey_and_marked():
    png, texts, _ = drawn(standings_png, sheet("knockout", count=5, finished=True), "zh-CN")
    image = decode(png)
    colours = {colour for _, colour in image.getcolors(1 << 16)}
    assert set(MEDALS.values()) <= colours and OUT_INK in colours
    out = t("render.tournament.out", "zh-CN")
    assert sum(text.endswith(f"✕ {out}") for text in texts) == 4  # everyone but the winner
    assert not any(text.startswith("Alice") and out in text for text in texts)
    assert {"1", "2", "3"} <= set(texts)  # the medals carry their numbers


@pytest.mark.parametrize("locale", LOCALES)
def test_the_podium_puts_everyone_on_their_step_in_the_viewers_words(locale):
    places = [PodiumPlace(1, ["李雷"], 2.5), PodiumPlace(2, [LONG], 2.0), PodiumPlace(3, ["韓梅梅", "Chloé"], 1.5)]
    png, texts, smallest = drawn(podium_png, "Autumn Cup", "cubed", places, locale)
    for key in ("place_1", "place_2", "place_3"):
        assert t(f"render.tournament.{key}", locale) in texts
    assert t("render.tournament.podium", locale, game=t("core.game.cubed", locale)) in texts
    assert t("render.tournament.points", locale, points="2½") in texts
    assert {"李雷", "韓梅梅", "Chloé"} <= set(texts)
    assert any(text.startswith("Bob the") and text.endswith("…") for text in texts)
    assert smallest >= MIN_PX
    image = decode(png)
    assert image.width == WIDTH and set(MEDALS.values()) <= {c for _, c in image.getcolors(1 << 16)}


def test_a_shared_first_place_leaves_second_empty_and_lists_the_rest_as_more():
    places = [PodiumPlace(1, ["A", "B", "C", "D", "E"], 2.0), PodiumPlace(3, ["F"], 1.0)]
    _, texts, _ = drawn(podium_png, "Cup", "setup", places, "en")
    assert {"A", "B", "C", "F", "—"} <= set(texts) and "D" not in texts
    assert t("render.tournament.more", "en", n=2) in texts
