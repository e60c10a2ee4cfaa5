"""Tournament pairings, standings and podiums (tables/tournaments/pairing.py)
against values computed by hand, and properties that hold for any results."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournaments.pairing import (
    DRAW,
    LOSS,
    WIN,
    Pairing,
    PairingError,
    Played,
    bracket_order,
    bye,
    is_finished,
    pair,
    podium,
    round_count,
    standings,
)

SCORES = {"a": (WIN, LOSS), "b": (LOSS, WIN), "d": (DRAW, DRAW)}


def play(round_no: int, pairings: list[Pairing], results: str) -> list[Played]:
    """One letter per board: a (a wins), b (b wins), d (a draw); byes need none.
    Boards past the last letter have no result yet."""
    out, letters = [], iter(results)
    for p in pairings:
        if p.b is None:
            out.append(bye(round_no, p.a))
        elif (letter := next(letters, None)) is not None:
            score_a, score_b = SCORES[letter]
            out.append(Played(round_no, p.a, p.b, score_a, score_b))
    return out


def boards(pairings: list[Pairing]) -> list[tuple[int, int | None]]:
    return [(p.a, p.b) for p in pairings]


def row(table, entrant):
    return next(r for r in table if r.entrant == entrant)


def test_a_six_entrant_swiss_of_three_rounds_by_hand():
    # Seeds 1..6 are the ids 10..60 (sign-up order).
    entrants = [10, 20, 30, 40, 50, 60]
    assert round_count("swiss", 6, None) == 3  # ceil(log2 6)
    # Round 1: top half against bottom half by seed: 1v4, 2v5, 3v6.
    r1 = pair("swiss", entrants, [], 1)
    assert boards(r1) == [(10, 40), (20, 50), (30, 60)]
    played = play(1, r1, "abd")  # 10 beats 40, 50 beats 20, 30 draws 60
    # After round 1: points 10:1 50:1 | 30:½ 60:½ | 20:0 40:0.
    # Buchholz (opponents' points): 10:0 (40) 50:0 (20) 30:½ 60:½ 20:1 40:1; S-B: 30 and 60 ¼, the rest 0.
    # So 10 and 50 share rank 1, 30 and 60 rank 3, 20 and 40 rank 5; seed orders each pair.
    table = standings("swiss", entrants, played)
    assert [(r.entrant, r.rank) for r in table] == [(10, 1), (50, 1), (30, 3), (60, 3), (20, 5), (40, 5)]
    # Round 2: group {10, 50}: 10v50. Group {30, 60} would be a rematch, so 30 meets the
    # top of the next group (20) and 60 the other (40).
    with pytest.raises(PairingError) as refused:
        pair("swiss", entrants, played[:2], 2)  # 30v60 has no result yet
    assert (refused.value.key, refused.value.params) == ("pairing.round_unfinished", {"round": 1})
    r2 = pair("swiss", entrants, played, 2)
    assert boards(r2) == [(10, 50), (30, 20), (60, 40)]
    played += play(2, r2, "dba")  # 10 draws 50, 20 beats 30, 60 beats 40
    # After round 2: points 10:1½ 50:1½ 60:1½ 20:1 30:½ 40:0.
    # Buchholz: 50: 20(1)+10(1½)=2½; 10: 40(0)+50(1½)=1½; 60: 30(½)+40(0)=½.
    table = standings("swiss", entrants, played)
    assert [r.entrant for r in table] == [50, 10, 60, 20, 30, 40]
    assert [r.buchholz for r in table[:3]] == [2.5, 1.5, 0.5]
    # Round 3: group {50, 10, 60}: 50v10 is a rematch, so 50v60 and 10 floats down to 20;
    # 30v40 is left and new.
    r3 = pair("swiss", entrants, played, 3)
    assert boards(r3) == [(50, 60), (10, 20), (30, 40)]
    played += play(3, r3, "bdb")  # 60 beats 50, 10 draws 20, 40 beats 30
    assert is_finished("swiss", entrants, played, 3)
    assert not is_finished("swiss", entrants, played[:-1], 3)
    # Final points: 60:2½ 10:2 50:1½ 20:1½ 40:1 30:½.
    # Buchholz: 60: 30(½)+40(1)+50(1½)=3; 10: 40(1)+50(1½)+20(1½)=4;
    #   50: 20(1½)+10(2)+60(2½)=6; 20: 50(1½)+30(½)+10(2)=4;
    #   40: 10(2)+60(2½)+30(½)=5; 30: 60(2½)+20(1½)+40(1)=5.
    # 50 and 20 tie on points; Buchholz 6 > 4 puts 50 third.
    # Sonneborn-Berger: 10: 1×1 (40) + ½×1½ (50) + ½×1½ (20) = 2½.
    table = standings("swiss", entrants, played)
    got = [(r.entrant, r.rank, r.points, r.buchholz, r.wins, r.draws, r.losses, r.byes) for r in table]
    assert got == [
        (60, 1, 2.5, 3.0, 2, 1, 0, 0),
        (10, 2, 2.0, 4.0, 1, 2, 0, 0),
        (50, 3, 1.5, 6.0, 1, 1, 1, 0),
        (20, 4, 1.5, 4.0, 1, 1, 1, 0),
        (40, 5, 1.0, 5.0, 1, 0, 2, 0),
        (30, 6, 0.5, 5.0, 0, 1, 2, 0),
    ]
    assert row(table, 10).sonneborn_berger == 2.5
    assert podium("swiss", entrants, played) == [(1, [60]), (2, [10]), (3, [50])]


def test_a_five_entrant_swiss_gives_each_bye_once_to_the_lowest_without_one():
    entrants = [1, 2, 3, 4, 5]
    r1 = pair("swiss", entrants, [], 1)
    # The last seed sits out; the other four: 1v3, 2v4. The bye is the last board.
    assert boards(r1) == [(1, 3), (2, 4), (5, None)]
    played = play(1, r1, "aa")
    # Points 1:1 2:1 5:1 (the bye is a win), 3:0 4:0. Buchholz 0 for 1, 2 and 5 (a bye adds nothing)
    # and 1 for 3 and 4, so the order is 1 2 5 | 3 4, and 4 is the lowest without a bye.
    table = standings("swiss", entrants, played)
    assert [(r.entrant, r.rank, r.buchholz) for r in table] == [
        (1, 1, 0.0), (2, 1, 0.0), (5, 1, 0.0), (3, 4, 1.0), (4, 4, 1.0)]
    assert (row(table, 5).byes, row(table, 5).wins, row(table, 5).points) == (1, 0, 1.0)
    r2 = pair("swiss", entrants, played, 2)
    assert boards(r2) == [(1, 2), (5, 3), (4, None)]
    played += play(2, r2, "ab")
    had = [5, 4]
    for round_no in (3, 4):
        pairings = pair("swiss", entrants, played, round_no)
        had.append(next(p.a for p in pairings if p.b is None))
        played += play(round_no, pairings, "ad")
    assert sorted(had) == sorted(set(had)) and len(had) == 4  # four rounds, four different byes
    assert all(r.byes <= 1 for r in standings("swiss", entrants, played))
    assert is_finished("swiss", entrants, played, 4)


def greedy(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The top one takes its first wanted opponent it has not met, never looking back."""
    rest, out = list(order), []
    while rest:
        top = rest.pop(0)
        middle = len(rest) // 2
        wanted = rest[middle:] + rest[:middle][::-1] if len(rest) > 1 else rest
        fresh = [e for e in wanted if frozenset((top, e)) not in met]
        other = (fresh or wanted)[0]
        rest.remove(other)
        out.append((top, other))
    return out


