"""The table service's wiring (tables/service.py): the notifier, clock and seed
source replaced on the service reach every part at its next use, and the two
hooks of its true cycles are connected (tables/hook.py)."""
import pytest

from db.database import Database
from games.definition import GameDefinition
from tables.hook import Hook
from tables.notifier import NullNotifier
from tables.registry import GameRegistry
from tables.service import TableService
from tests.support.highcard import HighcardEngine, HighcardRenderer


@pytest.fixture
async def db(tmp_path):
    database = Database(str(tmp_path / "t.db"))
    await database.open()
    yield database
    await database.close()


def test_a_hook_calls_its_target_once_connected():
    double: Hook[[int], int] = Hook("double")
    with pytest.raises(RuntimeError, match="double called before it was connected"):
        double(2)
    double.connect(lambda n: 2 * n)
    assert double(3) == 6
    with pytest.raises(RuntimeError, match="already connected"):
        double.connect(lambda n: n)


async def test_what_the_service_reads_from_outside_reaches_its_parts(db):
    service = TableService(db, GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())]))
    assert service.store.reload.target == service.refresher.refresh
    assert service.timers.time_out.target == service.changes.time_out
    notifier = NullNotifier()
    service.notifier = notifier
    service.clock = lambda: 1_000.0
    service.new_seed = lambda: 41
    assert service.timers.notifier() is notifier and service.announcer.notifier() is notifier
    assert service.store.now() == service.results.now() == service.changes.now() == 1_000.0
    table = await service.open_lobby("highcard", 1, 10, 100, "alice")
    assert table.record.seed == 41 and table.record.created_at == 1_000.0
    await service.shutdown()
