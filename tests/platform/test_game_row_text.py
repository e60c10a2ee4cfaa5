"""The game row's JSON columns are the text they always were (written on
every action, so ``db/repo.py`` builds them the cheap way): config as
``json.dumps(…, ensure_ascii=False)``, ping seats as ``json.dumps``, and
the row reads back as the record written."""
import json

import pytest

from db.database import Database
from db.models import GameRecord, Seat
from db.repo import GameRepo


@pytest.fixture
async def db(tmp_path):
    database = Database(str(tmp_path / "row.db"))
    await database.open()
    yield database
    await database.close()


async def test_the_json_columns_keep_their_text(db):
    repo = GameRepo(db)
    config = {"name": "中文 Ünïcode", "rounds": 3, "points": {"one": 3, "two": 2.5}, "first_seat": None,
              "factions": ["us", "ss"], "flag": False}
    record = GameRecord(game_type="cubed", guild_id=7, channel_id=8, host_id=9, config=config,
                        seats=[Seat(user_id=1, name="Zoë"), Seat(name="AI", ai_reason="added")],
                        seed=4, ping_seats=[0, 1], created_at=1.5, updated_at=2.5)
    async with db.transaction() as conn:
        record.id = await repo.insert(conn, record)
    record.version, record.status, record.ping_seats = 1, "playing", [1]
    await repo.save(record)
    row = await db.fetchone("SELECT config, seats, ping_seats, reminded FROM games WHERE id = ?", (record.id,))
    assert row["config"] == json.dumps(config, ensure_ascii=False)
    assert row["ping_seats"] == json.dumps([1])
    assert json.loads(row["seats"]) == [s.model_dump(mode="json", by_alias=True) for s in record.seats]
    assert row["reminded"] == 0
    back = await repo.get(record.id)
    assert back is not None and back.model_dump(exclude={"revision"}) == record.model_dump(exclude={"revision"})


async def test_the_action_text_is_json_dumps_without_ascii_escapes(db):
    repo = GameRepo(db)
    record = GameRecord(game_type="cubed", guild_id=7, channel_id=8, host_id=9, config={}, seats=[Seat(user_id=1, name="Zoë")],
                        seed=4, created_at=1.5, updated_at=2.5)
    async with db.transaction() as conn:
        record.id = await repo.insert(conn, record)
    action = {"kind": "say", "text": "中文 Ünïcode", "cell": [1, 2], "rotation": 2.5, "to": None, "all": True}
    record.version, record.status = 1, "playing"
    await repo.commit_action(record, 0, action, False, {"turn": 1})
    row = await db.fetchone("SELECT action FROM actions WHERE game_id = ?", (record.id,))
    assert row["action"] == json.dumps(action, ensure_ascii=False)