def all_drawn(rounds: list[list[tuple[int, int]]]) -> list[Played]:
    return [Played(n, a, b, DRAW, DRAW) for n, matches in enumerate(rounds, start=1) for a, b in matches]


def test_the_search_avoids_a_rematch_greedy_pairing_would_force():
    # Three all-drawn rounds: everyone on 1½ with equal tie-breaks, so the order is the seed.
    # Not yet met: the cycle 1-6-2-4-3-5-1. Greedy: 1 takes 5 (4 is met), then 2 takes 4,
    # leaving 6 and 3, who met in round 1. The search backs up: 2v6, then 3v4.
    entrants = [1, 2, 3, 4, 5, 6]
    history = [[(1, 2), (3, 6), (4, 5)], [(1, 3), (2, 5), (4, 6)], [(1, 4), (2, 3), (5, 6)]]
    played = all_drawn(history)
    met = {frozenset(m) for matches in history for m in matches}
    assert any(frozenset(m) in met for m in greedy(entrants, met))
    assert boards(pair("swiss", entrants, played, 4)) == [(1, 5), (2, 6), (3, 4)]


def test_when_every_pairing_has_a_rematch_the_fewest_are_taken():
    # Everyone has met the other triangle: 1 2 3 and 4 5 6 are left, and a triangle
    # cannot pair itself, so one rematch is needed, and only one.
    entrants = [1, 2, 3, 4, 5, 6]
    history = [[(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 6), (3, 4)], [(1, 6), (2, 4), (3, 5)]]
    met = {frozenset(m) for matches in history for m in matches}
    pairings = pair("swiss", entrants, all_drawn(history), 4)
    assert sum(frozenset((p.a, p.b)) in met for p in pairings) == 1
    assert sorted(e for p in pairings for e in (p.a, p.b)) == entrants


