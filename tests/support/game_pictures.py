"""Whole AI games of every title and the pictures a player sees of them:
the board (public view), each seat's hand (private view) and the move
builder's previews, shared by the render tests that look at every text of
every picture (tests/render/test_text_layout.py, test_render_phone.py).

``play`` runs an AI-only game through the engine; ``sample`` picks its
states worth drawing (start, quarters, end, the fullest board and the first
state of every kind the pictures show differently)."""
from __future__ import annotations

import itertools
import random
from types import SimpleNamespace
from typing import Any, Iterator

from bench import states
from engines.base import SeatInfo
from tests.support.text_layout import Layered

LOCALES = ("en", "zh-CN", "zh-TW")
# Discord display names are at most 32 characters.
NAMES = ["Alexandria Featherstonehaugh-Smy", "李雷", "Zoë", "韩梅梅同学的超长显示名称真的很长很长"]
SAMPLES = (0, 0.25, 0.5, 0.75, 1.0)
_table_ids = itertools.count(1000)

Picture = tuple[str, bytes, tuple[Layered, ...]]  # (what, encoded picture, texts layered on purpose)


def label_covers(name: str) -> Layered:
    return Layered("preview label", "the builder writes the chosen card's name on a white band across the cell "
                   "it would stand on, over what stands there now",
                   lambda below, above: above.wanted == name or _part_of(above.wanted, name))


def _part_of(line: str, name: str) -> bool:
    """A line of a name put on two lines (the first may end in a hyphen)."""
    line = line.removesuffix("-").strip()
    return bool(line) and line in name


def play(game: str, players: int, config: dict, seed: int) -> tuple[Any, list]:
    """(the game's definition, every state of one AI game from start to end)."""
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


def sample(game: str, run: list, fractions: tuple[float, ...] = SAMPLES) -> list:
    """Start, quarters, end, the fullest board, and the first state of
    every kind the pictures show differently (a phase, a step, a recap)."""
    picked = {round(f * (len(run) - 1)) for f in fractions}
    weights = [weight(game, s) for s in run]
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


def weight(game: str, state) -> int:
    """How full a state's board is."""
    if game == "cubed":
        return len(state.table)
    if game == "deathfront":
        return len(state.pieces) + len(state.facilities)
    return sum(len(v) for v in getattr(state, "stacks", {}).values()) if hasattr(state, "stacks") else 0


def fake_table(spec, state):
    return SimpleNamespace(id=next(_table_ids), record=SimpleNamespace(seed=0, version=0), engine=spec.engine,
                           state=state, definition=SimpleNamespace(renderer=spec.renderer))


def pictures(game: str, spec, state, locale: str, players: int,
             seats: Iterator[int] | None = None) -> Iterator[Picture]:
    """(what, png, layered exceptions) of every picture of ``state``: the
    board, the hands of ``seats`` (default: every seat), the previews."""
    engine = spec.engine
    yield "board", spec.renderer.board_png(engine.public_view(state), locale), ()
    for seat in range(players) if seats is None else seats:
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
