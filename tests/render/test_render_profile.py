"""The /profile card: sizes, legibility at 400 px, names in any script,
every word in the viewer's language, the chart's lines where the points
say, and an empty card for a player without games. The pictures are saved
to test-artifacts/profile/ (and scaled to 400 px wide) for a look."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from render_helpers import clear_caches, decode

from i18n import t
from render.profile import WIDTH, GameStats, ProfileCard, RecentLine, profile_png
from render.profile_chart import slot_colour, x_ticks, y_ticks
from render.watching import record_text, watch_layout

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "profile"
PHONE_WIDTH = 400
MIN_PX = 9
LOCALES = ("en", "zh-CN", "zh-TW")
GAME_NAMES = {locale: tuple(t(f"core.game.{g}", locale) for g in ("setup", "cubed", "deathfront"))
              for locale in ("en", "zh-CN", "zh-TW")}


def wave(count: int, start: float, drift: float, swing: float) -> tuple[float, ...]:
    return tuple(round(start + drift * n + swing * math.sin(n * 0.9), 2) for n in range(count))


def full_card(locale: str, name: str = "王小明 (Xiaoming)") -> ProfileCard:
    names = GAME_NAMES[locale]
    setup_points = wave(20, 0.5, 0.45, 1.5) + wave(10, 6.0, 0.6, 1.0)  # season 2 begins at the 21st game
    per_game = (
        GameStats(0, names[0], 34, 15, 14.2, setup_points, breaks=(20,)),
        GameStats(1, names[1], 31, 11, 9.6, wave(28, -1.0, 0.35, 2.0)),
        GameStats(2, names[2], 12, 4, 3.1, wave(10, 0.0, 0.3, 1.0)),
    )
    recent = (
        RecentLine(names[0], "2026-11-25", 1, 4, "win", True),
        RecentLine(names[1], "2026-11-24", 2, 3, "loss", True),
        RecentLine(names[2], "2026-11-22", 1, 2, "draw", True),
        RecentLine(names[0], "2026-11-20", 2, 2, "loss", False),
        RecentLine(names[1], "2026-11-19", 1, 5, "win", True),
    )
    return ProfileCard(name=name, games=77, wins=30, favourite=names[0], per_game=per_game, recent=recent,
                       season=t("season.label.named", locale, season=2, name="Autumn 秋"))


def save(png: bytes, stem: str) -> Image.Image:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{stem}.png").write_bytes(png)
    image = decode(png)
    small = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS)
    small.save(ARTIFACTS / f"{stem}-400.png")
    return image


@pytest.mark.parametrize("locale", LOCALES)
def test_full_card_is_legible_on_a_phone_and_saved(locale):
    clear_caches()
    with record_text() as log:
        png = profile_png(full_card(locale), locale)
    image = save(png, f"profile-{locale}")
    assert image.width == WIDTH and image.height <= 1.6 * image.width
    size, text = min(log)
    assert size * PHONE_WIDTH / image.width >= MIN_PX, text
    drawn = {text for _, text in log}
    assert "王小明 (Xiaoming)" in drawn  # the Chinese name drawn whole
    for key in ("history", "axis_rating", "axis_games", "recent", "favourite", "col_rating"):
        assert t(f"render.profile.{key}", locale) in drawn, key
    assert t("render.profile.place", locale, place=1, n=4) in drawn
    assert f"{t('render.profile.title', locale)} · {t('season.label.named', locale, season=2, name='Autumn 秋')}" in drawn


def test_every_text_stays_inside_the_card():
    boxes = []
    with watch_layout(lambda image, drawn: boxes.append(drawn)):
        png = profile_png(full_card("en", "Ｗ" * 60), "en")
    width, height = decode(png).size
    assert boxes
    for drawn in boxes:
        x0, y0, x1, y1 = drawn.box
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, drawn
    name = next(d for d in boxes if d.wanted == "Ｗ" * 60)
    assert name.text.endswith("…") and name.span[1] <= WIDTH - 16  # cut by display width


def test_a_player_without_games_gets_the_empty_card():
    with record_text() as log:
        png = profile_png(ProfileCard(name="Newcomer"), "zh-CN")
    image = save(png, "profile-empty-zh-CN")
    assert image.width == WIDTH and image.height < 400
    drawn = {text for _, text in log}
    assert t("render.profile.empty", "zh-CN") in drawn and "Newcomer" in drawn
    assert t("render.profile.history", "zh-CN") not in drawn


def test_games_without_ratings_say_so_instead_of_a_chart():
    card = ProfileCard(name="Ann", games=2, wins=1, favourite="CUBED",
                       per_game=(GameStats(1, "CUBED", 2, 1, None, ()),),
                       recent=(RecentLine("CUBED", "2026-11-20", 1, 2, "win", False),))
    with record_text() as log:
        png = profile_png(card, "en")
    save(png, "profile-unrated-en")
    drawn = {text for _, text in log}
    assert "No rated games yet" in drawn and "Place 1 of 2 · not rated" in drawn


def near(pixel, colour) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, colour)) < 30


def count_colour(image: Image.Image, colour, box) -> int:
    x0, y0, x1, y1 = box
    return sum(1 for x in range(x0, x1, 2) for y in range(y0, y1, 2) if near(image.getpixel((x, y)), colour))


def test_each_game_line_is_drawn_in_its_colour_and_rises_with_its_points():
    rising = tuple(float(n) for n in range(10))
    card = ProfileCard(name="Ann", games=10, wins=5, favourite="A",
                       per_game=(GameStats(0, "A", 10, 5, 9.0, rising),))
    image = decode(profile_png(card, "en"))
    colour = slot_colour(0)
    top_half = count_colour(image, colour, (WIDTH // 2, 0, WIDTH, image.height))
    assert top_half > 50
    assert count_colour(image, slot_colour(1), (0, 0, WIDTH, image.height)) == 0
    # The line's left end is lower on the picture than its right end.
    pixels = [(x, y) for x in range(WIDTH) for y in range(image.height)
              if 150 < y < 340 and near(image.getpixel((x, y)), colour)]  # the chart, not the table's marker
    left = [y for x, y in pixels if x < WIDTH * 0.3]
    right = [y for x, y in pixels if x > WIDTH * 0.7]
    assert left and right and min(left) > max(right)


def test_ticks_are_round_and_cover_the_points():
    ticks = y_ticks([-2.3, 14.9])
    assert ticks[0] <= -2.3 and ticks[-1] >= 14.9 and len(ticks) <= 7
    assert all(float(v).is_integer() for v in ticks)
    flat = y_ticks([5.0])
    assert flat[0] == 4.0 and flat[-1] == 6.0 and 5.0 in flat
    assert x_ticks(1) == [1] and x_ticks(30)[0] == 1 and x_ticks(30)[-1] == 30


def test_a_line_is_cut_where_a_season_begins():
    def card(breaks):
        points = tuple(float(n % 5) for n in range(10))
        return ProfileCard(name="Ann", games=10, wins=5, favourite="A",
                           per_game=(GameStats(0, "A", 10, 5, 4.0, points, breaks=breaks),))
    whole, cut = decode(profile_png(card(()), "en")), decode(profile_png(card((5,)), "en"))
    assert whole.size == cut.size
    box = ImageChops.difference(whole, cut).getbbox()
    assert box is not None and box[2] - box[0] < WIDTH / 9  # only the segment from the 5th to the 6th point
    assert box[0] > WIDTH * 0.4 and box[2] < WIDTH * 0.65
