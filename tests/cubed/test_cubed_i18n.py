"""Every message key CUBED raises or emits exists in all three catalogues,
with the same placeholders, and formats with the params actually sent."""
from __future__ import annotations

import random
import re
import string
import tomllib
from pathlib import Path

import pytest

from engines.base import IllegalAction, SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig, DrawAction, GiveAction, KeepAction, PassAction, PlaceAction
from i18n import command_refs

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("en", "zh-CN", "zh-TW")
ENGINE = CubedEngine()


def _flatten(prefix, table, out):
    for key, value in table.items():
        if isinstance(value, dict):
            _flatten(f"{prefix}.{key}", value, out)
        else:
            out[f"{prefix}.{key}"] = value
    return out


CATALOGUES = {
    locale: _flatten("cubed", tomllib.loads((ROOT / "i18n" / locale / "cubed.toml").read_text("utf-8")), {})
    for locale in LOCALES
}


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def source_keys():
    keys = set()
    for path in (ROOT / "engines" / "cubed").glob("*.py"):
        text = path.read_text("utf-8")
        keys |= {f"cubed.err.{k}" for k in re.findall(r'_err\(\s*"(\w+)"', text)}
        keys |= {f"cubed.ev.{k}" for k in re.findall(r'_ev\(\s*"(\w+)"', text)}
        keys |= set(re.findall(r'"(cubed\.(?:err|end)\.\w+)"', text))
        if path.name == "rules.py":
            keys |= {f"cubed.err.{k}" for k in re.findall(r'return "(\w+)"', text)}
        if path.name == "engine.py":
            hints = re.search(r"_phase_hint.*?\{(.*?)\}", text, re.S).group(1)
            keys |= {f"cubed.err.{k}" for k in re.findall(r':\s*"(\w+)"', hints)}
    return keys


def test_catalogues_have_the_same_keys_and_placeholders():
    en = CATALOGUES["en"]
    for locale in LOCALES[1:]:
        assert set(CATALOGUES[locale]) == set(en), locale
        for key, text in en.items():
            assert placeholders(CATALOGUES[locale][key]) == placeholders(text), (locale, key)


def test_every_key_in_the_source_is_translated():
    keys = source_keys()
    assert len(keys) > 40
    missing = keys - set(CATALOGUES["en"])
    assert not missing


def test_chinese_catalogues_are_distinct():
    cn, tw = CATALOGUES["zh-CN"], CATALOGUES["zh-TW"]
    assert cn["cubed.rules.summary"] != tw["cubed.rules.summary"]
    assert "阻挡" in cn["cubed.kind.blocker"] and "阻擋" in tw["cubed.kind.blocker"]


@pytest.mark.parametrize("locale", LOCALES)
def test_rules_summary_is_short_and_names_the_commands(locale):
    from i18n import command_mention, t

    summary = t("cubed.rules.summary", locale)
    assert len(summary) < 1800
    for command in ("cubed new", "cubed solo", "cubed place", "cubed draw", "cubed pass", "hand", "board", "resign"):
        assert command_mention(command, locale) in summary


def _format_all(key, params):
    for locale in LOCALES:
        text = CATALOGUES[locale][key]
        text.format(**command_refs("en"), **params)  # raises KeyError on a missing param
        assert placeholders(text) - {"cmd", "opt"} <= set(params), (locale, key)


def test_messages_format_with_the_params_sent():
    rng = random.Random(4)
    seen = set()
    for seed, config in enumerate([{}, {"bridge": True, "fill": True, "draw3": True}, {"solo": True}]):
        players = 1 if config.get("solo") else 3
        state = ENGINE.new_game(CubedConfig(**config), [SeatInfo(name=str(i)) for i in range(players)], seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            hand = state.hands[seat]
            for wrong in (PlaceAction(piece=rng.choice(hand), cell=(rng.randint(-3, 3), rng.randint(-3, 3)),
                                      rotation=rng.randint(0, 3)),
                          DrawAction(), PassAction(), KeepAction(piece="SLR"),
                          GiveAction(piece=hand[0], to_seat=seat)):
                try:
                    ENGINE.apply(state, seat, wrong)
                except IllegalAction as error:
                    _format_all(error.key, error.params)
                    seen.add(error.key)
            state, events = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
            for event in events:
                _format_all(event.key, event.params)
                seen.add(event.key)
        _format_all(ENGINE.result(state).reason, {})
    assert {"cubed.ev.placed", "cubed.ev.round_score", "cubed.err.wrong_colour"} <= seen
