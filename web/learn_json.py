"""A tutorial on the web board: one player's progress in one game's
tutorial (engines/tutorial.py runs it; db/tutorials.py keeps it, the same
rows as Discord's /learn) and its JSON, shaped as a table's JSON
(web/table_json.py: board and hand with their regions, the learner's moves
with their ``steps``) so the page's tap code plays it as it plays a table.
Never a game of the table service: no games row, no rating, no history."""
from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Any

from engines.tutorial import LEARNER, Step, Tutorial
from games.definition import GameDefinition
from i18n import has, t
from render.lru import LruCache
from tables.learning import Learning, load_learning, new_learning
from tables.records import GameRecord, TutorialRepo
from tables.text import game_name
from web.access import SeenTable
from web.moves import legal_moves, move_id, move_json
from web.pictures import Pictures, png_size

PICTURES_KEPT = 64


def as_table(learning: Learning) -> SeenTable:
    """The tutorial as the web's move code reads a table (id 0: never a game)."""
    now = time.time()
    record = GameRecord(game_type=learning.game_type, guild_id=None, channel_id=0, host_id=learning.user_id,
                        status="finished" if learning.finished else "playing", seats=learning.seats(), seed=0,
                        version=learning.step, created_at=now, updated_at=now)
    return SeenTable(record, learning.definition, learning.state, True, [LEARNER])


async def load_or_start(repo: TutorialRepo, definition: GameDefinition, user_id: int, name: str) -> Learning:
    """The stored tutorial (``tables.learning``), else a new one, saved."""
    learning = await load_learning(repo, definition, user_id, name)
    if learning is None:
        learning = new_learning(definition, user_id, name)
        await learning.save(repo)
    return learning


class LearnPictures:
    """The tutorial's board (the step's cells outlined) and the learner's
    hand, drawn off the event loop and kept a while: a page's JSON and its
    PNG requests draw once."""

    def __init__(self) -> None:
        self._kept: LruCache[tuple[Any, ...], bytes] = LruCache(PICTURES_KEPT)

    async def draw(self, learning: Learning, kind: str, locale: str) -> bytes | None:
        state_text = learning.state.model_dump_json()
        key = (learning.game_type, learning.user_id, learning.step, kind, locale,
               hashlib.sha1(state_text.encode()).hexdigest())
        kept = self._kept.lookup(key)
        if kept is not None:
            return kept
        png = await asyncio.to_thread(self._draw, learning, kind, locale)
        if png is not None:
            self._kept.put(key, png)
        return png

    @staticmethod
    def _draw(learning: Learning, kind: str, locale: str) -> bytes | None:
        engine = learning.definition.engine
        renderer: Any = learning.definition.renderer  # the games' renderers take highlight=; the base does not
        if kind == "hand":
            view = engine.private_view(learning.state, LEARNER)
            png: bytes | None = renderer.hand_png(view, locale) if view is not None else None
            return png
        highlight = () if learning.finished else learning.tutorial.steps[learning.step].highlight
        public = engine.public_view(learning.state)
        if highlight:  # as /learn draws it: the builder's yellow rings
            png = renderer.board_png(public, locale, highlight=highlight)
        else:
            png = renderer.board_png(public, locale)
        return png


def learner_moves(learning: Learning, locale: str) -> list[dict[str, Any]]:
    """The learner's legal moves as the table's JSON lists them, and the
    step's taught move among them even where the engine lists a
    representative few (a SETUP play of two tiles): the other moves are
    there to be tried and refused with the step's explanation."""
    if learning.finished:
        return []
    seen = as_table(learning)
    moves = legal_moves(seen, LEARNER, locale)
    taught = learning.tutorial.steps[learning.step].expect
    if move_id(learning.definition.engine.action_to_json(taught)) not in {move["id"] for move in moves}:
        describe_moves = learning.definition.describe_moves
        if describe_moves is not None:
            words = describe_moves(learning.state, LEARNER, [taught], locale)[0]
            moves.insert(0, move_json(seen, taught, words, locale))
    return moves


def web_key(tutorial: Tutorial, step: Step, part: str) -> str:
    """A step's text as the web says it: ``<part>_web`` where the catalogue
    has one (a step whose words name Discord's controls: "press Swap tiles,
    choose the four, Confirm" is one swap button here), else ``<part>``."""
    key = tutorial.key(step, f"{part}_web")
    return key if has(key) else tutorial.key(step, part)


def texts(learning: Learning, locale: str) -> dict[str, Any]:
    """The step's title and what to do; after the last step, the summary."""
    tutorial, game = learning.tutorial, game_name(learning.game_type, locale)
    if learning.finished:
        return {"title": t("tutorial.summary.title", locale, game=game), "heading": "", "text": "",
                "summary": {"learnt": t("tutorial.summary.learnt", locale),
                            "lines": [t(tutorial.key(step, "learnt"), locale) for step in tutorial.steps],
                            "next": t("web.learn.next", locale), "again": t("web.learn.again", locale)}}
    step = tutorial.steps[learning.step]
    return {"title": t("tutorial.title", locale, game=game),
            "heading": t("tutorial.step", locale, step=learning.step + 1, steps=len(tutorial.steps),
                         name=t(tutorial.key(step, "name"), locale)),
            "text": t(web_key(tutorial, step, "do"), locale, **tutorial.params), "summary": None}


async def learn_json(learning: Learning, pictures: LearnPictures, locale: str,
                     notes: list[str] | None = None) -> dict[str, Any]:
    """The page's JSON: a table's shape (board, hand, moves, you, version =
    the step) and the tutorial's own words."""
    game, seen = learning.game_type, as_table(learning)
    base = f"/api/learn/{game}"
    engine = learning.definition.engine
    board: dict[str, Any] | None = None
    hand: dict[str, Any] | None = None
    png = await pictures.draw(learning, "board", locale)
    if png is not None:
        width, height = png_size(png)
        view = engine.public_view(learning.state)
        regions = Pictures.regions(seen, "board", view, locale)
        board = {"png": f"{base}/board.png?step={learning.step}&lang={locale}", "width": width, "height": height,
                 "regions": regions, "names": Pictures.names(seen, "board", view, regions, locale),
                 "alt": learning.definition.renderer.board_alt(view, locale)}
    own = await pictures.draw(learning, "hand", locale)
    own_view = engine.private_view(learning.state, LEARNER)
    if own is not None and own_view is not None:
        width, height = png_size(own)
        regions = Pictures.regions(seen, "hand", own_view, locale)
        hand = {"png": f"{base}/hand.png?step={learning.step}&lang={locale}", "width": width, "height": height,
                "regions": regions, "names": Pictures.names(seen, "hand", own_view, regions, locale),
                "alt": learning.definition.renderer.hand_alt(own_view, locale)}
    return {
        "game_type": game, "game_name": game_name(game, locale), "locale": locale,
        "table_id": None, "version": learning.step, "step": learning.step, "steps": len(learning.tutorial.steps),
        "finished": learning.finished, "status": seen.record.status, "you": LEARNER, "watching": False,
        "seats": [{"seat": i, "name": seat.name, "ai": seat.is_ai, "yours": i == LEARNER}
                  for i, seat in enumerate(seen.record.seats)],
        "to_act": seen.to_act(), "board": board, "hand": hand,
        "moves": await asyncio.to_thread(learner_moves, learning, locale),
        "continues": False,  # the taught move is listed: nothing to build on the server
        "notes": list(notes or []), **texts(learning, locale),
    }
