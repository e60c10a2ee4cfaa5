"""A seat's legal actions as the page's move buttons: the action's JSON, a
short label in the reader's language (the kind's name from the catalogues,
then what the game's ``describe_moves`` says of it), the regions it goes
from and to, every (start, end) pair of regions it is made of (``steps``:
a SETUP play's placements, a Death Front attack's attackers) and a
``preview`` for the mover (a play's points, an attack's odds), and a
``confirm`` question the page asks before sending it (empty: none). A
client builds a move pair by pair from the steps (docs/web.md)."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel

from games.definition import MoveWords
from i18n import has, t
from tables.text import kind_key
from web.access import SeenTable

MAX_MOVES = 400  # a page cannot show more; the engine's order keeps the first


def move_id(action_json: dict[str, Any]) -> str:
    text = json.dumps(action_json, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def kind_name(game_type: str, action: BaseModel, locale: str) -> str:
    kind = getattr(action, "kind", None) or type(action).__name__.lower()
    key = kind_key(game_type, kind)
    return t(key, locale) if has(key) else kind


def legal_moves(table: SeenTable, seat: int, locale: str) -> list[dict[str, Any]]:
    """``seat``'s moves now (none when it is not to act). CPU work: the
    caller runs it off the event loop."""
    if seat not in table.to_act() or table.state is None:
        return []
    actions = list(table.engine.legal_actions(table.state, seat))
    widen = table.definition.widen_actions
    if widen is not None:
        actions = widen(table.state, seat, actions)
    actions = actions[:MAX_MOVES]
    describe = table.definition.describe_moves
    words = describe(table.state, seat, actions, locale) if describe is not None else [MoveWords("")] * len(actions)
    return [move_json(table, action, said, locale) for action, said in zip(actions, words)]


def move_json(table: SeenTable, action: BaseModel, said: MoveWords, locale: str) -> dict[str, Any]:
    """One move as the page reads it: id, label, action, from, to, steps, preview, confirm."""
    data = table.engine.action_to_json(action)
    kind = kind_name(table.record.game_type, action, locale)
    label = t("web.move.label", locale, kind=kind, what=said.detail) if said.detail else kind
    steps = [list(pair) for pair in said.steps] or (
        [[said.start, said.end]] if said.start is not None and said.end is not None else [])
    return {"id": move_id(data), "label": label, "action": data, "from": said.start, "to": said.end,
            "steps": steps, "preview": said.preview, "confirm": said.confirm}
