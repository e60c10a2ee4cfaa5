"""render/words.py: lines fitted into a limit, shortened from the last line
up, summarised before anything is cut, and cut only after a word."""
from __future__ import annotations

from render.words import Line, clip, fit_lines, listing


def test_lines_that_fit_are_joined_in_full():
    assert fit_lines(["a", Line.of("b full", "b"), ""], 100) == "a\nb full"


def test_the_last_lines_are_shortened_first():
    lines = [Line.of("first " * 5, "first"), Line.of("second " * 5, "second")]
    text = fit_lines(lines, 45)
    assert text == ("first " * 5) + "\nsecond"
    assert fit_lines(lines, 14) == "first\nsecond"


def test_a_long_list_keeps_its_first_items_then_becomes_a_count():
    items = [f"item{n}" for n in range(100)]
    line = listing("Things", items, "en", "100 things")
    assert line.forms[0].startswith("Things: item0, item1") and line.forms[-1] == "Things: 100 things"
    text = fit_lines(["Title", line], 200)
    assert len(text) <= 200 and text.startswith("Title\nThings: item0, item1") and "more" in text
    assert fit_lines(["Title", line], 30) == "Title\nThings: item0, +99 more"
    assert fit_lines(["Title", line], 26) == "Title\nThings: 100 things"


def test_chinese_lists_use_chinese_punctuation():
    line = listing("格子", ["C1 ★7", "C2 ♥3"], "zh-CN")
    assert line.forms[0] == "格子：C1 ★7、C2 ♥\ufe0e3"  # suits in their text form (issue 31)


def test_lines_are_dropped_from_the_end_before_text_is_cut():
    text = fit_lines(["keep this", "x" * 50, "y" * 50], 40)
    assert text == "keep this\n…"


def test_clip_cuts_after_a_word_and_never_exceeds_the_limit():
    text = "alpha beta gamma delta epsilon"
    assert clip(text, 100) == text
    assert clip(text, 20) == "alpha beta gamma…"
    assert len(clip("x" * 3000, 1024)) == 1024
    for limit in range(5, 40):
        assert len(fit_lines(["a" * 30, Line.of("b " * 30, "b"), "c" * 30], limit)) <= limit
