"""Which database the tests run on: SQLite by default; with
``TABLETOP_TEST_DATABASE_URL=postgresql://…`` each test gets a fresh schema
on that server."""
from __future__ import annotations

import os
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def postgres_test_url() -> str | None:
    """The PostgreSQL server the tests may use, if one is configured."""
    url = os.environ.get("TABLETOP_TEST_DATABASE_URL", "").strip()
    return url if url.startswith(("postgresql://", "postgres://")) else None


def fresh_schema_url(server: str) -> tuple[str, str]:
    """(a URL on ``server`` naming a new, empty schema, the schema's name)."""
    schema = f"test_{uuid.uuid4().hex[:12]}"
    return f"{server}{'&' if '?' in server else '?'}schema={schema}", schema


async def drop_schema(server: str, schema: str) -> None:
    import asyncpg

    from db.postgres import quote_ident, split_schema

    conn = await asyncpg.connect(split_schema(server)[0])
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {quote_ident(schema)} CASCADE")
    finally:
        await conn.close()


DATABASE_MARKER = "database"

# Games and turns played to check what a person sees, taps and is told:
# pages in Chromium, clicks and taps on Discord, the words of a game in
# Chinese, turn notifications and pings, hints. Their database is only where
# the table service keeps the game: they never restart a bot, open a
# repository or read the store other than through the service's queries that
# the database tests run on PostgreSQL too (tests/pg, tests/platform,
# tests/webboard…), so there they would check the same pages, taps and words
# again (63 % of the pass's test time). They run once, on SQLite. Measured
# with coverage on PostgreSQL (docs/performance.md "CI time"): without them
# the pass still runs every line of db/ it ran with them.
# Tests of these folders that restart a bot or read the store (the click
# controls, the lobby's restart in Chinese, the tutorial board, the rules
# topics…) stay.
SEEN_NOT_STORED = (
    "tests/browser/test_activity.py",
    "tests/browser/test_activity_board_lobby.py",
    "tests/browser/test_activity_whole_game.py",
    "tests/browser/test_finish_step.py",
    "tests/browser/test_hint_button.py",
    "tests/browser/test_keyboard_play.py",
    "tests/browser/test_live_board.py",
    "tests/browser/test_live_board_chinese.py",
    "tests/browser/test_local_lobby.py",
    "tests/browser/test_page_layouts.py",
    "tests/browser/test_page_traffic.py",
    "tests/browser/test_setup_any_play.py",
    "tests/browser/test_watch.py",
    "tests/click/test_click_budget.py",
    "tests/click/test_click_cubed.py",
    "tests/click/test_click_deathfront.py",
    "tests/click/test_click_out_of_turn.py",
    "tests/click/test_click_routes.py",
    "tests/click/test_click_setup.py",
    "tests/click/test_taps.py",
    "tests/i18n/test_i18n_private.py",
    "tests/i18n/test_i18n_whole_games.py",
    "tests/platform/test_every_turn_notifies.py",
    "tests/platform/test_turn_pings.py",
    "tests/platform/test_deathfront_relaxed_pace.py",
    "tests/platform/test_dm_modes.py",
    "tests/platform/test_hints.py",
    "tests/platform/test_rest_budget_bot.py",  # a whole game's requests and their pacing
)


def touches_database(item) -> bool:
    """Whether a collected test uses a database: the ``database_url``
    fixture (directly or through ``settings``, the bots and the tables), or
    its module reaches the server itself (``postgres_test_url``)."""
    if "database_url" in getattr(item, "fixturenames", ()):
        return True
    module = getattr(item, "module", None)
    return getattr(module, "postgres_test_url", None) is postgres_test_url


def runs_on_postgresql(item) -> bool:
    """Whether CI's PostgreSQL pass (``pytest -m database``) runs the test
    again: it touches a database and can check something different there
    (not one of ``SEEN_NOT_STORED``)."""
    return touches_database(item) and relative_path(item) not in SEEN_NOT_STORED


def relative_path(item) -> str:
    return Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
