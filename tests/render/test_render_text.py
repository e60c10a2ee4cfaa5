"""The text drawer: per-character font fallback, truncation by display
width, the placeholder for a character no font has."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    ELLIPSIS,
    PLACEHOLDER_INK,
    bundled_faces,
    draw_text,
    face_for,
    fit_text,
    runs,
    text_width,
)
from render.watching import record_text

NO_FONT = "\U000F0001"  # supplementary private use: no font defines it


def picture(text: str, size: int = 24) -> Image.Image:
    image = Image.new("RGB", (400, 60), (255, 255, 255))
    draw_text(ImageDraw.Draw(image), (10, 10), text, size, fill=(0, 0, 0))
    return image


def test_latin_and_symbols_use_dejavu_and_chinese_the_bundled_cjk_font():
    dejavu, cjk = bundled_faces()
    assert face_for("A") is dejavu and face_for("★") is dejavu
    for ch in "李雷韩梅梅王芳張偉潘興装甲裝甲，。":
        assert face_for(ch) is cjk, ch
    assert [chunk for _, chunk in runs("P1 李雷")] == ["P1 ", "李雷"]


def test_every_catalogue_character_is_in_the_bundled_fonts():
    from i18n import catalogue

    missing = {ch for locale in ("en", "zh-CN", "zh-TW") for key, text in catalogue(locale).items()
               if key.startswith("render.") for ch in text
               if not any(ord(ch) in face.codepoints for face in bundled_faces())}
    assert not missing


def test_truncation_by_display_width_with_an_ellipsis():
    long_cjk, long_latin = "王芳张伟李雷韩梅梅" * 3, "Alexandra Montgomery-Smith"
    for text in (long_cjk, long_latin):
        cut = fit_text(text, 18, 120)
        assert cut.endswith(ELLIPSIS) and text.startswith(cut[:-1].rstrip())
        assert text_width(cut, 18) <= 120
    # wide characters take more room: fewer of them fit
    assert len(fit_text(long_cjk, 18, 120)) < len(fit_text(long_latin, 18, 120))
    assert fit_text("李雷", 18, 120) == "李雷"  # short names are never cut
    # never cut inside a character: the result is valid text that encodes
    fit_text("😀é李" * 10, 18, 60).encode("utf-8")


def test_a_character_no_font_has_draws_a_placeholder_not_a_tofu_box():
    assert face_for(NO_FONT) is None
    image = picture(f"A{NO_FONT}B")
    grey = sum(1 for px in image.get_flattened_data() if px == PLACEHOLDER_INK)
    assert grey > 30  # a filled grey mark
    # a tofu box is an outline: DejaVu's own empty box for the same character differs
    tofu = Image.new("RGB", (400, 60), (255, 255, 255))
    ImageDraw.Draw(tofu).text((10, 10), f"A{NO_FONT}B", font=bundled_font(), fill=(0, 0, 0))
    assert sum(1 for px in tofu.get_flattened_data() if px == PLACEHOLDER_INK) == 0


def bundled_font():
    from render.common import font

    return font(24)


def test_drawn_sizes_are_recorded():
    image = Image.new("RGB", (100, 40))
    with record_text() as log:
        draw_text(ImageDraw.Draw(image), (0, 0), "李雷", 17, fill=(255, 255, 255), scale=0.5)
    assert log == [(8.5, "李雷")]


def test_colour_emoji_from_the_system_font_when_present():
    import pytest

    from render.common import system_faces

    dice = "\U0001F3B2"
    if not any(face.colour and ord(dice) in face.codepoints for face in system_faces()):
        pytest.skip("no colour emoji font on this machine (Debian: fonts-noto-color-emoji)")
    assert face_for(dice).colour
    image = picture(f"李雷{dice}")
    coloured = sum(1 for r, g, b in image.get_flattened_data() if max(r, g, b) - min(r, g, b) > 60)
    assert coloured > 20
    assert abs(text_width(dice, 24) - 24) < 8  # scaled to the text size