def test_past_the_search_limit_a_maximum_matching_still_finds_the_fewest_rematches(monkeypatch):
    import tables.tournaments.swiss as swiss

    monkeypatch.setattr(swiss, "SEARCH_LIMIT", 1)
    entrants = [1, 2, 3, 4, 5, 6]
    cycle = [[(1, 2), (3, 6), (4, 5)], [(1, 3), (2, 5), (4, 6)], [(1, 4), (2, 3), (5, 6)]]
    met = {frozenset(m) for matches in cycle for m in matches}
    pairings = pair("swiss", entrants, all_drawn(cycle), 4)
    assert not any(frozenset((p.a, p.b)) in met for p in pairings)
    triangles = [[(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 6), (3, 4)], [(1, 6), (2, 4), (3, 5)]]
    met = {frozenset(m) for matches in triangles for m in matches}
    pairings = pair("swiss", entrants, all_drawn(triangles), 4)
    assert sum(frozenset((p.a, p.b)) in met for p in pairings) == 1
    assert sorted(e for p in pairings for e in (p.a, p.b)) == entrants
    # Five entrants: the bye still goes to the lowest-ranked without one.
    assert pair("swiss", [1, 2, 3, 4, 5], [], 1)[-1] == Pairing(3, 5, None)


@pytest.mark.parametrize("n", [4, 5])
def test_round_robin_meets_everyone_exactly_once(n):
    entrants = list(range(101, 101 + n))
    rounds = round_count("round-robin", n, None)
    assert rounds == (3 if n == 4 else 5)
    meetings, byes, played = [], [], []
    for round_no in range(1, rounds + 1):
        pairings = pair("round-robin", entrants, played, round_no)
        assert sorted(e for p in pairings for e in (p.a, p.b) if e is not None) == entrants
        meetings += [frozenset((p.a, p.b)) for p in pairings if p.b is not None]
        byes += [p.a for p in pairings if p.b is None]
        played += play(round_no, pairings, "a" * len(pairings))
    assert len(meetings) == len(set(meetings)) == n * (n - 1) // 2
    assert sorted(byes) == (entrants if n % 2 else [])
    assert is_finished("round-robin", entrants, played, rounds)


def test_round_robin_standings_break_ties_by_sonneborn_berger():
    # 1 beats 2, 2 beats 3, 3 beats 1, and all three beat 4: 1, 2 and 3 on 2 points.
    # S-B: each beat one 2-point entrant (1×2) and 4 (1×0) → 2 each: a three-way tie for 1st.
    entrants = [1, 2, 3, 4]
    played = [Played(1, 1, 2, WIN, LOSS), Played(1, 3, 4, WIN, LOSS), Played(2, 2, 3, WIN, LOSS),
              Played(2, 1, 4, WIN, LOSS), Played(3, 3, 1, WIN, LOSS), Played(3, 2, 4, WIN, LOSS)]
    table = standings("round-robin", entrants, played)
    assert [(r.entrant, r.rank, r.points) for r in table] == [(1, 1, 2.0), (2, 1, 2.0), (3, 1, 2.0), (4, 4, 0.0)]
    assert podium("round-robin", entrants, played) == [(1, [1, 2, 3])]
    # Now 4 draws with 1: points 2:2 3:2 1:1½ 4:½.
    # S-B: 2 beat 3 (2) and 4 (½) → 2½; 3 beat 4 (½) and 1 (1½) → 2. So 2 is above 3.
    played[3] = Played(2, 1, 4, DRAW, DRAW)
    table = standings("round-robin", entrants, played)
    assert [(r.entrant, r.rank, r.sonneborn_berger) for r in table] == [
        (2, 1, 2.5), (3, 2, 2.0), (1, 3, 2.25), (4, 4, 0.75)]
    assert podium("round-robin", entrants, played) == [(1, [2]), (2, [3]), (3, [1])]


