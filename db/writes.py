"""A transaction given as a list of statements, run in one go.

``Database.write([Write(...), …])`` runs them in one transaction and commits
(on SQLite in one hand-off to the connection's thread, so the write lock is
held only for SQLite's own work, not for trips through the event loop). A
statement with ``must_change`` that changes another number of rows aborts
the transaction with ``StaleWrite(game_id)``: nothing is written.
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Write(NamedTuple):
    """One statement (a NamedTuple: three are built for every action, and a
    frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``)."""

    sql: str
    params: Any = ()
    must_change: int | None = None  # rows it must change, else StaleWrite(game_id)
    game_id: int = 0
