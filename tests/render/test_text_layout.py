"""Issue 21: no cut or overlapping text in any picture of any game.

Whole AI games of each game are played with long and short, Latin and
Chinese display names; at a sample of states (start, quarter, middle, three
quarters, end, and the fullest board) every board (public view), every hand
(each seat's private view) and the move builder's previews are drawn in
English, Simplified and Traditional Chinese, and every text of every picture
is checked (``tests.support.text_layout``):

- inside the picture, and inside the sprite it was drawn on (a tile, a cube);
- over no other text (1.5 px of antialiased edge may touch) — except where a
  text is layered on purpose, each such case named below with its reason;
- inside the room its caller gave it (``max_width``);
- not cut. The rule for "…": game words (card names, headers, legends,
  codes, numbers) are never cut. Players' display names may be cut, as they
  can be up to 32 characters of any script: a text may end in "…" only when
  the cut falls inside a display name and nothing after that name but
  closing brackets is lost (so "To act: Alexandr… (US)" is right and
  "To act: Alexandria Feathe…" is a defect: the faction tag went missing).
"""
from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

import pytest

from bench import states
from engines.base import SeatInfo
from tests.support.text_layout import Layered, LayoutRecorder, Placed, problems

LOCALES = ("en", "zh-CN", "zh-TW")
# Discord display names are at most 32 characters.
NAMES = ["Alexandria Featherstonehaugh-Smy", "李雷", "Zoë", "韩梅梅同学的超长显示名称真的很长很长"]
SAMPLES = (0, 0.25, 0.5, 0.75, 1.0)
GAMES = [
    pytest.param("setup", 2, {}, 3, id="setup-2"),
    pytest.param("setup", 4, {"mode": "teams"}, 1, id="setup-teams"),
    pytest.param("setup", 3, {"finish": 50}, 5, id="setup-3-to-50"),
    pytest.param("cubed", 3, {}, 1, id="cubed-3"),
    pytest.param("cubed", 2, {"rounds": 1, "draw3": True, "bridge": True, "fill": True}, 4, id="cubed-variants"),
    pytest.param("cubed", 1, {"solo": True, "rounds": 1}, 2, id="cubed-solo"),
    pytest.param("cubed", 11, {}, 1, id="cubed-11"),
    pytest.param("deathfront", 2, {"players": 2}, 1, id="deathfront-2"),
    pytest.param("deathfront", 4, {"players": 4}, 6, id="deathfront-4"),
]
_table_ids = itertools.count(1000)


def label_covers(name: str) -> Layered:
    return Layered("preview label", "the builder writes the chosen card's name on a white band across the cell "
                   "it would stand on, over what stands there now",
                   lambda below, above: above.wanted == name)


def play(game: str, players: int, config: dict, seed: int):
    spec = states.spec(game)
    engine = spec.engine
    table_config = states.table_config(game, players, config)
    seats = [SeatInfo(name=NAMES[i % len(NAMES)]) for i in range(players)]
    state = engine.new_game(engine.config_from_json(table_config), seats, seed)
    rng = random.Random(seed)
    run = [state]
    for _ in range(states.MAX_STEPS):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.ai_action(state, seat, rng))
        run.append(state)
    return spec, run


def sample(game: str, run: list) -> list:
    """Start, quarters, end, the fullest board, and the first state of
    every kind the pictures show differently (a phase, a step, a recap)."""
    picked = {round(f * (len(run) - 1)) for f in SAMPLES}
    weights = [_weight(game, s) for s in run]
    picked.add(max(range(len(run)), key=weights.__getitem__))
    firsts: dict[tuple, int] = {}
    for i, state in enumerate(run):
        firsts.setdefault(_kind(game, state), i)
    picked.update(firsts.values())
    if game == "cubed":  # the fullest table the builder previews a piece on
        from engines.cubed import choices

        open_turns = [i for i, s in enumerate(run) if s.phase in ("turn", "drawn", "bonus")
                      and choices.fitting_pieces(s, s.current)]
        if open_turns:
            picked.add(max(open_turns, key=weights.__getitem__))
    return [run[i] for i in sorted(picked)]


