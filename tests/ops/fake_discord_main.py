"""Run by test_startup.py: ``python bot.py`` with discord.py's REST base URL
pointed at FAKE_DISCORD_API (a local stub or a closed port), as no network is
reachable in tests."""
from __future__ import annotations

import os
import sys

import discord.http

import bot

discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]

if __name__ == "__main__":
    sys.exit(bot.main(sys.argv[1:]))
