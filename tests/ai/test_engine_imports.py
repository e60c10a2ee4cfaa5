"""The rules do not depend on the AI: importing a game's engine, in a fresh
interpreter, loads none of that game's AI modules nor the AI front door
(the AI imports the engine, never the other way round)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("setup", "cubed", "deathfront")


def ai_modules(game: str) -> set[str]:
    """Every ``ai*`` module under ``engines/<game>/``, plus ``engines.ai``."""
    return {f"engines.{game}.{p.stem}" for p in (ROOT / "engines" / game).glob("ai*.py")} | {"engines.ai"}


def modules_loaded_by(module: str) -> set[str]:
    code = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr  # an import circle fails here
    return set(json.loads(done.stdout))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_engine_loads_without_its_ai(game):
    ai = ai_modules(game)
    assert f"engines.{game}.ai" in ai  # the check looks at real modules
    loaded = modules_loaded_by(f"engines.{game}.engine")
    assert f"engines.{game}.engine" in loaded
    assert loaded & ai == set()
