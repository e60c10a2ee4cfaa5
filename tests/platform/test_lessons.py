"""Rules topics (engines/<game>/lessons.py): every position is a legal state
of its engine — its moves replay from its start by the rules, its start is a
dealt game with every tile, piece and card kept — and draws, marked, in every
language, small enough for a phone."""
from collections import Counter

import pytest

from engines.cubed.pieces import PIECES_BY_ID
from engines.lessons import replay
from engines.setup import rules as setup_rules
from i18n import LOCALES, has, t
from render.lessons import lesson_image
from tables.registry import default_registry

REGISTRY = default_registry()
CASES = [(d, lesson) for d in REGISTRY for lesson in d.lessons]
IDS = [f"{d.game_type}-{lesson.topic}" for d, lesson in CASES]


def things_in(game_type, state):
    """Every tile / piece / card a state holds, wherever it lies."""
    if game_type == "setup":
        return Counter([*state.bag, *state.common, *(t for h in state.hands for t in h),
                        *(t for s in state.stacks.values() for t in s)])
    if game_type == "cubed":
        return Counter([*state.bag, *state.pending, *(p for h in state.hands for p in h),
                        *(p.piece for p in state.table)])
    return Counter([*(c for d in state.decks for c in d), *(c for h in state.hands for c in h),
                    *(c for d in state.discards for c in d), *state.pieces.values(), *state.facilities.values()])


def test_every_game_has_its_topics():
    assert {d.game_type: [lesson.topic for lesson in d.lessons] for d in REGISTRY} == {
        "setup": ["set", "run", "bonus", "swap", "finish"],
        "cubed": ["colours", "touching", "blocker", "going_out", "bridge"],
        "deathfront": ["deploy", "supply", "range", "attack", "facilities", "skill", "win"],
    }


@pytest.mark.parametrize("definition, lesson", CASES, ids=IDS)
def test_the_position_replays_by_the_rules_and_keeps_every_thing(definition, lesson):
    """apply() raises IllegalAction on a move the rules refuse: replaying is the legality check."""
    engine, pos = definition.engine, lesson.build()
    again = replay(engine, engine.state_from_json(engine.state_to_json(pos.start)), list(pos.moves))
    assert engine.state_to_json(again) == engine.state_to_json(pos.state)
    before, after = things_in(definition.game_type, pos.start), things_in(definition.game_type, pos.state)
    assert before == after and max(after.values()) == 1
    if definition.game_type == "setup":
        assert sorted(after) == sorted(setup_rules.ALL_TILES)
    if definition.game_type == "cubed":
        assert set(after) <= set(PIECES_BY_ID)


@pytest.mark.parametrize("definition, lesson", CASES, ids=IDS)
def test_every_topic_has_words_in_every_language(definition, lesson):
    for locale in LOCALES:
        for part in ("name", "text"):
            key = f"topics.{definition.game_type}.{lesson.topic}.{part}"
            assert has(key) and t(key, locale) != key


@pytest.mark.parametrize("definition, lesson", CASES, ids=IDS)
def test_the_picture_is_marked_and_fits_a_phone(definition, lesson):
    pos = lesson.build()
    for locale in LOCALES:
        image = lesson_image(definition.engine, definition.renderer, pos, locale, "title")
        assert 200 <= image.width <= 700 and image.height <= 1400
        # a phone shows it 360-400 px wide without endless scrolling; Death Front's 7-row battlefield needs up to
        # 3.2 widths at a size a phone reads (the same ceiling as tests/render/test_render_phone.py's)
        assert image.height / image.width <= (3.2 if definition.game_type == "deathfront" else 2.8)
    assert pos.marks or lesson.topic == "win"  # a mark on no region of the picture raises KeyError above
