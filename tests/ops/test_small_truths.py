"""The simulator's command line, the seat-count message and the docs' links."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from i18n import LOCALES, t
from tables.errors import seat_count_error
from tables.simulate import main

ROOT = Path(__file__).resolve().parents[2]


def test_one_cubed_player_is_a_solo_game(capsys):
    assert main(["--game", "cubed", "--players", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Solo game" in out or "solo" in out.lower()


@pytest.mark.parametrize("config", ["{bad", "[1]", '{"mode": "solo"}', '{"mode": "teams", "finish": "x"}'])
def test_a_bad_config_is_one_line(capsys, config):
    assert main(["--game", "setup", "--players", "2", "--config", config]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: --config") and "Traceback" not in err


def test_a_fixed_seat_count_reads_naturally(capsys):
    assert main(["--game", "setup", "--players", "3", "--config", '{"mode": "teams"}']) == 1
    err = capsys.readouterr().err.strip()
    assert err == "error: This game needs exactly 4 players; the lobby has 3."
    for locale in LOCALES:
        exact = seat_count_error(4, 4, 3)
        assert "4–4" not in t(exact.key, locale, **exact.params) and "4" in t(exact.key, locale, **exact.params)
    ranged = seat_count_error(2, 4, 5)
    assert t(ranged.key, "en", **ranged.params) == "This game needs 2–4 players; the lobby has 5."


def test_death_front_with_three_players_says_two_or_four(capsys):
    assert main(["--game", "deathfront", "--players", "3"]) == 1
    assert capsys.readouterr().err.strip() == "error: This game needs 2 or 4 players; the lobby has 3."
    either = seat_count_error(2, 4, 3, [2, 4])
    assert t(either.key, "zh-CN", **either.params) == "这个游戏需要 2 或 4 名玩家，大厅现在有 3 人。"


def test_docs_rules_link_only_to_files_in_the_repository():
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert "shared/" not in text, page.name
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if not target.startswith(("http://", "https://", "mailto:")):
                assert (page.parent / target).exists(), (page.name, target)
