"""Every message key the engine can produce exists in all three catalogues."""
from __future__ import annotations

import random
import re
import string
import tomllib
from pathlib import Path

import pytest
from test_deathfront_support import ENGINE, new_game

from engines.deathfront.cards import FACTIONS
from engines.deathfront.models import PHASE_OF_STEP
from i18n import command_refs

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("en", "zh-CN", "zh-TW")


def catalogue(locale: str) -> dict[str, str]:
    data = tomllib.loads((ROOT / "i18n" / locale / "deathfront.toml").read_text(encoding="utf-8"))
    flat: dict[str, str] = {}

    def walk(prefix: str, node) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{key}", value)
            else:
                flat[f"{prefix}.{key}"] = value

    walk("deathfront", data)
    return flat


CATALOGUES = {locale: catalogue(locale) for locale in LOCALES}


def source_keys() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engines" / "deathfront").glob("*.py"))
    keys = {f"deathfront.err.{k}" for k in re.findall(r'_?illegal\("([a-z_]+)"', text)}
    keys |= {f"deathfront.ev.{k}" for k in re.findall(r'_?ev\("([a-z_]+)"', text)}
    keys |= {f"deathfront.ev.{k}" for k in re.findall(r'"([a-z_]+_(?:hit|miss|win))"', text)}
    keys |= {f"deathfront.ev.step_{s}" for s in ("deploy", "facility", "skill", "attack")}
    finish = r'_finish(?:_by_territory)?\(state, (?:[^,]+, )?"([a-z_]+)"'
    keys |= {f"deathfront.end.{k}" for k in re.findall(finish, text)}
    keys |= {f"deathfront.step.{s}" for s in PHASE_OF_STEP}
    keys |= {f"deathfront.phase.{p}" for p in PHASE_OF_STEP.values()}
    keys |= {f"deathfront.faction.{f}" for f in FACTIONS}
    return keys


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_source_key_is_in_every_catalogue():
    keys = source_keys()
    assert len(keys) > 60
    for locale, messages in CATALOGUES.items():
        missing = sorted(keys - set(messages))
        assert not missing, f"{locale}: {missing}"


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW"])
def test_translations_have_the_same_keys_and_placeholders(locale):
    en, other = CATALOGUES["en"], CATALOGUES[locale]
    assert set(en) == set(other)
    for key in en:
        assert fields(en[key]) == fields(other[key]), key


def test_simplified_and_traditional_are_not_copies():
    cn, tw = CATALOGUES["zh-CN"], CATALOGUES["zh-TW"]
    assert cn["deathfront.faction.ss"] == "党卫军" and tw["deathfront.faction.ss"] == "黨衛軍"
    same = [k for k in cn if cn[k] == tw[k] and re.search(r"[\u4e00-\u9fff]{3,}", cn[k])
            and not k.startswith("deathfront.cmd_name.")]  # command names like 保留手牌 are written alike
    assert len(same) < 10, same


def test_rules_summary_is_short_and_names_the_commands():
    from i18n import command_mention, t

    for locale in CATALOGUES:
        summary = t("deathfront.rules.summary", locale)
        assert len(summary) < 1800, locale
        for command in ("deploy", "move", "attack", "pass", "facility", "skill"):
            assert command_mention(f"deathfront {command}", locale) in summary, (locale, command)


def test_events_from_real_games_format_in_every_locale():
    seen = set()
    for players, seed in ((2, 1), (4, 2), (2, 3), (4, 4)):
        state = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            state, events = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
            for event in events:
                seen.add(event.key)
                for messages in CATALOGUES.values():
                    messages[event.key].format(**command_refs("en"), **event.params)
    assert {"deathfront.ev.deploy", "deathfront.ev.attack_hit", "deathfront.ev.round_start"} <= seen


def test_the_skill_topic_names_every_skill_as_its_card_is_named():
    """Issue 32: Barrage is 炮火准备 in zh-CN (炮火準備 in zh-TW), as the card says, not 弹幕."""
    from engines.deathfront.cards import default_cards
    from i18n import t

    skills = [card for card in default_cards().defs.values() if card.type == "skill"]
    for locale in CATALOGUES:
        text = t("topics.deathfront.skill.text", locale)
        missing = [card.name.get(locale) for card in skills if card.name.get(locale) not in text]
        assert not missing, (locale, missing)
        assert "弹幕" not in text and "彈幕" not in text
