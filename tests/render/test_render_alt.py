"""Every picture's alt text, and the longer words of text mode, over whole
games of each game in en, zh-CN and zh-TW: within Discord's limits, in the
reader's language and script, naming every player's score, and never
holding a tile, piece or card another seat holds in secret."""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest
from opencc import OpenCC

from bench import states as bench_states
from engines.base import ALT_LIMIT, TEXT_LIMIT, SeatInfo
from engines.deathfront.cards import card_name
from i18n import t
from tables.registry import default_registry

LOCALES = ("en", "zh-CN", "zh-TW")
REGISTRY = default_registry()
HAN = re.compile(r"[\u3400-\u9fff]")
NAMES = ["Alice", "Bob", "Carol", "Dave"]
WRONG_SCRIPT = {"zh-CN": OpenCC("t2s"), "zh-TW": OpenCC("s2t")}  # converts what is in the other script


@lru_cache(maxsize=None)
def played(game: str, players: int, config: tuple[tuple[str, object], ...] = (), seed: int = 3,
           every: int = 1) -> list:
    """Every ``every``-th state of an AI game with Latin names, the last one included."""
    definition = REGISTRY.get(game)
    engine = definition.engine
    cfg = engine.config_from_json(dict(config))
    state = engine.new_game(cfg, [SeatInfo(name=n) for n in NAMES[:players]], seed)
    rng, seen = random.Random(seed), [state]
    for _ in range(3000):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.ai_action(state, seat, rng))
        seen.append(state)
    assert engine.is_over(state)
    return seen[::every] + ([seen[-1]] if (len(seen) - 1) % every else [])


GAMES = {
    "setup": [("setup", 2, (), 3, 1), ("setup", 4, (("mode", "teams"),), 5, 1)],
    "cubed": [("cubed", 3, (("rounds", 1),), 2, 2)],
    "deathfront": [("deathfront", 2, (), 4, 6)],
}


def words_of(game: str, state, locale: str) -> tuple[str, list[str], str, list[str]]:
    """(board alt, hand alts by seat, board text, full hand texts by seat)."""
    definition = REGISTRY.get(game)
    engine, renderer = definition.engine, definition.renderer
    public = engine.public_view(state)
    seats = range(len(state.hands))
    privates = [engine.private_view(state, s) for s in seats]
    return (renderer.board_alt(public, locale), [renderer.hand_alt(v, locale) for v in privates],
            renderer.board_text(public, locale), [renderer.hand_text_full(v, locale) for v in privates])


def check_language(text: str, locale: str) -> None:
    if locale == "en":
        assert not HAN.search(text), text
        return
    assert HAN.search(text), text
    converter = WRONG_SCRIPT[locale]
    assert [ch for ch in text if HAN.match(ch) and converter.convert(ch) != ch] == [], text


def without_variation(text: str) -> str:
    return text.replace("\ufe0e", "")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("locale", LOCALES)
def test_alt_text_fits_discord_and_is_in_the_readers_language(game, locale):
    checked = 0
    for spec in GAMES[game]:
        for state in played(*spec):
            board, hands, text, full = words_of(game, state, locale)
            assert 0 < len(board) <= ALT_LIMIT and all(0 < len(h) <= ALT_LIMIT for h in hands)
            assert len(text) <= TEXT_LIMIT and all(len(h) <= TEXT_LIMIT for h in full)
            assert len(text) >= len(board)
            for words in (board, *hands):
                check_language(words, locale)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", list(GAMES))
def test_the_fullest_benchmark_states_are_summarised_not_cut(game):
    """The largest tables (11 CUBED players, a full Death Front board) are
    longer than 1,024 characters in full: they are shortened line by line,
    never cut inside a word."""
    run = bench_states.playthrough(game)
    definition = REGISTRY.get(game)
    summarised = 0
    for state in run.states()[::7] + [run.states()[-1]]:
        view = definition.engine.public_view(state)
        for locale in LOCALES:
            alt = definition.renderer.board_alt(view, locale)
            assert len(alt) <= ALT_LIMIT and not alt.endswith("…")
            if len(definition.renderer.board_text(view, locale)) > ALT_LIMIT:
                more = re.escape(t("render.common.more", locale, n="N")).replace("N", r"\d+")
                assert re.search(more, alt) or re.search(r"\d+ \w+$", alt), alt[-80:]  # "+48 more", "17 units"
                summarised += 1
    assert summarised > 0 or game == "setup"  # a SETUP board is always short


