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

import pytest

from tests.support.game_pictures import LOCALES, NAMES, deathfront_previews, pictures, play, sample
from tests.support.text_layout import Layered, LayoutRecorder, Placed, problems

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
