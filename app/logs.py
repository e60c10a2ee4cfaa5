"""Logging: one stream handler, the token never printed, and the loggers
that would print hidden game data held at INFO."""
from __future__ import annotations

import logging

from app.settings import Settings


class _RedactTokens(logging.Filter):
    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret and self.secret in record.getMessage():
            record.msg = record.getMessage().replace(self.secret, "[token]")
            record.args = ()
        return True


# Loggers that print statement parameters or request/response bodies at
# DEBUG: game snapshots (every hand, the bag) and private replies would reach
# the log. They stay at INFO whatever LOG_LEVEL says.
PARAMETER_LOGGERS = ("aiosqlite", "asyncpg", "discord.http", "discord.webhook", "discord.webhook.async_",
                     "discord.gateway", "discord.client", "discord.state")


def configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for secret in (settings.discord_token, settings.web_secret, settings.discord_client_secret):
        handler.addFilter(_RedactTokens(secret))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = logging.getLevelName(settings.log_level.upper())
    root.setLevel(level)
    for name in PARAMETER_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))
