"""Hints in casual games (issue 23): with the lobby's "hints" switch on
(``games.options.HINTS``), a player to act may ask for the AI's suggested
move, shown to them alone with a short reason.

The move is the search AI's at ``normal`` (``engines.ai.choose_action``),
worked out in the thinking pool on the seat's *information state*
(``engine.information_state``): the pool never receives another seat's
hidden cards, so the hint cannot depend on them. Its budget is the level's
iterations without the time limit, and its seed names the table, the
version and the seat: the same question gets the same answer, whatever the
machine's load. The reason is what the game itself says of the move one
ply ahead (``GameDefinition.describe_moves``' preview: the points it
scores, what it leaves in the hand, an attack's sum against the defence),
else a word per kind of move, else that the search judged it best.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from engines import ai
from engines.base import GameEngine
from engines.search import Budget
from games.definition import GameDefinition
from games.options import hints_on
from i18n import has, t
from tables.errors import TableError
from tables.live import LiveTable
from tables.review_show import move_text
from tables.thinking import ThinkingPool

LEVEL = "normal"
KEPT = 64  # hints remembered (one per table, version and seat): a second click answers at once


@dataclass(frozen=True)
class Hint:
    table_id: int
    seat: int
    version: int
    action: BaseModel
    info: Any  # the seat's information state the hint was worked out on


def hint_budget(engine: GameEngine[Any, Any]) -> Budget:
    """``normal``'s iterations, no time limit: reproducible under load."""
    return replace(ai.budget_for(engine, LEVEL), seconds=None)


def hint_seed(table_id: int, version: int, seat: int) -> str:
    return f"hint:{table_id}:{version}:{seat}"


def require_hint_seat(table: LiveTable, user_id: int) -> int:
    """The caller's seat, if they may have a hint now; else a refusal."""
    if table.record.status != "playing" or table.state is None:
        raise TableError("hints.no_game")
    if not hints_on(table.record.config):
        raise TableError("hints.off_refusal")
    seat = table.seat_of(user_id)
    if seat is None or table.seats[seat].is_ai:  # not seated, or resigned (the AI plays the seat)
        raise TableError("hints.not_player")
    if seat not in table.to_act():
        raise TableError("hints.not_your_turn")
    return seat


class Hints:
    def __init__(self, thinking: ThinkingPool) -> None:
        self.thinking = thinking
        self._kept: dict[tuple[int, int, int], Hint] = {}

    async def suggest(self, table: LiveTable, user_id: int) -> Hint:
        seat = require_hint_seat(table, user_id)
        version, state, engine = table.record.version, table.state, table.engine
        key = (table.id, version, seat)
        if key in self._kept:
            return self._kept[key]
        info = engine.information_state(state, seat)
        action = await self.thinking.choose(engine, info, seat, LEVEL, hint_seed(table.id, version, seat),
                                              hint_budget(engine))
        hint = Hint(table.id, seat, version, action, info)
        if len(self._kept) >= KEPT:
            self._kept.pop(next(iter(self._kept)))
        self._kept[key] = hint
        return hint


def reason(definition: GameDefinition, hint: Hint, locale: str) -> str:
    """Why, in the game's terms: the move's one-ply preview, else its kind's word, else the search's."""
    _, words = move_text(definition, hint.info, hint.seat, hint.action, locale)
    if words.preview:
        return words.preview
    kind = getattr(hint.action, "kind", "")
    key = f"hints.why.{definition.game_type}_{kind}"
    return t(key if has(key) else "hints.why.search", locale)


def hint_text(definition: GameDefinition, hint: Hint, locale: str) -> str:
    """"💡 The AI suggests: Play ★7→C1 — why: scores 6 points…" (the move as the builder names it)."""
    move, _ = move_text(definition, hint.info, hint.seat, hint.action, locale)
    return t("hints.text", locale, move=move, why=reason(definition, hint, locale))
