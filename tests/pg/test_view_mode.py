"""The per-user view mode (/settings view): 'image' unless the user chose
'text', kept apart from the DM mode and across a reopen. Runs on whichever
database the suite runs on (SQLite, or PostgreSQL in CI)."""
from __future__ import annotations

from db.database import Database
from db.repo import SettingsRepo


async def test_view_mode_round_trips_and_leaves_the_dm_mode_alone(database_url):
    db = Database(database_url, pool_min=1, pool_max=2)
    await db.open()
    try:
        settings = SettingsRepo(db)
        assert await settings.view_mode(7) == "image"
        await settings.set_dm_mode(7, "off")
        await settings.set_view_mode(7, "text")
        assert await settings.view_mode(7) == "text"
        assert await settings.dm_mode(7) == "off"
        await settings.set_view_mode(8, "text")  # a user with no settings row yet
        await settings.set_dm_mode(8, "hand")
        assert (await settings.view_mode(8), await settings.dm_mode(8)) == ("text", "hand")
    finally:
        await db.close()
    db = Database(database_url, pool_min=1, pool_max=2)
    await db.open()
    try:
        settings = SettingsRepo(db)
        assert await settings.view_mode(7) == "text"
        await settings.set_view_mode(7, "image")
        assert await settings.view_mode(7) == "image"
        assert await settings.view_mode(9) == "image"
    finally:
        await db.close()
