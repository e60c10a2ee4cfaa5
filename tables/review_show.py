"""A stored review (``tables.review``) worded and drawn for one viewer:
per judged move, the words (the move played, the better one, the gain in
the game's own terms, the AI's judgement) and the picture of the public
board before it with both moves marked. CPU work: run it in a thread."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine
from games.definition import GameDefinition, MoveWords
from i18n import has, t
from render.review import review_picture
from tables import review
from tables.text import kind_key

MIN_SHOWN_GAIN = 0.5  # a measure that moved less is left out


@dataclass
class ShownItem:
    seq: int
    text: str
    picture: bytes
    alt: str


def move_text(definition: GameDefinition, state: Any, seat: int, action: BaseModel, locale: str) -> tuple[str, MoveWords]:
    """"Play: ★7→C1" — the kind's name and what the game says of the move."""
    kind = getattr(action, "kind", None) or type(action).__name__.lower()
    key = kind_key(definition.game_type, kind)
    name = t(key, locale) if has(key) else kind
    describe = definition.describe_moves
    words = describe(state, seat, [action], locale)[0] if describe is not None else MoveWords("")
    return (t("review.move", locale, kind=name, what=words.detail) if words.detail else name), words


def _amount(value: float, exact: bool, locale: str) -> str:
    """"+4", "−2", "about +3.4": the signed change, "about" when it is an estimate."""
    digits = f"{abs(value):.0f}" if exact or abs(value) >= 10 else f"{abs(value):.1f}".removesuffix(".0")
    number = ("+" if value > 0 else "−") + digits
    return number if exact else t("review.about", locale, amount=number)


def gain_text(game_type: str, item: dict[str, Any], locale: str) -> str:
    """The best move's gain over the played one in the game's own terms
    (``Knowledge.review_measures``), the measures that moved."""
    if item.get("wins_now"):
        return t("review.gain.wins", locale)
    parts = []
    for name, value in item["gains"].items():
        key = f"review.gain.{game_type}.{name}"
        if abs(value) >= MIN_SHOWN_GAIN and has(key):
            parts.append(t(key, locale, amount=_amount(value, bool(item["exact"].get(name)), locale)))
    if not parts:
        return t("review.gain.position", locale)
    return t("review.gain.some", locale, gains=t("review.gain.separator", locale).join(parts))


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def board_boxes(regions: dict[str, tuple[int, int, int, int]], words: MoveWords) -> list[tuple[int, int, int, int]]:
    """Where the move is on the board: its steps' ends (and starts on the board), else its start and end."""
    ids: list[str | None] = [i for pair in words.steps for i in pair] or [words.start, words.end]
    return [regions[i] for i in dict.fromkeys(i for i in ids if i is not None) if i in regions]


def shown_items(definition: GameDefinition, record: Any, actions: list[tuple[int, int, dict[str, Any]]], seat: int,
                data: dict[str, Any], locale: str) -> list[ShownItem]:
    engine: GameEngine[Any, Any] = definition.engine
    renderer = definition.renderer
    wanted = {item["seq"] for item in data["items"]}
    before = {seq: state for seq, _, state, _ in review.replayed(engine, record, actions) if seq in wanted}
    out = []
    for number, item in enumerate(data["items"], start=1):
        state = before.get(item["seq"])
        if state is None:
            continue
        played, best = engine.action_from_json(item["played"]), engine.action_from_json(item["best"])
        played_text, played_words = move_text(definition, state, seat, played, locale)
        best_text, best_words = move_text(definition, state, seat, best, locale)
        view = engine.public_view(state)
        regions = {r.id: r.box for r in renderer.board_regions(view, locale)}
        picture = review_picture(renderer.board_png(view, locale), board_boxes(regions, played_words),
                                 board_boxes(regions, best_words),
                                 t("review.legend.played", locale, move=played_text),
                                 t("review.legend.better", locale, move=best_text), board=regions.values())
        lines = [t("review.item.title", locale, number=number, move=item["seq"]),
                 t("review.item.played", locale, move=played_text),
                 t("review.item.better", locale, move=best_text),
                 gain_text(definition.game_type, item, locale),
                 t("review.item.judgement", locale, played=_percent(item["value_played"]),
                   best=_percent(item["value_best"]))]
        out.append(ShownItem(item["seq"], "\n".join(lines), picture,
                             t("review.alt", locale, move=item["seq"], played=played_text, better=best_text)[:1000]))
    return out
