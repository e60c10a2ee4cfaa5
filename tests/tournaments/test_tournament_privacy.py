"""Forgetting a player who played a tournament: refused while it runs; once
it is over, their entry stays in its place as "a former player" and no
table of the database holds their id or name."""
from __future__ import annotations

import pytest

from db.privacy import stored_about
from i18n import t
from tables.errors import TableError
from tables.privacy import forget, forgotten_name
from tests.platform.privacy_kit import traces
from tests.tournaments.kit import ORGANISER, USER0, open_services, referee

NAMES = ["Zephyrine", "Quillon", "Marisabel", "Torvaldine"]


@pytest.fixture
async def service(tmp_path):
    service = await open_services(str(tmp_path / "t.db"))
    yield service
    await service.settle()
    await service.tables.shutdown()
    await service.tables.db.close()


async def test_a_forgotten_entrant_becomes_a_former_player(service):
    tour = await service.new(1, 2, ORGANISER, "highcard", "round-robin")
    for n, name in enumerate(NAMES, start=1):
        await service.join(tour.id, USER0 + n, name)
    await service.start(tour.id, ORGANISER)
    gone = USER0 + 2
    with pytest.raises(TableError) as refused:
        await forget(service.tables.db, service.tables.registry, gone)
    assert refused.value.key in ("privacy.err.live", "tournament.err.running")  # a match of theirs is live too
    await referee(service, tour.id, min)
    with pytest.raises(TableError) as refused:  # the organiser of a tournament in sign-up
        other = await service.new(1, 3, gone, "highcard", "swiss")
        await forget(service.tables.db, service.tables.registry, gone)
    assert refused.value.key == "tournament.err.running" and refused.value.params["tournaments"] == f"#{other.id}"
    await service.cancel(other.id, gone)
    shown = await stored_about(service.tables.db, gone)  # /privacy show lists both, and the name kept
    assert shown.tournaments == [tour.id, other.id] and NAMES[1] in shown.names

    await forget(service.tables.db, service.tables.registry, gone)
    assert await traces(service.tables.db, gone, NAMES[1]) == []
    entrants = await service.entrants(tour.id)
    assert [e.user_id for e in entrants] == [USER0 + 1, None, USER0 + 3, USER0 + 4]
    assert forgotten_name(entrants[1].name, entrants[1].user_id, "zh-TW") == t("privacy.former_player", "zh-TW")
    assert (await service.get(other.id)).organiser_id == 0
    matches = await service.repo.matches(tour.id)
    assert len(matches) == 6 and all(m.recorded for m in matches)  # the results stay
    assert (await stored_about(service.tables.db, gone)).tournaments == []
