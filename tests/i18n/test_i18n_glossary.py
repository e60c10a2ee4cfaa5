"""docs/glossary.md is the one word per term and script; the catalogues
follow it, each Chinese catalogue is in its own script (OpenCC), and Chinese
sentences use Chinese punctuation."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from opencc import OpenCC

import i18n
from i18n import command_name, plain, t

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
ZH = ("zh-CN", "zh-TW")
HAN = re.compile(r"[\u3400-\u9fff]")
COLUMNS = ("term", "scope", "checked", "en", "zh-CN", "zh-TW", "avoid zh-CN", "avoid zh-TW")


def glossary() -> list[dict[str, str]]:
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| term"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            assert len(cells) == len(COLUMNS), line
            rows.append(dict(zip(COLUMNS, cells)))
    return rows


def in_scope(key: str, scope: str) -> bool:
    return scope == "all" or key.split(".")[0] in [s.strip() for s in scope.split(",")]


def uses(english: str, spellings: str) -> bool:
    words = re.sub(r"\{[^}]*\}", " ", english)  # placeholders are not words
    return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words, re.I) for w in spellings.split("/"))


def test_the_glossary_covers_the_issues_terms():
    rows = {row["term"]: row for row in glossary()}
    assert len(rows) >= 40
    assert rows["suit"]["zh-CN"] == "花色" and "颜色" in rows["suit"]["avoid zh-CN"]
    assert (rows["resign"]["zh-CN"], rows["resign"]["zh-TW"]) == ("认输", "認輸")
    assert (rows["supply level"]["zh-CN"], rows["supply level"]["zh-TW"]) == ("补给等级", "補給等級")
    assert (rows["armoured"]["zh-CN"], rows["armoured"]["zh-TW"]) == ("装甲", "裝甲")


@pytest.mark.parametrize("locale", ZH)
def test_where_a_line_uses_a_term_it_uses_the_glossarys_word(locale):
    english, texts = i18n.catalogue("en"), i18n.catalogue(locale)
    wrong = []
    for row in glossary():
        avoid = [w for w in row[f"avoid {locale}"].split("、") if w]
        for key, text in texts.items():
            if not in_scope(key, row["scope"]):
                continue
            wrong += [(row["term"], key, word) for word in avoid if word in text]
            if row["checked"] == "yes" and uses(english.get(key, ""), row["en"]) and row[locale] not in text:
                wrong.append((row["term"], key, text[:60]))
    assert wrong == []


@pytest.mark.parametrize("locale", ZH)
def test_command_names_use_the_glossarys_words(locale):
    rows = {row["term"]: row for row in glossary()}
    assert command_name("resign", locale) == rows["resign"][locale]
    assert command_name("board", locale) == rows["board"][locale]
    assert command_name("deathfront deploy", locale).split()[1] == rows["deploy"][locale]
    assert command_name("deathfront mulligan", locale).split()[1] == rows["mulligan"][locale]
    assert rows["resign"][locale] in t("core.log.resigned", locale, seat="李雷")
    assert f"/{rows['resign'][locale]}" in t("core.help.body", locale)


def chinese_texts(locale: str) -> dict[str, str]:
    texts = {k: v for k, v in i18n.catalogue(locale).items() if HAN.search(v)}
    with (ROOT / "engines" / "deathfront" / "cards.toml").open("rb") as fh:
        for card in tomllib.load(fh)["card"]:
            texts[f"cards.toml {card['id']}"] = card["name"][locale]
    for row in glossary():
        texts[f"glossary {row['term']}"] = row[locale] + row[f"avoid {locale}"]
    return texts


@pytest.mark.parametrize("locale, config", [("zh-TW", "s2t"), ("zh-CN", "t2s")])
def test_each_chinese_catalogue_is_in_its_own_script(locale, config):
    """A character OpenCC converts into the other script is in the wrong one:
    zh-TW has no simplified-only characters, zh-CN no traditional-only ones."""
    converter = OpenCC(config)
    wrong = sorted({(ch, key) for key, text in chinese_texts(locale).items()
                    for ch in text if HAN.match(ch) and converter.convert(ch) != ch})
    assert wrong == []


def test_the_script_check_can_fail():
    assert OpenCC("s2t").convert("认输") != "认输" and OpenCC("t2s").convert("認輸") != "認輸"


@pytest.mark.parametrize("locale", ZH)
def test_chinese_sentences_use_chinese_punctuation(locale):
    ascii_after_han = re.compile(r"[\u3400-\u9fff）][,:;?!]|[,:;?!] ?[\u3400-\u9fff（]")
    wrong = []
    for key, text in i18n.catalogue(locale).items():
        prose = re.sub(r"`[^`]*`", "", re.sub(r"\{[^}]*\}", "X", text))  # commands to copy keep their syntax
        wrong += [(key, m.group()) for m in ascii_after_han.finditer(prose)]
    assert wrong == []


@pytest.mark.parametrize("locale, expected", [
    ("en", "李雷 played ♠7 C4, ★7 E2: +2 (now 8)."),
    ("zh-CN", "李雷 打出 ♠7 C4、★7 E2：+2（现在 8 分）。"),
])
def test_move_echoes_list_tiles_with_the_readers_punctuation(locale, expected):
    assert t("setup.ev.play", locale, seat="李雷", move="♠7 C4, ★7 E2", points=2, total=8) == plain(expected)
    assert "B3、C3" in t("deathfront.err.bad_cells", "zh-TW", cells="B3, C3")


@pytest.mark.parametrize("locale", ZH)
def test_chinese_catalogues_carry_no_english_words(locale):
    kept = {"SETUP", "CUBED", "Tabletop", "Discord"}  # brand names, see docs/glossary.md
    ours = {}  # the project's catalogues only (tests add a game of their own)
    for file in sorted((ROOT / "i18n" / locale).glob("*.toml")):
        with file.open("rb") as fh:
            i18n._flatten(file.stem, tomllib.load(fh), ours)
    wrong = []
    for key, text in ours.items():
        words = re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", " ", text))
        wrong += [(key, w) for w in words if w not in kept]
    assert wrong == []
