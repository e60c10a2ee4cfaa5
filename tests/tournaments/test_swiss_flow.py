"""Whole tournaments through the service, every match a real table whose
game a resignation decides (so the results are known): pairings, byes,
standings and Buchholz against values worked out by hand."""
from __future__ import annotations

import pytest

from tables.errors import TableError
from tests.tournaments.kit import ORGANISER, USER0, open_services, referee, sign_up

# The stronger entrant wins every match (entrant -> strength).
STRENGTH = {1: 3, 2: 6, 3: 1, 4: 5, 5: 2, 6: 4}


def stronger(a: int, b: int) -> int:
    return a if STRENGTH[a] > STRENGTH[b] else b


@pytest.fixture
async def service(tmp_path):
    service = await open_services(str(tmp_path / "t.db"))
    yield service
    await service.settle()
    await service.tables.shutdown()
    await service.tables.db.close()


async def test_six_players_three_rounds_of_swiss(service):
    tid = await sign_up(service, people=6, rounds=3)
    await service.start(tid, ORGANISER)
    await referee(service, tid, stronger)

    t = await service.get(tid)
    assert t.status == "finished" and t.rounds == 3 and t.round_no == 3
    matches = await service.repo.matches(tid)
    # Round 1 top half against bottom half; then score groups, no rematch.
    assert [(m.round, m.a, m.b) for m in matches] == [
        (1, 1, 4), (1, 2, 5), (1, 3, 6),
        (2, 2, 4), (2, 6, 1), (2, 3, 5),
        (3, 2, 6), (3, 4, 5), (3, 1, 3),
    ]
    assert all(m.recorded and m.game_id and m.thread_id for m in matches)
    assert len({m.game_id for m in matches}) == 9 and len({m.thread_id for m in matches}) == 9
    for m in matches:  # each score is the game's: the loser resigned
        rows = await service.tables.games.results(m.game_id)
        assert {r["seat"]: r["rank"] for r in rows} == ({0: 1, 1: 2} if m.score_a == 1.0 else {0: 2, 1: 1})
        assert (m.score_a == 1.0) == (stronger(m.a, m.b) == m.a)

    from tables.tournaments.flow import played_of
    from tables.tournaments.pairing import podium, standings
    played = played_of(matches)
    table = [(s.rank, s.entrant, s.points, s.buchholz, s.wins, s.losses)
             for s in standings("swiss", list(range(1, 7)), played)]
    assert table == [(1, 2, 3, 5, 3, 0), (2, 4, 2, 5, 2, 1), (3, 6, 2, 4, 2, 1),
                     (4, 5, 1, 5, 1, 2), (5, 1, 1, 4, 1, 2), (6, 3, 0, 4, 0, 3)]
    assert podium("swiss", list(range(1, 7)), played) == [(1, [2]), (2, [4]), (3, [6])]
    calls = service.notifier.calls
    assert service.notifier.of("standings") == [1, 2, 3]
    assert service.notifier.of("podium") == [[(1, [2]), (2, [4]), (3, [6])]]
    assert [name for name, _ in calls].count("round") == 3
    # Nothing more to do: resuming again announces nothing twice.
    before = len(calls)
    assert await service.resume() == 0
    assert len(service.notifier.calls) == before


async def test_six_ai_entrants_play_three_rounds_to_the_end(service):
    tid = await sign_up(service, ais=6, rounds=3)
    await service.start(tid, ORGANISER)
    await service.settle()
    t = await service.get(tid)
    assert t.status == "finished"
    matches = await service.repo.matches(tid)
    assert len(matches) == 9 and all(m.recorded for m in matches)
    met = [frozenset((m.a, m.b)) for m in matches]
    assert len(set(met)) == 9  # no rematch
    for entrant in range(1, 7):
        assert sum(entrant in pair for pair in met) == 3
    for m in matches:  # the score is the game's result, both seats AI seats
        record = await service.tables.games.get(m.game_id)
        assert record.status == "finished" and [s.ai_reason for s in record.seats] == ["added", "added"]
        assert [s.name for s in record.seats] == [f"AI {m.a}", f"AI {m.b}"]
        ranks = {r["seat"]: r["rank"] for r in await service.tables.games.results(m.game_id)}
        assert (m.score_a > m.score_b) == (ranks[0] < ranks[1])


