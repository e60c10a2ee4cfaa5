"""Tap regions (``Renderer.board_regions`` / ``hand_regions``): over whole
AI games of each game, for several player counts and variants, in every
language, each region lies in the picture, regions of one kind never
overlap, every cell, square, tile, piece and card has one, and - what a
tap needs - each lies where its thing is drawn: outlining that thing with
the renderer's own ``highlight`` changes pixels inside its region only."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import pytest
from PIL import Image, ImageChops
from render_helpers import decode

from bench import states
from bench.states import Scenario
from engines.base import Region
from render.cubed.sprites import BOARD_SIZE
from render.deathfront import HEADER, BoardPicture
from tables.registry import default_registry

REGISTRY = default_registry()
LOCALES = ("en", "zh-CN", "zh-TW")
# Names long enough to put a header on two lines (regions must move down with it).
LONG_NAMES = ("Wilhelmina Featherstonehaugh", "欧阳娜娜的超级长名字玩家", "Ζωή Παπαδοπούλου-Καραγιάννη", "Marie-Thérèse")
# The benchmark's games (SETUP 4 players, CUBED 11, Death Front 4) and
# others: fewer players, SETUP's teams (a partner's hand), CUBED's Draw 3
# (pieces to choose from) and solo game, Death Front's narrower 2-player board.
SCENARIOS = {
    "setup": [states.SCENARIOS["setup"], Scenario("setup", 2, {}, 2), Scenario("setup", 3, {}, 3),
              Scenario("setup", 4, {"mode": "teams"}, 4)],
    "cubed": [states.SCENARIOS["cubed"], Scenario("cubed", 2, {"draw3": True}, 2),
              Scenario("cubed", 1, {"solo": True}, 3)],
    "deathfront": [states.SCENARIOS["deathfront"], Scenario("deathfront", 2, {"players": 2}, 3),
                   Scenario("deathfront", 4, {"players": 4}, 7, LONG_NAMES)],
}
DRAWN = 5  # states drawn (and checked pixel by pixel) per game and language


@lru_cache(maxsize=None)
def runs(game: str) -> list[states.Playthrough]:
    return [states.play(scenario) for scenario in SCENARIOS[game]]


def positions(game: str) -> list[tuple[object, int]]:
    """(state, seat whose hand is shown) for every state of every game: the seat to act, else 0."""
    engine = REGISTRY.get(game).engine
    out = []
    for run in runs(game):
        for state in run.states():
            to_act = engine.to_act(state)
            out.append((state, to_act[0] if to_act else 0))
    return out


# ---- what each game's view says must be tappable ----------------------------------------
def board_ids(game: str, view) -> set[str]:
    if game == "setup":
        return {sq.square for sq in view.squares}
    if game == "cubed":
        if not view.table and view.previous_table:  # the recap: only the new round's open cell
            return {f"{c.q},{c.r}" for c in view.labels}
        cells = list(view.blocked) + [(c.q, c.r) for c in view.labels] + [(p.q, p.r) for p in view.table]
        return {f"{q},{r}" for q, r in cells}
    return {f"{chr(65 + col)}{row}" for col in range(view.columns) for row in range(1, view.rows + 1)}


def hand_ids(game: str, view) -> dict[str, str]:
    """id -> kind of everything the hand picture shows."""
    if game == "setup":
        ids = {tile: "tile" for tile in view.hand} | {tile: "common" for tile in view.common}
        return ids | {tile: "partner" for tile in view.partner_hand or []}
    if game == "cubed":
        return {p.id: "piece" for p in view.hand + view.pending}
    return {card.uid: "card" for card in view.hand}


def highlight_arg(game: str, region: Region):
    if game == "cubed" and region.kind == "cell":
        q, r = region.id.split(",")
        return {(int(q), int(r))}
    return {region.id}


# ---- checks ------------------------------------------------------------------------------
def check_layout(regions: list[Region], size: tuple[int, int] | None = None) -> None:
    ids = [r.id for r in regions]
    assert len(ids) == len(set(ids)), "ids are unique"
    for r in regions:
        x0, y0, x1, y1 = r.box
        assert x0 < x1 and y0 < y1, r
        if size is not None:
            assert 0 <= x0 and 0 <= y0 and x1 <= size[0] and y1 <= size[1], (r, size)
    for a, b in combinations(regions, 2):
        if a.kind == b.kind:
            assert not overlap(a.box, b.box), (a, b)


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def changed(plain: Image.Image, marked: Image.Image) -> Image.Image:
    """A mask of the pixels that differ in any channel."""
    r, g, b = ImageChops.difference(plain, marked).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0)


def lit(mask: Image.Image, box: tuple[int, int, int, int] | None = None) -> int:
    return (mask.crop(box) if box else mask).histogram()[255]


def check_drawn_inside(game: str, surface: str, region: Region, plain: Image.Image, marked: Image.Image) -> None:
    mask = changed(plain, marked)
    total, inside = lit(mask), lit(mask, region.box)
    assert total > 50, f"{game} {surface}: outlining {region.id} changed nothing"
    if game == "cubed" and surface == "board":
        # A hexagon's outline: its region is the hexagon's middle (a brick
        # of the wall neighbours tile), so its top and bottom corners stick out.
        x0, y0, x1, y1 = region.box
        bx0, by0, bx1, by1 = mask.getbbox()
        assert abs(bx0 - x0) <= 3 and abs(bx1 - x1) <= 3, (region, mask.getbbox())
        assert abs((by0 + by1) - (y0 + y1)) <= 4, (region, mask.getbbox())
        assert inside >= 0.55 * total, (region, inside, total)
    else:
        assert inside == total, (game, surface, region, mask.getbbox(), inside, total)


def drawn_states(game: str, locale: str) -> list[tuple[object, int]]:
    """A few states spread over each game, different ones in each language."""
    chosen = []
    shift = LOCALES.index(locale)
    for run in runs(game):
        all_states = run.states()
        engine = REGISTRY.get(game).engine
        step = max(1, len(all_states) // DRAWN)
        for index in range(shift * step // len(LOCALES), len(all_states), step):
            to_act = engine.to_act(all_states[index])
            chosen.append((all_states[index], to_act[0] if to_act else 0))
        chosen.append((all_states[-1], 0))
        for wanted in RARE.get(game, ()):
            found = next((s for s in all_states if engine.to_act(s) and wanted(engine, s, locale)), None)
            if found is not None:
                chosen.append((found, engine.to_act(found)[0]))
    return chosen


def recap(engine, state, locale: str) -> bool:
    """CUBED: the board shows the last round's table; the new one is empty."""
    view = engine.public_view(state)
    return not view.table and bool(view.previous_table)