def _kind(game: str, state) -> tuple:
    if game == "cubed":
        return state.phase, not state.table and bool(state.previous_table), bool(state.pending)
    if game == "deathfront":
        return state.step, state.pending_advance is not None, state.end_vote is not None, state.result is not None
    return (state.mode if hasattr(state, "mode") else "",)


def _weight(game: str, state) -> int:
    if game == "cubed":
        return len(state.table)
    if game == "deathfront":
        return len(state.pieces) + len(state.facilities)
    return sum(len(v) for v in getattr(state, "stacks", {}).values()) if hasattr(state, "stacks") else 0


def fake_table(spec, state):
    return SimpleNamespace(id=next(_table_ids), record=SimpleNamespace(seed=0, version=0), engine=spec.engine,
                           state=state, definition=SimpleNamespace(renderer=spec.renderer))


def pictures(game: str, spec, state, locale: str, players: int):
    """(what, png, layered exceptions) of every picture of ``state``."""
    engine = spec.engine
    yield "board", spec.renderer.board_png(engine.public_view(state), locale), ()
    for seat in range(players):
        view = engine.private_view(state, seat)
        if view is not None:
            yield f"hand of seat {seat}", spec.renderer.hand_png(view, locale), ()
    if not engine.is_over(state):
        yield from PREVIEWS[game](spec, state, locale)


def setup_previews(spec, state, locale):
    from cogs.play.builder import setup as builder

    seat = spec.engine.to_act(state)[0]
    view = spec.engine.private_view(state, seat)
    table = fake_table(spec, state)
    free = list(view.allowed_squares)
    tiles = list(view.hand) + list(view.common)
    yield "setup preview (choose)", builder.preview_png(table, [], free, [], "? → ?", locale), ()
    if tiles and free:
        placement = (tiles[0], free[0])
        text = f"{placement[0]} {placement[1]}"
        yield ("setup preview (chosen)", builder.preview_png(table, [placement], free[1:], free[1:2], text, locale),
               (label_covers(placement[0]),))


def cubed_previews(spec, state, locale):
    from cogs.play.builder import cubed as builder
    from engines.cubed import choices

    seat = state.current
    pieces = choices.fitting_pieces(state, seat) if state.phase in ("turn", "drawn", "bonus") else []
    if not pieces:
        return
    table = fake_table(spec, state)
    where = choices.placements_of(state, seat, pieces[0])
    cell = list(where)[-1]
    yield "cubed preview (cells)", builder.preview_png(table, seat, pieces[0], list(where), locale=locale), ()
    view = spec.engine.public_view(state)
    covered = {choices.cell_text(cell)} | {c.label for c in view.labels if (c.q, c.r) == cell}
    piece_covers = Layered("previewed piece", "the builder draws the chosen piece on the open cell it would fill, "
                           "over that cell's label and q,r", lambda below, above: below.wanted in covered)
    yield ("cubed preview (piece)",
           builder.preview_png(table, seat, pieces[0], list(where), cell, where[cell][-1], locale), (piece_covers,))


def deathfront_previews(spec, state, locale):
    from cogs.play.builder import deathfront as builder
    from engines.deathfront import choices
    from engines.deathfront import rules as R
    from engines.deathfront.cards import card_name

    seat = spec.engine.to_act(state)[0]
    table = fake_table(spec, state)
    occupied = sorted(state.pieces)
    if state.step == "deploy" and choices.deployable(state, seat):
        uid = choices.deployable(state, seat)[0]
        cells = R.deploy_cells(state, seat, uid)
        if cells:
            name = card_name(uid, locale)
            yield ("deathfront preview (deploy)",
                   builder.preview_png(table, [], cells, [cells[0]], f"{name} → {cells[0]}", name, locale=locale),
                   (label_covers(name),))
    if occupied:
        name = card_name(state.pieces[occupied[0]], locale)
        yield ("deathfront preview (on a unit)",
               builder.preview_png(table, occupied[1:2], occupied[2:], occupied[:1], f"{name} → {occupied[0]}", name,
                                   locale=locale), (label_covers(name),))