async def test_five_players_get_byes_that_score_a_win(service):
    tid = await sign_up(service, people=5)
    await service.start(tid, ORGANISER)
    await referee(service, tid, min)  # the earlier sign-up wins
    t = await service.get(tid)
    assert t.status == "finished" and t.rounds == 3
    matches = await service.repo.matches(tid)
    byes = [(m.round, m.a) for m in matches if m.b is None]
    assert len(byes) == 3 and len({a for _, a in byes}) == 3  # never twice to one entrant
    assert all(m.game_id is None and m.thread_id is None and (m.score_a, m.score_b) == (1.0, 0.0)
               for m in matches if m.b is None)
    # Worked by hand: the bye goes to the lowest-ranked entrant without one.
    assert [(m.round, m.a, m.b, m.score_a) for m in matches] == [
        (1, 1, 3, 1.0), (1, 2, 4, 1.0), (1, 5, None, 1.0),
        (2, 1, 2, 1.0), (2, 5, 3, 0.0), (2, 4, None, 1.0),
        (3, 1, 4, 1.0), (3, 2, 5, 1.0), (3, 3, None, 1.0),
    ]
    from tables.tournaments.flow import played_of
    from tables.tournaments.pairing import standings
    table = [(s.rank, s.entrant, s.points, s.buchholz, s.byes)
             for s in standings("swiss", list(range(1, 6)), played_of(matches))]
    # A bye scores a point and adds nothing to anyone's Buchholz.
    assert table == [(1, 1, 3, 5, 0), (2, 2, 2, 5, 0), (3, 3, 2, 4, 1), (4, 4, 1, 5, 1), (5, 5, 1, 4, 1)]


async def test_bad_requests_are_refused_and_change_nothing(service):
    with pytest.raises(TableError) as refused:
        await service.new(1, 2, ORGANISER, "highcard", "ladder")
    assert refused.value.key == "pairing.unknown_format"
    tid = await sign_up(service, people=1)
    with pytest.raises(TableError) as refused:
        await service.join(tid, USER0 + 1, "p1")
    assert refused.value.key == "tournament.err.already"
    with pytest.raises(TableError) as refused:
        await service.start(tid, USER0 + 1)
    assert refused.value.key == "tournament.err.organiser_only"
    with pytest.raises(TableError) as refused:
        await service.start(tid, ORGANISER)  # one entrant
    assert refused.value.key == "pairing.too_few"
    assert (await service.get(tid)).status == "signup"
    assert await service.repo.matches(tid) == []


async def test_a_no_show_is_played_by_the_ai_and_the_match_still_counts(service):
    """Nobody moves: each time-out the AI plays the late turn, after a few it
    keeps the seat; the game ends and the match is recorded as it ended."""
    tid = await sign_up(service, people=2, turn_minutes=3)
    await service.start(tid, ORGANISER)
    [m] = await service.repo.matches(tid, 1)
    table = service.tables.get(m.game_id)
    assert await service.tables.timers.turn_timeout_seconds(table.record) == 180  # the tournament's own
    while table.record.status == "playing":
        await service.tables.changes.time_out(table, table.record.version)  # what the turn timer does
    await service.settle()
    record = await service.tables.games.get(m.game_id)
    assert record.status == "finished" and record.ai_marked
    assert [s.ai_reason for s in record.seats] == ["timeout", "timeout"]
    [m] = await service.repo.matches(tid, 1)
    ranks = {r["seat"]: r["rank"] for r in await service.tables.games.results(m.game_id)}
    assert m.recorded and (m.score_a > m.score_b) == (ranks[0] < ranks[1])


@pytest.mark.parametrize("format, entrants, rounds, games", [("knockout", 5, 3, 4), ("round-robin", 5, 5, 10)])
async def test_knockout_and_round_robin_run_to_their_end(service, format, entrants, rounds, games):
    tid = await sign_up(service, ais=entrants, format=format)
    await service.start(tid, ORGANISER)
    await service.settle()
    t = await service.get(tid)
    assert t.status == "finished" and t.rounds == rounds and t.round_no == rounds
    matches = await service.repo.matches(tid)
    assert all(m.recorded for m in matches)
    assert sum(m.b is not None for m in matches) == games  # a knockout of 5: 4 games; a full cycle: 10
    [places] = service.notifier.of("podium")
    assert places[0][0] == 1 and len(places[0][1]) >= 1


async def test_a_running_tournament_is_cancelled_by_its_organiser_or_a_manager(service):
    tid = await sign_up(service, people=4, rounds=3)
    await service.start(tid, ORGANISER)
    await service.settle()
    with pytest.raises(TableError) as refused:
        await service.cancel(tid, USER0 + 1)  # a player, not the organiser
    assert refused.value.key == "tournament.err.organiser_only"
    assert (await service.get(tid)).status == "running"

    await service.cancel(tid, USER0 + 1, manager=True)
    assert (await service.get(tid)).status == "cancelled"
    assert service.notifier.of("cancelled") == [tid]
    # The round's games go on as ordinary games; their ends record nothing.
    round_one = await service.repo.matches(tid, 1)
    for m in round_one:
        await service.tables.resign(m.game_id, USER0 + m.b)
    await service.settle()
    assert all(not m.recorded for m in await service.repo.matches(tid))
    assert service.notifier.of("standings") == [] and (await service.get(tid)).round_no == 1
    with pytest.raises(TableError) as again:
        await service.cancel(tid, ORGANISER)
    assert again.value.key == "tournament.err.over"


async def test_the_organiser_cancels_in_sign_up(service):
    tid = await sign_up(service, people=2)
    await service.cancel(tid, ORGANISER)
    assert (await service.get(tid)).status == "cancelled"
    assert service.notifier.of("signup")[-1] == (tid, 2, "tournament.signup.cancelled")
    with pytest.raises(TableError):
        await service.join(tid, USER0 + 5, "late")