def test_setup_board_names_every_players_score_whose_turn_and_the_last_move():
    engine = REGISTRY.get("setup").engine
    renderer = REGISTRY.get("setup").renderer
    for state in played("setup", 2, (), 3, 1)[1:]:
        view = engine.public_view(state)
        alt = renderer.board_alt(view, "en")
        for seat in range(2):
            assert t("alt.setup.score", "en", name=f"P{seat + 1} {NAMES[seat]}", score=view.scores[seat],
                     hand=view.hand_counts[seat]) in alt
        if view.to_act is not None:
            assert f"To play: P{view.to_act + 1} {NAMES[view.to_act]}" in alt
        last = view.last_move
        if last is not None and last.kind == "play":
            tile, square = last.placements[0]
            assert f"{tile} {square}" in without_variation(alt)
        for sq in view.squares:
            if sq.top is not None:
                assert f"{sq.square} {sq.top}" in without_variation(renderer.board_text(view, "en"))
    zh = renderer.board_alt(engine.public_view(state), "zh-CN")
    assert "得分" in zh and "连线计划" in zh


def test_cubed_board_names_scores_open_cells_and_the_table():
    engine, renderer = REGISTRY.get("cubed").engine, REGISTRY.get("cubed").renderer
    seen_open = 0
    for state in played("cubed", 3, (("rounds", 1),), 2, 2):
        view = engine.public_view(state)
        alt = renderer.board_alt(view, "en")
        for seat in range(3):
            assert f"P{seat + 1} {NAMES[seat]}: {view.hand_sizes[seat]} in hand, total {view.totals[seat]}" in alt
        for cell in view.labels:
            assert f"{cell.label} at {cell.q},{cell.r}" in alt
            seen_open += 1
        if view.table and len(view.table) < 10:
            assert f"{view.table[0].q},{view.table[0].r} " + "-".join(view.table[0].faces) in alt
    assert seen_open > 0
    zh = renderer.board_alt(engine.public_view(played("cubed", 3, (("rounds", 1),), 2, 2)[4]), "zh-TW")
    assert "局" in zh and "總分" in zh


def test_cubed_hand_names_faces_in_the_readers_letters():
    engine, renderer = REGISTRY.get("cubed").engine, REGISTRY.get("cubed").renderer
    state = played("cubed", 3, (("rounds", 1),), 2, 2)[2]
    view = engine.private_view(state, 0)
    en, zh = renderer.hand_alt(view, "en"), renderer.hand_alt(view, "zh-CN")
    piece = next(p for p in view.hand if p.kind != "blocker")
    assert f"{piece.id} {'-'.join(piece.faces)}" in en
    blocker = next(p for p in view.hand if p.kind == "blocker")
    assert f"{blocker.id} {blocker.faces[0]}-X-X" in en
    letters = "".join(t(f"cubed.letter.{c}", "zh-CN") for c in piece.faces)
    assert f"{piece.id} {letters}" in zh


def test_deathfront_board_names_units_by_card_name_with_cells_and_stats():
    engine, renderer = REGISTRY.get("deathfront").engine, REGISTRY.get("deathfront").renderer
    units = 0
    for state in played("deathfront", 2, (), 4, 6):
        view = engine.public_view(state)
        for locale in LOCALES:
            text = renderer.board_text(view, locale)
            assert t("render.deathfront.territory", locale, allies=view.territory[0], axis=view.territory[1]) in text
            assert not re.search(r"[a-z]+_[a-z_]+", text), text  # no card id, no uid
            for tile in view.tiles:
                assert f"{tile.cell} {card_name(tile.card.id, locale)}" in text
                units += 1
            for seat in view.seats:
                assert seat.name in text
    assert units > 20


