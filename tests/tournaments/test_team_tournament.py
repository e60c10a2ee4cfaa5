"""Team tournaments: entrants are pairs; a match seats the first pair in
seats 0 and 1 and the second in 2 and 3 (SETUP 2v2), and in Death Front gives
the first pair the Allies and the second the Axis. Whole tournaments of AI
pairs, two rounds each, played through real tables."""
from __future__ import annotations

import pytest

from db.tournaments import Entrant
from tables.errors import TableError
from tables.registry import default_registry
from tables.tournaments.matches import match_score, match_table
from tests.tournaments.kit import ORGANISER, USER0, open_services, sign_up


@pytest.fixture
async def service(tmp_path):
    service = await open_services(str(tmp_path / "t.db"), default_registry())
    service.flow.ai_level = "greedy"
    yield service
    await service.settle()
    await service.tables.shutdown()
    await service.tables.db.close()


def pair(n: int, user: int | None = None) -> Entrant:
    if user is None:
        return Entrant(1, n, None, None, f"AI {n}", f"AI {n}·2")
    return Entrant(1, n, user, user + 1, f"p{user}", f"p{user + 1}")


async def test_a_pair_signs_up_together_and_cannot_join_twice(service):
    tid = await sign_up(service, game="setup", teams=True)
    with pytest.raises(TableError) as refused:
        await service.join(tid, USER0 + 1, "p1")
    assert refused.value.key == "tournament.err.partner_needed"
    await service.join(tid, USER0 + 1, "p1", USER0 + 2, "p2")
    with pytest.raises(TableError) as refused:
        await service.join(tid, USER0 + 2, "p2", USER0 + 3, "p3")  # the partner is already in
    assert refused.value.key == "tournament.err.already"
    await service.leave(tid, USER0 + 2)  # either partner withdraws the pair
    assert await service.entrants(tid) == []
    with pytest.raises(TableError) as refused:
        await service.new(1, 2, ORGANISER, "cubed", "swiss", teams=True)
    assert refused.value.key == "tournament.err.no_teams"


@pytest.mark.parametrize("game", ["setup", "deathfront"])
async def test_a_match_seats_each_pair_on_its_side(service, game):
    t = await service.get(await sign_up(service, game=game, teams=True, turn_minutes=5))
    config, seats = match_table(t, service.tables.registry.get(game), pair(1, 500), pair(2))
    assert [s.user_id for s in seats] == [500, 501, None, None]
    assert [s.ai_reason for s in seats] == [None, None, "added", "added"]
    assert config["turn_minutes"] == 5
    if game == "setup":
        assert config["mode"] == "teams"
    else:
        assert [s.options["faction"] for s in seats] == ["us", "uk", "ss", "wehrmacht"]
    # The better side's rank wins the match; a shared first place is a draw.
    assert match_score(True, {0: 1, 1: 1, 2: 3, 3: 3}) == (1.0, 0.0)
    assert match_score(True, {0: 3, 1: 3, 2: 1, 3: 1}) == (0.0, 1.0)
    assert match_score(True, {0: 1, 1: 1, 2: 1, 3: 1}) == (0.5, 0.5)


@pytest.mark.parametrize("game", ["setup", "deathfront"])
async def test_four_ai_pairs_play_two_rounds_of_a_team_game(service, game):
    tid = await sign_up(service, game=game, ais=4, teams=True, rounds=2)
    await service.start(tid, ORGANISER)
    await service.settle()
    t = await service.get(tid)
    assert t.status == "finished" and t.round_no == 2
    matches = await service.repo.matches(tid)
    assert len(matches) == 4 and all(m.recorded for m in matches)
    for m in matches:
        record = await service.tables.games.get(m.game_id)
        assert record.status == "finished" and len(record.seats) == 4
        assert [s.name for s in record.seats] == [f"AI {m.a}", f"AI {m.a}·2", f"AI {m.b}", f"AI {m.b}·2"]
        rows = {r["seat"]: (r["rank"], r["team"]) for r in await service.tables.games.results(m.game_id)}
        assert rows[0][1] == rows[1][1] != rows[2][1] == rows[3][1]  # the pairs are the game's teams
        assert (m.score_a, m.score_b) == match_score(True, {s: rank for s, (rank, _) in rows.items()})
        if game == "deathfront":
            factions = [f for f in record.config["factions"]]
            assert factions == ["us", "uk", "ss", "wehrmacht"]
    assert service.notifier.of("standings") == [1, 2] and len(service.notifier.of("podium")) == 1
