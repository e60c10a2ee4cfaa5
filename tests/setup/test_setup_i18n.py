"""Every message key the SETUP engine uses exists in every locale."""
import re
import string
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ["en", "zh-CN", "zh-TW"]
KEY = re.compile(r'"(setup\.(?:err|ev|end)\.[a-z_]+)"')


def flatten(table, prefix="setup"):
    for name, value in table.items():
        if isinstance(value, dict):
            yield from flatten(value, f"{prefix}.{name}")
        else:
            yield f"{prefix}.{name}", value


def catalogue(locale):
    with open(ROOT / "i18n" / locale / "setup.toml", "rb") as fh:
        return dict(flatten(tomllib.load(fh)))


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def used_keys():
    keys = set()
    for path in (ROOT / "engines" / "setup").glob("*.py"):
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_engine_uses_keys_we_can_find():
    assert {"setup.err.no_combo", "setup.ev.play", "setup.end.finish_line"} <= used_keys()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_used_key_is_translated(locale):
    missing = used_keys() - set(catalogue(locale))
    assert not missing


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW"])
def test_locales_have_the_same_keys_and_placeholders(locale):
    english, other = catalogue("en"), catalogue(locale)
    assert set(english) == set(other)
    for key, text in english.items():
        assert placeholders(text) == placeholders(other[key]), key


def test_chinese_locales_are_not_copies():
    simplified, traditional = catalogue("zh-CN"), catalogue("zh-TW")
    assert simplified["setup.names.game"] == "连线计划" and traditional["setup.names.game"] == "連線計畫"
    han = re.compile(r"[\u4e00-\u9fff]")
    same = [k for k in simplified if simplified[k] == traditional[k] and han.search(simplified[k])
            and not k.startswith("setup.cmd_name.")]  # command names like 出牌 are written alike
    assert not same


@pytest.mark.parametrize("locale", LOCALES)
def test_rules_summary_is_short_and_names_the_commands(locale):
    from i18n import command_mention, t

    summary = t("setup.rules.summary", locale)
    assert len(summary) < 1800
    for command in ("setup new", "setup play", "setup swap", "hand", "board", "resign"):
        assert command_mention(command, locale) in summary
