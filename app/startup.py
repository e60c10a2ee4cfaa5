"""Starting the bot: the database first, then the login and the gateway.
A start that cannot go on raises ``StartFailure``, one message naming the
cause and the setting to fix."""
from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any, Protocol

import aiohttp
import discord

from db.database import Database
from db.postgres import ConnectFailure

log = logging.getLogger("tabletop")


class StartFailure(Exception):
    """A start that cannot go on; the message names the cause and the setting."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class LogsIn(Protocol):
    """A discord.py client: the bot, or ``tabletop web``'s gateway-less one."""

    async def login(self, token: str) -> None: ...


class RunnableBot(LogsIn, Protocol):
    """What starting needs of the bot (``bot.TabletopBot`` is one)."""

    db: Database

    async def connect(self, *, reconnect: bool = True) -> None: ...

    async def close(self) -> None: ...

    async def __aenter__(self) -> Any: ...

    async def __aexit__(self, *exc: object) -> None: ...


async def open_database(bot: RunnableBot) -> None:
    """Open (and migrate) the database before anything talks to Discord."""
    await open_db(bot.db)


async def open_db(db: Database) -> None:
    """Open (and migrate) ``db``; a failure is one ``StartFailure`` line."""
    try:
        await db.open()
    except ConnectFailure as failure:
        raise StartFailure(f"cannot open the PostgreSQL database named by DATABASE_URL: {failure}",
                           status=2) from None
    except Exception as error:  # any driver, any cause: one line naming the setting
        where = getattr(db, "path", None)
        place = f" at {where}" if where else ""
        raise StartFailure(f"cannot open the database{place} named by DATABASE_URL: "
                           f"{type(error).__name__}: {error}", status=2) from None


async def login(bot: LogsIn, token: str) -> None:
    try:
        await bot.login(token)
    except discord.LoginFailure:
        raise StartFailure("Discord refused the token in DISCORD_TOKEN: copy it again from the Developer "
                           "Portal (Bot → Reset Token).") from None
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        raise StartFailure(f"cannot reach Discord ({type(error).__name__}: {error or 'timed out'}); "
                           "check the network, DNS or proxy of this machine.") from None
    except discord.HTTPException as error:
        raise StartFailure(f"Discord answered HTTP {error.status} at login; try again later.") from None


async def run(bot: RunnableBot, token: str) -> None:
    """Open the database, log in and stay connected until SIGINT/SIGTERM."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        await open_database(bot)

        async def login_and_connect() -> None:
            await login(bot, token)
            # After a good login discord.py reconnects by itself, with backoff.
            await bot.connect(reconnect=True)

        runner = asyncio.create_task(login_and_connect())
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("signal received: shutting down")
            await bot.close()
        else:
            stopper.cancel()
        try:
            await runner  # re-raises a failure to start
        except asyncio.CancelledError:
            pass
        except discord.PrivilegedIntentsRequired:
            raise StartFailure("Discord refused the gateway intents; the bot needs none of the privileged "
                               "ones, so check the application's settings.") from None
        except discord.ConnectionClosed as error:
            if error.code == 4004:
                raise StartFailure("Discord refused the token in DISCORD_TOKEN.") from None
            raise


async def check(bot: RunnableBot) -> None:
    """``--check``: the database opens (and migrates); Discord is not touched."""
    await open_database(bot)
    await bot.db.close()


async def check_database(db: Database) -> None:
    """``--check`` for local play: the database opens (and migrates)."""
    await open_db(db)
    await db.close()
