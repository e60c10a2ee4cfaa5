"""``tabletop forget USER_ID``: an operator honours a player's request to
delete their data, as ``/privacy delete`` does (tables/privacy.py), on
DATABASE_URL — safe while the bot runs. Prints counts, never the name."""
from __future__ import annotations

import argparse
import asyncio
import sys

from app.logs import configure_logging
from app.settings import load_settings
from app.startup import StartFailure
from db.database import Database
from i18n import t
from tables.errors import TableError
from tables.privacy import Forgotten, forget
from tables.registry import default_registry


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tabletop forget",
        description="Delete a user's names, ratings and settings and make them 'a former player' in finished "
                    "games' records (refused while they are in a live lobby or game).")
    parser.add_argument("user_id", type=int, help="the user's Discord id (Developer Mode → Copy User ID)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
        configure_logging(settings)
        done = asyncio.run(_forget(settings.database_url, args.user_id))
    except StartFailure as failure:
        print(f"tabletop: {failure}", file=sys.stderr)
        return failure.status
    except TableError as refusal:
        print(f"tabletop forget: refused: {t(refusal.key, 'en', **refusal.params)}", file=sys.stderr)
        return 1
    print(f"ok: {done.games} game records anonymised, {done.ratings} ratings and {done.settings} settings rows "
          "deleted")
    return 0


async def _forget(url: str, user_id: int) -> Forgotten:
    db = Database(url, pool_min=1, pool_max=2)
    await db.open()
    try:
        return await forget(db, default_registry(), user_id)
    finally:
        await db.close()
