"""Engine figures per game, over states of a whole AI-vs-AI game:

- apply: ``engine.apply`` of the action the game really played there;
- legal actions: ``engine.legal_actions`` for the seat to act;
- AI choice: ``engine.ai_action`` for the seat to act;
- autocomplete: one answer as the game's cog computes it for a keystroke
  (the private view where the cog builds one, then the notation helper):
  SETUP ``complete_move_text``/``suggest_tiles``; CUBED ``hand_choices``,
  ``legal_cells_for`` per piece and the cells where some piece fits; Death
  Front ``hand_choices``, ``legal_cells`` per card and action kind and
  ``ready_attackers`` per target.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from bench import states
from bench.report import Row, time_row
from bench.timing import timed

AI_LIMIT_MS = 250.0
AUTOCOMPLETE_LIMIT_MS = 20.0

Probe = Callable[[], Any]


def _setup_probes(state: Any, seat: int) -> list[Probe]:
    from engines.setup.notation import complete_move_text, complete_swap_text, suggest_tiles

    engine = states.spec("setup").engine
    view = engine.private_view(state, seat)
    tile = (view.hand or view.common or ["★7"])[0]
    square = (view.allowed_squares or ["C1"])[0]
    texts = ["", "h", "♥", "7", tile, f"{tile} ", f"{tile} {square[0]}", f"{tile} {square}, ",
             f"{tile} {square}, s"]

    def move(text: str) -> Probe:
        return lambda: complete_move_text(engine.private_view(state, seat), text, 25)

    probes = [move(text) for text in texts]
    probes.append(lambda: complete_swap_text(engine.private_view(state, seat), "h", 25))
    probes.append(lambda: suggest_tiles(engine.private_view(state, seat), ""))
    return probes


def _cubed_probes(state: Any, seat: int) -> list[Probe]:
    from engines.cubed import labels
    from engines.cubed.moves import legal_placements

    engine = states.spec("cubed").engine

    def hand() -> Any:
        return labels.hand_choices(engine.private_view(state, seat))

    def cells_for(piece: str) -> Probe:
        return lambda: labels.legal_cells_for(state, seat, piece)

    def any_cell() -> Any:  # the cell option before a piece is chosen
        names = labels.cell_labels(state)
        fitting = {move.cell for move in legal_placements(state, seat)}
        return [label for cell, label in names.items() if cell in fitting]

    return [hand, any_cell, *(cells_for(p) for p in dict.fromkeys(state.hands[seat]))]


def _deathfront_probes(state: Any, seat: int) -> list[Probe]:
    from engines.deathfront import notation, views

    probes: list[Probe] = [lambda: notation.hand_choices(views.private_view(state, seat), None)]
    for kinds in (("unit", "resource"), ("facility",), ("skill",)):
        probes.append(lambda kinds=kinds: notation.hand_choices(views.private_view(state, seat), kinds))
    for uid in dict.fromkeys(state.hands[seat]):
        for kind in ("deploy", "facility", "skill"):
            probes.append(lambda uid=uid, kind=kind: notation.legal_cells(state, seat, kind, uid))
    probes.append(lambda: notation.legal_cells(state, seat, "move", None))
    for cell in notation.legal_cells(state, seat, "move", None):
        probes.append(lambda cell=cell: notation.legal_cells(state, seat, "move", cell))
    probes.append(lambda: notation.legal_cells(state, seat, "attack", None))
    for target in notation.legal_cells(state, seat, "attack", None):
        probes.append(lambda target=target: notation.ready_attackers(state, seat, target))
    return probes


PROBES: dict[str, Callable[[Any, int], list[Probe]]] = {
    "setup": _setup_probes, "cubed": _cubed_probes, "deathfront": _deathfront_probes,
}


def run(samples: int = 120, games: tuple[str, ...] = states.GAMES) -> list[Row]:
    rows: list[Row] = []
    for game in games:
        spec = states.spec(game)
        engine = spec.engine
        label = f"{game} {states.SCENARIOS[game].players}p"
        steps = states.sample(states.steps_for(game, samples), samples)
        apply_t, legal_t, ai_t, ac_t = [], [], [], []
        for i, step in enumerate(steps):
            apply_t.append(timed(engine.apply, step.state, step.seat, step.action)[0])
            legal_t.append(timed(engine.legal_actions, step.state, step.seat)[0])
            ai_t.append(timed(engine.ai_action, step.state, step.seat, random.Random(i))[0])
            for probe in PROBES[game](step.state, step.seat):
                ac_t.append(timed(probe)[0])
        rows.append(time_row("engine", f"{label} apply", apply_t))
        rows.append(time_row("engine", f"{label} legal actions", legal_t))
        rows.append(time_row("engine", f"{label} autocomplete answer", ac_t, limit_ms=AUTOCOMPLETE_LIMIT_MS,
                             states=len(steps)))
        rows.append(time_row("engine", f"{label} AI choice", ai_t, limit_ms=AI_LIMIT_MS))
    return rows
