"""The ``tabletop`` command (``python bot.py``): read the settings, set up
logging, build the bot with the function it is given, and run or check it.
Without DISCORD_TOKEN it serves local play in the browser instead
(``app/local.py``)."""
from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Callable

from app import startup
from app.logs import configure_logging
from app.settings import Settings, load_settings
from app.startup import RunnableBot, StartFailure


def main(argv: list[str] | None, build: Callable[[Settings], RunnableBot]) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["forget"]:  # tabletop forget USER_ID (app/forget.py)
        from app.forget import main as forget_main

        return forget_main(given[1:])
    parser = argparse.ArgumentParser(
        prog="tabletop", description="Run the Tabletop Discord bot; without DISCORD_TOKEN, local play in the browser.")
    parser.add_argument("command", nargs="?", choices=["web", "backup", "forget"],
                        help="web: serve only the web board, beside the bot's processes on their PostgreSQL "
                             "database (no Discord gateway); backup PATH [--force]: copy the SQLite database "
                             "to PATH, safe while the bot runs; forget USER_ID: delete a player's data on "
                             "request, as /privacy delete does (tabletop forget --help)")
    parser.add_argument("path", nargs="?", help="backup: the file to write the copy to")
    parser.add_argument("--force", action="store_true", help="backup: replace PATH when it exists")
    parser.add_argument("--check", action="store_true",
                        help="validate the settings and open the database, then exit without connecting "
                             "to Discord (status 0 when the bot could start)")
    args = parser.parse_args(argv)
    if args.path and args.command != "backup":
        parser.error(f"unexpected argument {args.path!r}")
    try:
        settings = load_settings()
        configure_logging(settings)
        if args.command == "backup":
            from app.backup_command import backup
            return backup(settings, args.path, force=args.force)
        if args.command == "web":
            return serve_web(settings, check=args.check)
        if not settings.discord_token:
            return play_locally(settings, check=args.check)
        bot = build(settings)
        if args.check:
            asyncio.run(startup.check(bot))
            print(f"ok: settings valid, database open at {getattr(bot.db, 'path', 'DATABASE_URL')}")
            return 0
        asyncio.run(startup.run(bot, settings.discord_token))
    except StartFailure as failure:
        print(f"tabletop: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:
        return 130
    return 0


def play_locally(settings: Settings, check: bool) -> int:
    """No token: the web board for local play (``--check``: the database opens)."""
    from app.local import serve_locally
    from db.database import Database

    db = Database(settings.database_url)
    if check:
        asyncio.run(startup.check_database(db))
        print(f"ok: settings valid, database open at {getattr(db, 'path', 'DATABASE_URL')} (local play: "
              "no DISCORD_TOKEN)")
        return 0
    asyncio.run(serve_locally(settings, db, ready=lambda line: print(line, flush=True)))
    return 0


def serve_web(settings: Settings, check: bool) -> int:
    """``tabletop web``: the web board as a process of its own (PostgreSQL only)."""
    from app import web_process
    from db.database import Database

    db = Database(settings.database_url, pool_min=settings.database_pool_min, pool_max=settings.database_pool_max)
    if check:
        asyncio.run(web_process.check(db))
        print("ok: settings valid, PostgreSQL database open (tabletop web)")
        return 0
    asyncio.run(web_process.serve_web(settings, db, ready=lambda line: print(line, flush=True)))
    return 0