def test_knockout_of_eight_follows_the_seeded_bracket():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    entrants = list(range(1, 9))
    assert round_count("knockout", 8, None) == round_count("knockout", 8, 3) == 3
    r1 = pair("knockout", entrants, [], 1)
    assert boards(r1) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    played = play(1, r1, "aaaa")
    r2 = pair("knockout", entrants, played, 2)
    assert boards(r2) == [(1, 4), (2, 3)]
    played += play(2, r2, "aa")
    assert boards(pair("knockout", entrants, played, 3)) == [(1, 2)]  # 1 and 2 meet in the final
    assert not is_finished("knockout", entrants, played, 3)
    played += play(3, pair("knockout", entrants, played, 3), "a")
    assert is_finished("knockout", entrants, played, 3)
    assert podium("knockout", entrants, played) == [(1, [1]), (2, [2]), (3, [3, 4])]
    table = standings("knockout", entrants, played)
    assert [(r.entrant, r.rank, r.eliminated) for r in table][:2] == [(1, 1, False), (2, 2, True)]
    assert {r.entrant: r.rank for r in table if r.rank == 5} == {5: 5, 6: 5, 7: 5, 8: 5}


def test_knockout_of_five_gives_byes_to_the_top_seeds_and_a_draw_to_the_higher_seed():
    entrants = [1, 2, 3, 4, 5]
    r1 = pair("knockout", entrants, [], 1)
    # A bracket of 8: seeds 6, 7 and 8 are missing, so 1, 2 and 3 have byes; only 4v5 is played.
    assert boards(r1) == [(1, None), (4, 5), (2, None), (3, None)]
    with pytest.raises(PairingError) as refused:
        pair("knockout", entrants, play(1, r1, ""), 2)  # 4v5 has no result yet
    assert (refused.value.key, refused.value.params) == ("pairing.round_unfinished", {"round": 1})
    played = play(1, r1, "b")  # 5 beats 4
    r2 = pair("knockout", entrants, played, 2)
    assert boards(r2) == [(1, 5), (2, 3)]
    played += play(2, r2, "db")  # 1 draws 5: 1, the higher seed, goes through; 3 beats 2
    r3 = pair("knockout", entrants, played, 3)
    assert boards(r3) == [(1, 3)]
    played += play(3, r3, "b")  # 3 wins the final
    assert podium("knockout", entrants, played) == [(1, [3]), (2, [1]), (3, [2, 5])]
    table = standings("knockout", entrants, played)
    assert [(r.entrant, r.rank, r.eliminated) for r in table] == [
        (3, 1, False), (1, 2, True), (2, 3, True), (5, 3, True), (4, 5, True)]
    assert (row(table, 1).byes, row(table, 1).draws, row(table, 1).points) == (1, 1, 1.5)