def test_deathfront_hand_names_cards_with_their_cost():
    engine, renderer = REGISTRY.get("deathfront").engine, REGISTRY.get("deathfront").renderer
    state = played("deathfront", 2, (), 4, 6)[1]
    view = engine.private_view(state, 0)
    for locale in LOCALES:
        alt = renderer.hand_alt(view, locale)
        for card in view.hand:
            assert card_name(card.id, locale) in alt
            if card.type == "unit":
                assert t("render.deathfront.supply_level", locale, n=card.level) in alt
            assert card.uid not in alt and card.id not in alt


# ---- hidden information -----------------------------------------------------------------


def hidden_setup(state, seat: int | None) -> set[str]:
    """Tiles in hands ``seat`` may not see (all hands for the public board)."""
    partner = {seat, seat ^ 1} if seat is not None and state.config.mode == "teams" else {seat}
    return {tile for s, hand in enumerate(state.hands) if s not in partner for tile in hand}


def holds_tile(text: str, tile: str) -> bool:
    return re.search(re.escape(tile) + r"(?!\d)", without_variation(text)) is not None


@pytest.mark.parametrize("spec", GAMES["setup"])
@pytest.mark.parametrize("locale", LOCALES)
def test_setup_words_never_hold_another_seats_tile(spec, locale):
    engine, renderer = REGISTRY.get("setup").engine, REGISTRY.get("setup").renderer
    found = 0
    for state in played(*spec):
        public = engine.public_view(state)
        board = renderer.board_alt(public, locale) + renderer.board_text(public, locale)
        assert not [tile for tile in hidden_setup(state, None) if holds_tile(board, tile)]
        for seat in range(len(state.hands)):
            hand = renderer.hand_alt(engine.private_view(state, seat), locale)
            assert not [tile for tile in hidden_setup(state, seat) if holds_tile(hand, tile)]
            found += sum(holds_tile(hand, tile) for tile in state.hands[seat])
    assert found > 0  # the test can fail: a hand's own tiles are found


@pytest.mark.parametrize("locale", LOCALES)
def test_cubed_words_never_hold_another_seats_piece(locale):
    engine, renderer = REGISTRY.get("cubed").engine, REGISTRY.get("cubed").renderer
    found = 0
    for state in played("cubed", 3, (("rounds", 1),), 2, 2):
        public = engine.public_view(state)
        board = renderer.board_alt(public, locale) + renderer.board_text(public, locale)
        hidden = {piece for hand in state.hands for piece in hand} | set(state.pending)
        assert not [p for p in hidden if re.search(rf"\b{p}\b", board)]
        for seat in range(len(state.hands)):
            hand = renderer.hand_alt(engine.private_view(state, seat), locale)
            others = {p for s, h in enumerate(state.hands) if s != seat for p in h}
            assert not [p for p in others if re.search(rf"\b{p}\b", hand)]
            found += sum(bool(re.search(rf"\b{p}\b", hand)) for p in state.hands[seat])
    assert found > 0


def test_deathfront_words_never_name_a_card_only_another_seat_holds():
    engine, renderer = REGISTRY.get("deathfront").engine, REGISTRY.get("deathfront").renderer
    found = 0
    for state in played("deathfront", 2, (), 4, 6):
        public = engine.public_view(state)
        shown = {card_name(tile.card.id) for tile in public.tiles + public.facilities}

        def secret(names: set[str], shown: set[str] = shown) -> set[str]:  # names no public word contains
            return {n for n in names if not any(n in other for other in shown)}

        board = renderer.board_alt(public, "en") + renderer.board_text(public, "en")
        in_hands = {card_name(uid) for hand in state.hands for uid in hand}
        assert not [n for n in secret(in_hands) if n in board]
        for seat in range(len(state.hands)):
            own = {card_name(uid) for uid in state.hands[seat]}
            hand = renderer.hand_alt(engine.private_view(state, seat), "en")
            others = {card_name(uid) for s, h in enumerate(state.hands) if s != seat for uid in h} - own
            assert not [n for n in secret(others) if n in hand]
            found += sum(n in hand for n in own)
    assert found > 0
