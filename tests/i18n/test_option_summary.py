"""The lobby's option line reads as a sentence of the reader's language."""
from cogs.lobby.message import config_summary


def test_option_line_uses_the_full_width_colon_in_chinese():
    config = {"rounds": 2}
    assert config_summary(config, "en", "cubed").endswith(": 2")
    for locale in ("zh-CN", "zh-TW"):
        line = config_summary(config, locale, "cubed")
        assert line.endswith("：2") and ": " not in line