def choosing(engine, state, locale: str) -> bool:
    """CUBED: Draw 3's pieces to choose from."""
    return bool(engine.private_view(state, engine.to_act(state)[0]).pending)


def tall_header(engine, state, locale: str) -> bool:
    """Death Front: a header on more lines than usual pushes the grid down."""
    return BoardPicture(engine.public_view(state), locale).top > HEADER


RARE = {"cubed": (recap, choosing), "deathfront": (tall_header,)}  # states drawn besides the spread ones


def picks(regions: list[Region]) -> list[Region]:
    """Regions to outline one at a time: the first of each kind, one from
    the middle and the last (for CUBED's board: a blocked, an open and a
    taken cell, in that order)."""
    out = {regions[0].id: regions[0], regions[len(regions) // 2].id: regions[len(regions) // 2],
           regions[-1].id: regions[-1]}
    for region in regions:
        out.setdefault(region.kind, region)
    return list({r.id: r for r in out.values()}.values())


# ---- the tests ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_every_thing_has_a_region_in_every_state(game):
    spec = REGISTRY.get(game)
    engine, renderer = spec.engine, spec.renderer
    for locale in LOCALES:
        for state, seat in positions(game):
            view = engine.public_view(state)
            board = renderer.board_regions(view, locale)
            assert {r.id for r in board} == board_ids(game, view)
            assert {r.kind for r in board} == {"square" if game == "setup" else "cell"}
            check_layout(board)
            private = engine.private_view(state, seat)
            if private is None:
                continue
            hand = renderer.hand_regions(private, locale)
            assert {r.id: r.kind for r in hand} == hand_ids(game, private)
            check_layout(hand)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_regions_are_where_the_things_are_drawn(game, locale):
    spec = REGISTRY.get(game)
    engine, renderer = spec.engine, spec.renderer
    kinds: set[str] = set()
    for state, seat in drawn_states(game, locale):
        view = engine.public_view(state)
        plain = decode(renderer.board_png(view, locale))
        regions = renderer.board_regions(view, locale)
        check_layout(regions, plain.size)
        if game == "cubed" and not view.table and view.previous_table:
            assert [r.box for r in regions] == [(0, 0, BOARD_SIZE, BOARD_SIZE)] * len(regions)
        else:
            for region in picks(regions):
                marked = decode(renderer.board_png(view, locale, highlight=highlight_arg(game, region)))
                check_drawn_inside(game, "board", region, plain, marked)
        private = engine.private_view(state, seat)
        hand = renderer.hand_regions(private, locale)
        plain = decode(renderer.hand_png(private, locale))
        check_layout(hand, plain.size)
        for region in picks(hand) if hand else []:
            kinds.add(region.kind)
            marked = decode(renderer.hand_png(private, locale, highlight={region.id}))
            check_drawn_inside(game, "hand", region, plain, marked)
    assert kinds == set(hand_ids_kinds(game)), "every kind of hand item was outlined somewhere"


def hand_ids_kinds(game: str) -> tuple[str, ...]:
    return {"setup": ("tile", "common", "partner"), "cubed": ("piece",), "deathfront": ("card",)}[game]


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_regions_are_measured_not_drawn(game, monkeypatch):
    """Regions come from the drawing's geometry without drawing a picture."""
    spec = REGISTRY.get(game)
    state, seat = states.stages(states.playthrough(game))["late"]
    view, private = spec.engine.public_view(state), spec.engine.private_view(state, seat)

    def no_drawing(*args, **kwargs):
        raise AssertionError("a region was drawn")

    monkeypatch.setattr(Image, "new", no_drawing)
    for locale in LOCALES:
        assert spec.renderer.board_regions(view, locale)
        assert spec.renderer.hand_regions(private, locale)