PREVIEWS = {"setup": setup_previews, "cubed": cubed_previews, "deathfront": deathfront_previews}


@pytest.mark.parametrize(("game", "players", "config", "seed"), GAMES)
def test_no_text_is_cut_or_overlaps_over_a_whole_game(game, players, config, seed):
    spec, run = play(game, players, config, seed)
    assert spec.engine.is_over(run[-1]), "the AI game did not end"
    found: dict[str, list[str]] = {}
    checked = 0
    with LayoutRecorder() as recorder:
        for state in sample(game, run):
            for locale in LOCALES:
                for what, png, layered in pictures(game, spec, state, locale, players):
                    size, texts = recorder.texts_of(png)
                    assert texts, f"no text heard in the {what}"
                    checked += 1
                    for problem in problems(size, texts, NAMES, layered):
                        found.setdefault(problem, []).append(f"{locale} {what}")
    assert checked >= 15
    report = [f"{problem}  [{', '.join(sorted(set(where))[:3])}]" for problem, where in found.items()]
    assert not report, "\n".join(report[:40])


def test_the_checker_finds_what_it_should():
    """Each check can fail: a cut word, an overlap, a text past its image or
    its room, and a name cut that loses a game word."""
    def text(s: str, box, wanted: str | None = None, allowed=None, order: int = 0) -> Placed:
        return Placed(s, wanted or s, 16, box, (box[0], box[2]), allowed, order=order)

    assert problems((100, 100), [text("ok", (0, 0, 20, 16))]) == []
    assert problems((100, 100), [text("a", (0, 0, 20, 16)), text("b", (10, 5, 30, 20))])  # overlap
    assert problems((100, 100), [text("a", (0, 0, 20, 16)), text("b", (19, 0, 40, 16))]) == []  # 1 px touch
    assert problems((100, 100), [text("a", (90, 0, 110, 16))])  # past the image
    assert problems((100, 100), [text("a", (0, 0, 50, 16), allowed=(0, 40))])  # past its room
    assert problems((100, 100), [text("Deplo…", (0, 0, 50, 16), "Deploy phase")])  # a game word cut
    cut_name = text("To act: Alexandr…", (0, 0, 90, 16), "To act: Alexandria")
    assert problems((100, 100), [cut_name], ["Alexandria"]) == []
    lost_tag = text("To act: Alexandr…", (0, 0, 90, 16), "To act: Alexandria (US) and more")
    assert problems((100, 100), [lost_tag], ["Alexandria"])
    layered = Layered("badge", "on purpose", lambda below, above: above.text == "b")
    assert problems((100, 100), [text("a", (0, 0, 20, 16), order=1), text("b", (10, 5, 30, 20), order=2)],
                    layered=[layered]) == []


def test_the_recorder_follows_texts_into_the_final_picture():
    """Texts drawn once on a cached tile sprite land in their cell of the
    board; through the preview's crop, caption band and JPEG they still meet
    the label written over them (the named exception, and only it, lets
    that pass)."""
    from render.deathfront import BoardPicture

    spec, run = play("deathfront", 2, {"players": 2}, 1)
    state = next(s for s in run if len(s.pieces) >= 3 and s.result is None)
    view = spec.engine.public_view(state)
    with LayoutRecorder() as recorder:
        board = spec.renderer.board_png(view, "en")
        what, preview, layered = list(deathfront_previews(spec, state, "en"))[-1]
    _, texts = recorder.texts_of(board)
    x0, y0, x1, y1 = BoardPicture(view, "en").cell_box(sorted(state.pieces)[0])
    in_cell = [t for t in texts if x0 <= t.box[0] and t.box[2] <= x1 and y0 <= t.box[1] and t.box[3] <= y1]
    assert len(in_cell) >= 3, in_cell  # a unit's tag, level, stats, name, codes; a resource's level, tag, defence
    size, texts = recorder.texts_of(preview)
    assert what == "deathfront preview (on a unit)"
    assert any(p.startswith("overlap") for p in problems(size, texts, NAMES))
    assert problems(size, texts, NAMES, layered) == []
