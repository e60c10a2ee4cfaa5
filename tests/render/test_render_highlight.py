"""The ``highlight`` keyword: the move builder's previews outline the cells,
pieces or cards it names, in the preview colour, and nothing else changes."""
from __future__ import annotations

from render_helpers import decode, diff_box, late

import render.cubed as cubed
import render.deathfront as deathfront
import render.setup as setup
from tables.registry import default_registry

REGISTRY = default_registry()


def count(image, box, colour, tolerance=10):
    return sum(1 for px in image.crop(box).get_flattened_data()
               if all(abs(a - b) <= tolerance for a, b in zip(px, colour)))


def test_setup_squares_and_tiles():
    spec = REGISTRY.get("setup")
    state, seat = late("setup")
    view = spec.engine.public_view(state)
    plain = decode(spec.renderer.board_png(view))
    marked = decode(spec.renderer.board_png(view, highlight={"C1"}))
    x0, y0, x1, y1 = setup.square_box("C1")
    box = (x0 - 8, y0 - 8, x1 + 8, y1 + 8)
    assert count(marked, box, setup.PREVIEW) > 200 and count(plain, box, setup.PREVIEW) == 0
    d = diff_box(plain, marked)  # nothing outside the square changes
    assert box[0] <= d[0] and box[1] <= d[1] and d[2] <= box[2] and d[3] <= box[3]
    hand = spec.engine.private_view(state, seat)
    tile = hand.hand[0]
    plain = decode(spec.renderer.hand_png(hand))
    marked = decode(spec.renderer.hand_png(hand, highlight={tile}))
    assert count(marked, (0, 0, plain.width, plain.height), setup.PREVIEW) > 200
    assert count(plain, (0, 0, plain.width, plain.height), setup.PREVIEW) == 0


def test_cubed_cells_ghost_and_hand_pieces():
    spec = REGISTRY.get("cubed")
    state, seat = late("cubed")
    view = spec.engine.public_view(state)
    cells = {(c.q, c.r) for c in view.labels[:3]}
    plain = decode(spec.renderer.board_png(view))
    marked = decode(spec.renderer.board_png(view, highlight=cells))
    layout = cubed.BoardLayout.fit(view)
    for q, r in cells:
        cx, cy = layout.centre(q, r)
        s = layout.size
        box = (int(cx - s), int(cy - s), int(cx + s), int(cy + s))
        assert count(marked, box, cubed.PREVIEW, 30) > 20 and count(plain, box, cubed.PREVIEW, 30) == 0
    target = view.labels[0]
    ghost = decode(spec.renderer.board_png(view, ghost=(("sky", "sky", "sky"), (target.q, target.r))))
    cx, cy = layout.centre(target.q, target.r)
    s = layout.size
    box = (int(cx - s), int(cy - s), int(cx + s), int(cy + s))
    assert count(ghost, box, cubed.PALETTE["sky"], 40) > count(plain, box, cubed.PALETTE["sky"], 40) + 50
    hand = spec.engine.private_view(state, seat)
    plain = decode(spec.renderer.hand_png(hand))
    marked = decode(spec.renderer.hand_png(hand, highlight={hand.hand[0].id}))
    assert count(marked, (0, 0, 330, plain.height), cubed.PREVIEW, 30) > 100
    assert count(plain, (0, 0, plain.width, plain.height), cubed.PREVIEW, 30) == 0


def test_cubed_large_hand_is_one_picture_and_the_highlight_marks_its_card():
    spec = REGISTRY.get("cubed")
    state, seat = late("cubed")
    hand = spec.engine.private_view(state, seat)
    big = hand.model_copy(update={"hand": (hand.hand * 20)[:19]})
    layout = cubed.hand_layout(big)
    assert [card.piece.id for card in layout.cards] == [p.id for p in big.hand]
    last = layout.cards[-1]
    marked = decode(spec.renderer.hand_png(big, highlight={last.piece.id}))
    x0, y0, w, h = last.box
    assert marked.height == layout.height
    assert count(marked, (x0, y0, x0 + w, y0 + h), cubed.PREVIEW, 30) > 100


def test_deathfront_cells_and_cards():
    spec = REGISTRY.get("deathfront")
    state, seat = late("deathfront")
    view = spec.engine.public_view(state)
    plain = decode(spec.renderer.board_png(view))
    marked = decode(spec.renderer.board_png(view, highlight={"B4"}))
    picture = deathfront.BoardPicture(view)
    x0, y0, x1, y1 = picture.cell_box("B4")
    assert count(marked, (x0, y0, x1, y1), deathfront.PREVIEW, 30) > 200
    assert count(plain, (x0, y0, x1, y1), deathfront.PREVIEW, 30) < 20
    hand = spec.engine.private_view(state, seat)
    plain = decode(spec.renderer.hand_png(hand))
    marked = decode(spec.renderer.hand_png(hand, highlight={hand.hand[0].uid}))
    assert diff_box(plain, marked)


def test_cubed_pieces_placed_since_the_viewers_last_turn_are_outlined():
    spec = REGISTRY.get("cubed")
    state, _ = late("cubed")
    view = spec.engine.public_view(state)
    cells = [(p.q, p.r) for p in view.table[-3:]]
    plain = decode(spec.renderer.board_png(view.model_copy(update={"recent_placed": []})))
    marked = decode(spec.renderer.board_png(view.model_copy(update={"recent_placed": cells})))
    layout = cubed.BoardLayout.fit(view)
    for q, r in cells:
        cx, cy = layout.centre(q, r)
        s = layout.size + 3
        box = (int(cx - s), int(cy - s), int(cx + s), int(cy + s))
        assert count(marked, box, cubed.RECENT, 30) > count(plain, box, cubed.RECENT, 30) + 10
