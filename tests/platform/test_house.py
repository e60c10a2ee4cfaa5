"""Issue 20's targets as tools.house measures them, and the tool itself on a tiny tree."""
from __future__ import annotations

from pathlib import Path

import pytest

from tools import house


@pytest.fixture(scope="module")
def measured() -> dict[str, list[str]]:
    return house.report()


@pytest.mark.parametrize("title", house.TITLES)
def test_house_target_met(measured: dict[str, list[str]], title: str) -> None:
    offenders = measured[title]
    if offenders:
        pytest.fail(f"{title}: {len(offenders)}\n" + "\n".join(f"  {item}" for item in offenders), pytrace=False)


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_house_finds_misses_in_a_tiny_tree(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engines/__init__.py": "",
        "engines/cubed/__init__.py": "",
        "engines/cubed/engine.py": "from engines.cubed import rules\n",
        "engines/cubed/rules.py": "from engines.cubed.engine import CubedEngine\n",
        "render/cubed_board.py": "import engines.cubed.engine\n",
        "tables/registry.py": "GAMES = ['engines.cubed.engine:CubedEngine']\n",
        "tables/play.py": (
            "from collections import namedtuple\n"
            "import tables.registry\n"
            "Point = namedtuple('Point', 'x y')\n"
            "p = Point(1, 2)._replace(x=3)\n"
            "q = p._asdict(), Point._fields, Point._make([1, 2])\n"
            "r = tables.registry._hidden\n"
        ),
        "tables/live.py": "LOADER = 'render.cubed_board:draw'\n",
        "tables/mixins.py": "class A:\n    pass\nclass B:\n    pass\nclass C(A, B):\n    pass\nclass PlayMixin:\n    pass\n",
        "tables/long.py": "x = 1\n" * (house.MAX_LINES + 1),
    })
    found = house.report(root=root)
    assert list(found) == list(house.TITLES)
    assert found["import cycles"] == ["engines.cubed.engine ↔ engines.cubed.rules"]
    assert found[house.TITLES[1]] == ["tables.live: cubed"]
    assert found["uses of another module's private names"] == ["tables.play:6: tables.registry._hidden"]
    assert found["mixin classes"] == ["tables.mixins.C", "tables.mixins.PlayMixin"]
    assert [item.split()[0] for item in found[house.TITLES[4]]] == ["tables.long"]


def test_house_passes_a_clean_tree(tmp_path: Path) -> None:
    root = write(tmp_path, {
        "engines/setup/engine.py": "from engines.setup import rules\n",
        "engines/setup/rules.py": "RULES = 1\n",
        "render/setup/board.py": "from engines.setup.rules import RULES\n",
        "cogs/play/builder/setup.py": "import render.setup.board\n",
        "cogs/games/setup.py": "import cogs.play.builder.setup\nimport games.setup\n",
        "games/setup.py": "ENGINE = 'engines.setup.engine:SetupEngine'\n",
    })
    assert not any(house.report(root=root).values())