def test_round_counts_and_refusals():
    assert round_count("swiss", 6, None) == 3 and round_count("swiss", 6, 5) == 5
    assert round_count("swiss", 2, None) == 1
    assert round_count("round-robin", 6, None) == 5 and round_count("round-robin", 7, None) == 7
    assert round_count("round-robin", 7, 3) == 3
    assert round_count("knockout", 5, None) == 3 and round_count("knockout", 2, None) == 1
    refusals = [
        (("swiss", 6, 6), "pairing.rounds_range", {"count": 6, "minimum": 1, "maximum": 5}),
        (("swiss", 6, 0), "pairing.rounds_range", {"count": 6, "minimum": 1, "maximum": 5}),
        (("round-robin", 4, 4), "pairing.rounds_range", {"count": 4, "minimum": 1, "maximum": 3}),
        (("knockout", 5, 2), "pairing.knockout_rounds", {"count": 5, "rounds": 3}),
        (("swiss", 1, None), "pairing.too_few", {"minimum": 2, "count": 1}),
        (("league", 6, None), "pairing.unknown_format", {"format": "league"}),
    ]
    for args, key, params in refusals:
        with pytest.raises(PairingError) as refused:
            round_count(*args)
        assert (refused.value.key, refused.value.params) == (key, params)
    with pytest.raises(PairingError) as refused:
        pair("swiss", [1, 2, 3], [], 3)
    assert refused.value.key == "pairing.no_round"


def test_every_refusal_is_in_every_catalogue():
    import i18n

    keys = ["pairing.unknown_format", "pairing.too_few", "pairing.rounds_range", "pairing.knockout_rounds",
            "pairing.no_round", "pairing.round_unfinished"]
    for locale in i18n.LOCALES:
        assert all(i18n.has(key, locale) for key in keys), locale
    assert "5" in i18n.t("pairing.rounds_range", "zh-CN", count=6, minimum=1, maximum=5)


def _run(format: str, n: int, results: list[str], rounds: int) -> list[list[Pairing]]:
    entrants = list(range(1, n + 1))
    played: list[Played] = []
    out = []
    for round_no in range(1, rounds + 1):
        pairings = pair(format, entrants, played, round_no)
        out.append(pairings)
        letters = (results[round_no - 1] * n)[: sum(p.b is not None for p in pairings)]
        played += play(round_no, pairings, letters)
    assert is_finished(format, entrants, played, rounds)
    table = standings(format, entrants, played)
    assert sorted(r.entrant for r in table) == entrants
    assert [r.rank for r in table] == sorted(r.rank for r in table) and table[0].rank == 1
    return out


RESULTS = st.lists(st.text(alphabet="abd", min_size=1, max_size=8), min_size=12, max_size=12)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 12), results=RESULTS, data=st.data())
def test_swiss_properties(n, results, data):
    rounds = data.draw(st.integers(1, n - 1))
    seen: set[frozenset[int]] = set()
    byes: list[int] = []
    for round_no, pairings in enumerate(_run("swiss", n, results, rounds), start=1):
        everyone = [e for p in pairings for e in (p.a, p.b) if e is not None]
        assert sorted(everyone) == list(range(1, n + 1))  # each entrant exactly once a round
        assert all(p.a != p.b for p in pairings) and [p.board for p in pairings] == list(range(1, len(pairings) + 1))
        assert sum(p.b is None for p in pairings) == n % 2
        byes += [p.a for p in pairings if p.b is None]
        new = {frozenset((p.a, p.b)) for p in pairings if p.b is not None}
        if round_no <= n // 2:  # a pairing without rematches exists (Dirac), so it is found
            assert not new & seen
        seen |= new
    assert len(byes) == len(set(byes))  # never a second bye


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 12), results=RESULTS)
def test_round_robin_and_knockout_properties(n, results):
    cycle = round_count("round-robin", n, None)
    met = [frozenset((p.a, p.b)) for r in _run("round-robin", n, results, cycle) for p in r if p.b is not None]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    rounds = round_count("knockout", n, None)
    bracket = _run("knockout", n, results, rounds)
    assert sum(p.b is not None for r in bracket for p in r) == n - 1  # n - 1 matches crown one winner
    assert len(bracket[-1]) == 1


@pytest.mark.parametrize("n", [32, 33])
def test_a_large_swiss_has_no_rematch_in_its_first_half(n):
    import random

    rng, entrants, played, met = random.Random(n), list(range(1, n + 1)), [], set()
    for round_no in range(1, n // 2 + 1):
        pairings = pair("swiss", entrants, played, round_no)
        new = {frozenset((p.a, p.b)) for p in pairings if p.b is not None}
        assert not new & met and len(new) == n // 2
        met |= new
        played += play(round_no, pairings, "".join(rng.choice("abd") for _ in pairings))
