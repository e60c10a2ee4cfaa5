"""/learn game: — an interactive tutorial, privately, against a scripted AI
(engines/tutorial.py runs it; cogs/learn/tutorial/screen.py draws it). The tutorial
lives in one ephemeral message: only the player sees it, nothing is left in
the channel, no thread or permission is needed, and it works in DMs. An
ephemeral message is gone when the client reloads, so the progress is saved
after every step (``tutorial_progress``) and ``/learn`` again continues."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, display_name, refusals, user_locale
from cogs.learn.tutorial.ids import BUTTON_TEMPLATE, NEW, SELECT_TEMPLATE, LearnRef
from cogs.learn.tutorial.screen import Controls, action_of, compose
from cogs.play.builder import ids
from cogs.play.builder.controls import control_classes, navigated
from cogs.play.panel_view import closed
from engines.base import IllegalAction
from i18n import t
from tables.errors import TableError
from tables.learning import Learning, load_learning, new_learning
from tables.records import TutorialRepo
from tables.text import game_name

log = logging.getLogger(__name__)
_locks: dict[int, asyncio.Lock] = {}  # per player: two quick clicks take one step, never two


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


def _lock(user_id: int) -> asyncio.Lock:
    return _locks.setdefault(user_id, asyncio.Lock())


def repo_of(interaction: discord.Interaction) -> TutorialRepo:
    return bot_of(interaction).tables.queries.tutorials


def definition_of(interaction: discord.Interaction, game: str, locale: str) -> Any:
    """The game's definition, refused unless it has a tutorial."""
    registry = bot_of(interaction).registry
    if game not in registry:
        raise TableError("core.err.unknown_game", game=game)
    definition = registry.get(game)
    if definition.tutorial is None:
        raise TableError("tutorial.none", game=game_name(game, locale))
    return definition


async def learn_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = await user_locale(interaction)
    out = []
    for definition in bot_of(interaction).registry:
        name = game_name(definition.game_type, locale)
        if definition.tutorial is not None and (current.lower() in definition.game_type
                                                or current.lower() in name.lower()):
            out.append(app_commands.Choice(name=name, value=definition.game_type))
    return out[:25]


class LearnCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="learn", description=_desc("tutorial.cmd.learn", "Learn a game step by step"))
    @app_commands.describe(game=_desc("tutorial.cmd.opt_game", "The game to learn"))
    @app_commands.autocomplete(game=learn_autocomplete)
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        async with refusals(interaction):
            locale = await user_locale(interaction)
            definition = definition_of(interaction, game, locale)
            await interaction.response.defer(ephemeral=True, thinking=True)
            repo, user = repo_of(interaction), interaction.user
            async with _lock(user.id):
                session = await load_learning(repo, definition, user.id, display_name(user))
                notes = []
                if session is None or session.finished:
                    session = new_learning(definition, user.id, display_name(user))
                    await session.save(repo)
                elif session.step > 0:
                    notes.append(t("tutorial.resumed", locale, step=session.step + 1))
                message = await compose(session, locale, CONTROLS, notes=notes)
            await interaction.edit_original_response(**message.edit_kwargs())


async def handle(interaction: discord.Interaction, ref: LearnRef, values: list[str]) -> None:
    """One click on a tutorial control: edit the tutorial's message."""
    await interaction.response.defer()
    locale = await user_locale(interaction)
    registry = bot_of(interaction).registry
    if ref.game not in registry or registry.get(ref.game).tutorial is None:
        return
    repo, user = repo_of(interaction), interaction.user
    async with _lock(user.id):
        session = await load_learning(repo, registry.get(ref.game), user.id, display_name(user))
        if session is None:
            message = closed(t("tutorial.not_open", locale))
        else:
            path, page, notes = await click(session, repo, ref, values, locale)
            message = await compose(session, locale, CONTROLS, path, page, notes)
    await interaction.edit_original_response(**message.edit_kwargs())


# The tutorial's restart-proof controls answer with ``handle``; the screen draws them (``CONTROLS``).
LearnButton, LearnSelect = control_classes("Learn", BUTTON_TEMPLATE, SELECT_TEMPLATE, LearnRef.from_match, handle)
CONTROLS = Controls(LearnButton, LearnSelect)
DYNAMIC_ITEMS = (LearnButton, LearnSelect)


async def click(session: Learning, repo: TutorialRepo, ref: LearnRef, values: list[str],
                locale: str) -> tuple[tuple[str, ...], int, list[str]]:
    """What the click does: the builder's next path and page, and notes."""
    if ref.op == NEW:
        session.restart()
        await session.save(repo)
        return (), 0, [t("tutorial.started_over", locale)]
    if ref.step != session.step or session.finished:
        return (), 0, ["🔄 " + t("builder.stale", locale)]
    moved = navigated(ref, ref.op, values, locale)
    if moved is not None:
        return moved
    if ref.op in (ids.CONFIRM, ids.QUICK):
        return await attempt(session, repo, ref, locale)
    return ref.path, 0, []


async def attempt(session: Learning, repo: TutorialRepo, ref: LearnRef,
                  locale: str) -> tuple[tuple[str, ...], int, list[str]]:
    """The learner's move: the step taken and saved, or its explanation."""
    try:
        action = action_of(session, ref, locale)
    except (IllegalAction, ValueError):
        action = None
    if action is None:
        return ref.path, 0, ["⚠️ " + t("builder.incomplete", locale)]
    tried = session.runner.attempt(session.state, session.step, action)
    if not tried.accepted:
        assert tried.wrong is not None
        text = t(tried.wrong, locale, **session.tutorial.params)
        return ref.path if ref.op == ids.CONFIRM else (), 0, [t("tutorial.wrong", locale, text=text)]
    session.step, session.state = tried.step, tried.state
    await session.save(repo)
    notes = [t("tutorial.well_done", locale)] + session.event_lines(tried.events, locale)
    replies = session.event_lines(tried.reply_events, locale)
    # The AI's own move is marked; what follows from it (a step ending, a
    # facility removed) and the table's scripted part read as the log does.
    notes += [t("tutorial.ai_played", locale, line=line) for line in replies[:1]] + replies[1:]
    notes += session.event_lines(tried.table_events, locale)
    return (), 0, notes

