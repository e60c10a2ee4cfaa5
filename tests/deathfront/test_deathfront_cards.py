"""The card data file: counts, names and validation errors."""
from __future__ import annotations

import re

import pytest

from engines.deathfront.cards import CARDS_FILE, CardDataError, default_cards, load_cards

TEXT = CARDS_FILE.read_text(encoding="utf-8")


def test_card_set_has_161_cards_and_four_decks_of_39():
    cards = default_cards()
    assert cards.total() == 161
    assert len(cards.frontline) == 5
    for faction, deck in cards.decks.items():
        types = [cards.card(u).type for u in deck]
        counts = [types.count(t) for t in ("unit", "resource", "facility", "skill")]
        assert counts == [24, 10, 3, 2], faction


def test_every_card_has_three_names_and_units_have_full_stats():
    for card in default_cards().defs.values():
        assert card.name.en and card.name.zh_TW and card.name.zh_CN
        assert card.name.en.isascii() or card.id == "wehrmacht_fallschirmjager"
        if card.type == "unit":
            assert None not in (card.attack, card.defence, card.range, card.level)


def test_ruled_stats():
    defs = default_cards().defs
    assert (defs["ss_mg42"].attack, defs["uk_churchill"].defence, defs["uk_churchill"].level) == (4, 6, 2)
    assert defs["wehrmacht_flak88"].range == "L3" and defs["wehrmacht_flak88"].level == 3
    assert not defs["ss_nebelwerfer"].armoured and defs["us_priest"].armoured
    assert defs["us_supply_dump"].copies == 4 and defs["uk_supply_dump"].copies == 5
    assert defs["uk_cromwell"].has("fast") and defs["us_airborne_101"].has("airborne")


def broken(tmp_path, old, new, count=1):
    assert old in TEXT
    path = tmp_path / "cards.toml"
    path.write_text(TEXT.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "card_id", "field"),
    [
        ('attack = 4\ndefence = 4\nrange = "T"', 'attack = -1\ndefence = 4\nrange = "T"', "us_sherman",
         "attack"),
        ('range = "T"', 'range = "Q"', "us_sherman", "range"),
        ('effect = "bunker"', 'effect = "bunkr"', "us_bunker", "effect"),
        ('level = 2\nkeywords = ["armoured"]', 'level = "two"\nkeywords = ["armoured"]', "us_sherman",
         "level"),
        ('keywords = ["armoured", "fast"]', 'keywords = ["armored"]', "us_m8", "keywords"),
        ('unit_class = "sniper"', 'unit_class = "sniper"\nspeed = 3', "us_sniper", "speed"),
        # a skill's numbers are the data's (docs/rules/deathfront.md, decision 20): required
        ('effect = "last_stand"\nbonus = 1', 'effect = "last_stand"', "ss_last_stand", "bonus"),
        ('effect = "barrage"\nattack = 3\ntargets = 3', 'effect = "barrage"\nattack = 3', "wehrmacht_barrage",
         "targets"),
        ('effect = "supply_drop"\nlevel = 3', 'effect = "supply_drop"', "us_supply_drop", "level"),
    ],
)
def test_broken_file_names_card_and_field(tmp_path, old, new, card_id, field):
    path = broken(tmp_path, old, new)
    with pytest.raises(CardDataError) as err:
        load_cards(path)
    message = str(err.value)
    assert f"'{card_id}'" in message and re.search(rf"field '{field}(\.\d+)?'", message), message


def test_missing_field_and_wrong_deck_size(tmp_path):
    path = broken(tmp_path, 'range = "T"\nlevel = 2', 'level = 2')
    with pytest.raises(CardDataError, match=r"'us_sherman'.*field 'range'"):
        load_cards(path)
    path = broken(tmp_path, "copies = 4\n", "copies = 5\n")
    with pytest.raises(CardDataError, match=r"'us'.*25 unit"):
        load_cards(path)


def test_duplicate_id_and_bad_toml(tmp_path):
    path = broken(tmp_path, 'id = "us_m1919"', 'id = "us_rifle_squad"')
    with pytest.raises(CardDataError, match=r"'us_rifle_squad'.*field 'id'.*duplicate"):
        load_cards(path)
    path = broken(tmp_path, "[ranges]", "[ranges")
    with pytest.raises(CardDataError, match="cannot read"):
        load_cards(path)
