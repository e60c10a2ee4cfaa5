"""The page's log speaks to its reader: a player's own actions in the second
person ("You pass.", "你跳过。"), never "You passes."; another player and a
watcher read the name. And a local session is no longer named "You" for
everyone else to read."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engines.base import Event
from i18n import t
from tests.webboard.kit import local_player, new_table, table_json, web_front
from web.game_log import second_person

CATALOGUES = Path(__file__).resolve().parents[2] / "i18n"
LOGS = {"core": ("log",), "setup": ("ev",), "cubed": ("ev",), "deathfront": ("ev",)}
# "{seat} acts" — a sentence whose subject is a seat, or a seat's possession ("{seat}'s card").
SUBJECT = re.compile(r"(^|[.!:;] )\{seat\}(?!:)")
THIRD_PERSON = re.compile(r"\b[Yy]ou (passes|keeps|acts|plays|deploys|moves|places|takes|skips|discards|wins|gets|"
                          r"attacks|proposes|agrees|declines|advances|does|starts|ends|is|has)\b|\b[Yy]ou's\b")


def log_keys() -> list[tuple[str, str, str]]:
    found = []
    for namespace, sections in LOGS.items():
        data = tomllib.loads((CATALOGUES / "en" / f"{namespace}.toml").read_text(encoding="utf-8"))
        for section in sections:
            found += [(namespace, section, name) for name, text in data[section].items()
                      if isinstance(text, str) and (SUBJECT.search(text) or "{seat}'s" in text)]
    return found


@pytest.mark.parametrize(("namespace", "section", "name"), log_keys())
def test_every_line_about_a_seat_has_its_second_person(namespace, section, name):
    event = Event(key=f"{namespace}.{section}.{name}", params={"seat": 1})
    variant = second_person(event, 1)
    assert variant.key == f"{namespace}.{section}_you.{name}"
    for locale in ("en", "zh-CN", "zh-TW"):
        text = t(variant.key, locale, seat="Ada", target_seat="Bo", to_seat="Bo", round=2, rounds=3, move="★7→C1",
                 points=3, total=9, tiles="★7", count=2, piece="SLR", cell="B4", rotation=1, bag=5, returned=2,
                 left=3, card="Sherman", from_cell="B3", to_cell="B4", skill="Barrage", defence=3, level=2,
                 bonus=1, attackers="B3")
        assert "Ada" not in text and ("You" in text or "you" in text or "Your" in text or "你" in text), text
        assert not THIRD_PERSON.search(text), text


def test_the_reader_of_the_seat_acted_on_reads_you_too():
    attack = Event(key="deathfront.ev.attack_hit", params={"seat": 0, "target_seat": 1, "card": "Sherman"})
    assert second_person(attack, 0).key == "deathfront.ev_you.attack_hit"
    assert second_person(attack, 1).key == "deathfront.ev_you.attack_hit_to_you"
    assert second_person(attack, 2) is attack and second_person(attack, None) is attack
    started = Event(key="core.log.started")
    assert second_person(started, 0) is started


@pytest.mark.parametrize(("locale", "mine", "theirs"), [
    ("en", "You keep your hand.", "Player 1 keeps their hand."),
    ("zh-CN", "你保留手牌。", "玩家 1 保留手牌。"),
])
async def test_the_players_log_says_you_and_the_watchers_the_name(database_url, locale, mine, theirs):
    async with web_front(database_url) as front:
        ada = await local_player(front, name="", locale=locale)  # no name given: "Player 1", never "You"
        watcher = await local_player(front, "Cy", locale)
        table_id = await new_table(ada, "deathfront")
        data = await table_json(ada, table_id)
        keep = next(move for move in data["moves"] if move["action"]["kind"] == "keep")
        answer = await ada.post(f"/api/tables/{table_id}/actions",
                                json={"action": keep["action"], "version": data["version"]})
        assert answer.status == 200
        own = (await table_json(ada, table_id))["log"]
        seen = (await table_json(watcher, table_id))["log"]
        assert mine in own and theirs not in own
        assert theirs in seen and mine not in seen
        text = "\n".join(own + seen)
        assert not THIRD_PERSON.search(text) and "You keeps" not in text and "You passes" not in text, text
        assert data["seats"][0]["name"] == ("Player 1" if locale == "en" else "玩家 1")
        await ada.close()
        await watcher.close()
