"""LOG_LEVEL=DEBUG: whole games of every game leave no hidden tile, piece or
card (hands, bag, decks) in the log records."""
from __future__ import annotations

import json
import logging

import pytest

from app.logs import PARAMETER_LOGGERS, configure_logging
from app.settings import Settings
from tables import simulate as sim
from tables.changes import Changes

HIDDEN_FIELDS = ("hands", "bag", "decks", "deck", "pending")


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def encodings(items: list) -> set[str]:
    """The ways a hidden list would show up in a log line."""
    return {json.dumps(items), json.dumps(items, ensure_ascii=False),
            json.dumps(items, separators=(",", ":")), json.dumps(items, ensure_ascii=False, separators=(",", ":")),
            repr(items)}


@pytest.fixture
def debug_logs():
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    configure_logging(Settings(discord_token="not-a-real-token", log_level="DEBUG", _env_file=None))
    capture = Capture()
    root.addHandler(capture)
    yield capture
    root.setLevel(saved[0])
    root.handlers[:] = saved[1]
    for name in PARAMETER_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)


@pytest.mark.parametrize(("game", "players"), [("setup", 4), ("cubed", 3), ("deathfront", 2)])
async def test_a_whole_game_at_debug_logs_nothing_hidden(debug_logs, monkeypatch, capsys, game, players):
    secrets: set[str] = set()
    snapshots: list[str] = []
    original = Changes.commit

    async def remembering(self, table, seat, action, by_ai):
        events = await original(self, table, seat, action, by_ai)
        state = table.engine.state_to_json(table.state)
        snapshots.append(json.dumps(state, ensure_ascii=False, separators=(",", ":")))
        for name in HIDDEN_FIELDS:
            value = state.get(name)
            lists = value if value and isinstance(value[0], list) else [value or []]
            secrets.update(e for items in lists if len(items) >= 2 for e in encodings(items))
        return events

    monkeypatch.setattr(Changes, "commit", remembering)
    await sim.simulate(game, players, seed=5, out=None)

    assert logging.getLogger().getEffectiveLevel() == logging.DEBUG
    assert secrets and len(debug_logs.messages) > 10  # the game was logged, and it had secrets
    leaks = [m[:200] for m in debug_logs.messages if any(s in m for s in secrets)]
    assert leaks == []
    for snap in snapshots[::25]:
        assert not any(snap[:60] in m for m in debug_logs.messages)
