"""Every number a rules text quotes is the data's (issue 32 item 2): the
``/rules`` summaries and topics, the tutorials and the catalogue help (the
commands' descriptions) of the three games, in en, zh-CN and zh-TW.

The facts are read here from where the engines take them — the card file
(``cards.toml``, read with tomllib), the config models' defaults and bounds,
the engines' constants — and compared with:

- every placeholder a text writes its numbers with (the game's
  ``text_params`` and tutorial params, which read the data when a text is
  written): each must be filled, and be the fact it names;
- every number the help of a command writes by hand (a command's
  description is registered with Discord as it is: ``LITERAL``);
- and no text writes a data number by hand elsewhere: a number next to a
  word that says it is data (+N, attack N, level N, default N, N cards,
  N points, blocker N… and the Chinese equivalents) must be a placeholder,
  unless ``RULEBOOK`` names it a constant of the rulebook itself."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, get_args

from engines.base import SeatInfo
from engines.cubed.models import CubedConfig
from engines.deathfront.cards import DECK_MAKEUP
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.models import HAND_LIMIT, DeathFrontConfig
from engines.deathfront.rules import CONCEALED_BONUS
from engines.setup import rules as setup_rules
from engines.setup.models import SetupConfig
from i18n import LOCALES, catalogue, t
from tables.registry import default_registry

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = default_registry()
GAMES = ("deathfront", "cubed", "setup")
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::[^{}]*)?\}")


def bounds(model: Any, field: str) -> tuple[int, int, Any]:
    info = model.model_fields[field]
    low = next(m.ge for m in info.metadata if hasattr(m, "ge"))
    high = next(m.le for m in info.metadata if hasattr(m, "le"))
    return low, high, info.default


def deathfront_facts() -> dict[str, Any]:
    cards = {c["id"]: c for c in tomllib.loads((ROOT / "engines/deathfront/cards.toml").read_text("utf-8"))["card"]}
    low, high, default = bounds(DeathFrontConfig, "round_limit")
    seats = DeathFrontEngine().allowed_seat_counts(DeathFrontConfig())
    rifle, mg = cards["us_rifle_squad"]["attack"], cards["us_m1919"]["attack"]
    return {
        "hand_limit": HAND_LIMIT, "deck_size": sum(DECK_MAKEUP.values()), "round_limit": default,
        "round_limit_min": low, "round_limit_max": high, "players_few": min(seats), "players_many": max(seats),
        "bunker_bonus": cards["us_bunker"]["bonus"], "concealed_bonus": CONCEALED_BONUS,
        "last_stand_bonus": cards["ss_last_stand"]["bonus"], "smoke_targets": cards["uk_smoke"]["targets"],
        "blitz_targets": cards["ss_blitz"]["targets"], "barrage_attack": cards["wehrmacht_barrage"]["attack"],
        "barrage_targets": cards["wehrmacht_barrage"]["targets"], "supply_drop_level": cards["us_supply_drop"]["level"],
        "p47_attack": cards["us_p47"]["attack"], "typhoon_attack": cards["uk_typhoon"]["attack"],
        "stuka_attack": cards["wehrmacht_stuka"]["attack"],
        # the tutorial's (its fixed deal's cards)
        "dump": cards["us_supply_dump"]["level"], "strike": cards["us_p47"]["attack"],
        "panther": cards["ss_panther"]["defence"], "mortar": cards["us_mortar_60"]["attack"],
        "target": cards["ss_mortar_8cm"]["defence"], "rifle": rifle, "mg": mg, "together": rifle + mg,
        "panzer": cards["ss_panzer_iv"]["defence"], "mortar_range": cards["us_mortar_60"]["range"],
    }


def cubed_facts() -> dict[str, Any]:
    points = CubedConfig().points
    rounds = get_args(CubedConfig.model_fields["rounds"].annotation)
    return {"blocker": points.blocker, "one": points.one, "two": points.two, "three": points.three,
            "rounds": CubedConfig().rounds, "rounds_short": min(rounds)}


def setup_facts() -> dict[str, Any]:
    low, high, _ = bounds(SetupConfig, "finish")
    stall_low, stall_high, stall = bounds(SetupConfig, "stall_rounds")
    tutorial = REGISTRY.get("setup").tutorial
    assert tutorial is not None
    dealt = tutorial.deal([SeatInfo(name="a"), SeatInfo(name="b")])
    return {"finish": dealt.config.finish,  # the tutorial's own finish line (its deal's config)
            "finish_min": low, "finish_max": high, "finish_2": setup_rules.default_finish_line(2),
            "finish_3": setup_rules.default_finish_line(3), "finish_4": setup_rules.default_finish_line(4),
            "stall_min": stall_low, "stall_max": stall_high, "stall_rounds": stall}


FACTS = {"deathfront": deathfront_facts(), "cubed": cubed_facts(), "setup": setup_facts()}

# Command help, registered with Discord as written: the numbers it writes by
# hand, each the fact it quotes (every locale writes each of them).
LITERAL: dict[str, tuple[str, ...]] = {
    "deathfront.cmd.discard": ("hand_limit",),
    "deathfront.cmd.keep": ("hand_limit",),
    "deathfront.cmd.mulligan": ("hand_limit",),
    "deathfront.cmd.new": ("players_few", "players_many"),
    "deathfront.cmd.opt.players": ("players_few", "players_many"),
    "deathfront.cmd.opt.round_limit": ("round_limit_min", "round_limit_max", "round_limit"),
    "cubed.cmd.opt.rounds": ("rounds_short", "rounds"),
    "setup.cmd.opt.finish": ("finish_min", "finish_max", "finish_2", "finish_3", "finish_4"),
    "setup.cmd.opt.stall_rounds": ("stall_min", "stall_max", "stall_rounds"),
}
# Numbers next to a data word that are the rulebook's own constants or an
# example's result, not a setting or a card's number: (key, the number) → why.
RULEBOOK: dict[tuple[str, str], str] = {
    ("deathfront.rules.summary", "1"): "each player draws one card a round",
    ("cubed.rules.summary", "0"): "going out scores nothing",
    ("topics.cubed.going_out.text", "0"): "going out scores nothing",
    ("tutorial.cubed.out.do", "0"): "going out scores nothing",
    ("setup.rules.summary", "1"): "one point a tile, one bonus point a tile",
    ("setup.rules.summary", "50"): "the 50 tiles of the set (5 suits of 1-10)",
    ("setup.rules.summary", "8"): "at most eight tiles a play (engines/setup/rules.py)",
    ("topics.setup.bonus.text", "1"): "one bonus point a tile",
    ("topics.setup.bonus.text", "4"): "the pictured run's score",
    ("topics.setup.finish.text", "4"): "the pictured run's score",
    ("topics.setup.run.text", "3"): "the pictured run's score",
    ("topics.setup.set.text", "3"): "the pictured set's score",
    ("tutorial.setup.bonus.learnt", "1"): "one bonus point a tile",
    ("tutorial.setup.run.do", "3"): "the scripted run's score",
}
DATA_WORDS = {
    "en": (r"\+(\d+)", r"(?i)\b(?:attack|defence|level|limit|default|up to|blocker|one-colour|two-colour|"
                       r"three-colour)\s+(\d+)", r"\b(\d+)(?:\s+|-)(?:cards?|points?)\b"),
    "zh": (r"\+(\d+)", r"(?:攻击力|攻擊力|防御|防禦|等级|等級|上限|默认|預設|最多|阻挡块|阻擋塊|单色|單色|双色|雙色|三色)\s*(\d+)",
           r"(\d+)\s*(?:张|張|分)"),
}


def in_scope(game: str, key: str) -> bool:
    return (key == f"{game}.rules.summary" or key.startswith((f"topics.{game}.", f"tutorial.{game}.",
                                                               f"{game}.cmd.", f"builder.{game}.")))


def params_of(game: str) -> dict[str, Any]:
    definition = REGISTRY.get(game)
    params = definition.rules_params()
    if definition.tutorial is not None:
        params.update(definition.tutorial.params)
    return params


def test_every_number_a_rules_text_quotes_is_the_datas():
    problems: list[str] = []
    checked = {"placeholders": 0, "literals": 0, "texts": 0}
    for game in GAMES:
        facts, params = FACTS[game], params_of(game)
        for name, value in params.items():  # what the texts are written with, read from the data now
            if name not in facts:
                problems.append(f"{game}: text param {name} has no fact to compare with")
            elif value != facts[name]:
                problems.append(f"{game}: text param {name} = {value!r}, the data say {facts[name]!r}")
        for locale in LOCALES:
            words = DATA_WORDS["en" if locale == "en" else "zh"]
            for key, raw in catalogue(locale).items():
                if not in_scope(game, key):
                    continue
                checked["texts"] += 1
                for name in PLACEHOLDER.findall(raw):
                    if name in ("cmd", "opt"):
                        continue
                    checked["placeholders"] += 1
                    if key.startswith(f"{game}.cmd."):  # registered with Discord as written: never filled
                        problems.append(f"{key} ({locale}): a command's help cannot say {{{name}}}")
                    elif name in facts and name not in params:
                        problems.append(f"{key} ({locale}): {{{name}}} is not filled")
                text = t(key, locale, **params)
                numbers = re.findall(r"\d+", text)
                for fact in LITERAL.get(key, ()):
                    checked["literals"] += 1
                    if str(facts[fact]) not in numbers:
                        problems.append(f"{key} ({locale}): says no {facts[fact]} ({fact}): {text!r}")
                if key in LITERAL:
                    continue
                bare = PLACEHOLDER.sub("{}", raw)  # numbers written with a placeholder are the data's
                for pattern in words:
                    for match in re.finditer(pattern, bare):
                        if (key, match.group(1)) not in RULEBOOK:
                            problems.append(f"{key} ({locale}): {match.group(0)!r} written by hand; "
                                            "write it from the data (text_params)")
    assert checked["texts"] > 200 and checked["placeholders"] > 40 and checked["literals"] > 20, checked
    assert not problems, "\n".join(problems)
