"""The builder's restart-proof controls (DynamicItems) and what a click does:
load the game, check the control is not stale, apply the operation, and
redraw the private message with the next step's controls and preview."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any, Sequence

import discord
from pydantic import BaseModel

from cogs.common import bot_of, draw, render, user_locale
from cogs.host import Host
from cogs.learn.hints import hint_button
from cogs.play.builder import ids
from cogs.play.builder.controls import add_controls, control_classes, navigated, screen_buttons
from cogs.play.builder.ids import Ref
from cogs.play.builder.model import Screen
from cogs.play.builder.registry import builder_of
from cogs.play.panel_view import MESSAGE_LIMIT, PanelMessage, closed, refusal
from cogs.play.pictures import alt_text, state_in_words, wants_text
from cogs.seats import my_seat, playing_seat
from engines.base import IllegalAction
from i18n import t
from tables.errors import Refusal
from tables.text import game_name, safe_name, score_line

BUTTON_TEMPLATE = (r"tt:b:(?P<table>\d+):(?P<version>\d+):(?P<op>" + "|".join(ids.BUTTON_OPS)
                   + r"):(?P<page>\d+):(?P<path>.*)")
SELECT_TEMPLATE = r"tt:b:(?P<table>\d+):(?P<version>\d+):(?P<op>s):(?P<page>\d+):(?P<path>.*)"
log = logging.getLogger(__name__)


async def _click(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    await handle(interaction, ref, values)


BuilderButton, BuilderSelect = control_classes("Builder", BUTTON_TEMPLATE, SELECT_TEMPLATE, Ref.from_match, _click)
DYNAMIC_ITEMS = (BuilderButton, BuilderSelect)


# ---- drawing a screen ----------------------------------------------------------------
def controls(table_id: int, version: int, screen: Screen, path: tuple[str, ...], page: int,
             locale: str, acting: bool = True, extras: Sequence[discord.ui.Item[Any]] = ()) -> discord.ui.View:
    """The screen's choice and buttons (``panel_controls`` without the prompt)."""
    return panel_controls(table_id, version, screen, path, page, locale, acting, extras)[0]


def panel_controls(table_id: int, version: int, screen: Screen, path: tuple[str, ...], page: int, locale: str,
                   acting: bool = True, extras: Sequence[discord.ui.Item[Any]] = ()) -> tuple[discord.ui.View, list[str]]:
    """The screen's choice (buttons where they fit, else a menu), its buttons
    and ``extras``, and the prompt lines the panel adds. Not ``acting`` (not
    the seat's turn): Confirm and the one-click actions are drawn disabled;
    choices, Back and the page buttons still work, to look and plan ahead."""
    view = discord.ui.View(timeout=None)
    buttons = []
    for button in screen_buttons(screen, path, locale, can_confirm=acting):
        disabled = button.disabled or (not acting and button.op in (ids.CONFIRM, ids.QUICK))
        buttons.append(replace(button, disabled=disabled, style="secondary" if disabled else button.style))
    prompt = add_controls(view, screen, path, page, locale,
                          lambda op, at, where: Ref(table_id, version, op, at, where),
                          BuilderButton, BuilderSelect, buttons, extras)
    return view, prompt


def acting(table: Any, seat: int) -> bool:
    return seat in table.to_act()


def waiting_line(table: Any, locale: str) -> str:
    """Whose turn it is, for a seat that is not to act."""
    names = ", ".join(safe_name(table.seats[s].name) for s in table.to_act())
    return t("builder.wait", locale, players=names)


# ---- a click --------------------------------------------------------------------------
async def handle(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """Answer one click on a builder control by editing its private message
    (the player's panel: the click renews it, see cogs/play/panels.py)."""
    await interaction.response.defer()
    locale = await user_locale(interaction)
    bot = bot_of(interaction)
    try:
        table, seat = my_seat(interaction, table_id=ref.table_id)
    except Refusal as error:
        await interaction.edit_original_response(content=refusal(error, locale), attachments=[], view=None)
        return
    builder = builder_of(table)
    if builder is None:
        return
    panel = await bot.notifier.panels.clicked(interaction, table.id, seat, locale)
    panel.busy += 1  # the table's own redraw of the panels leaves this one to the click
    try:
        path, page, notes = await apply_click(bot, table, seat, interaction.user.id, builder, ref, values, locale)
        version = table.record.version
        details = ref.op == ids.DETAILS and ref.version == version
        await show(interaction, table, seat, path, page, locale, notes, details)
        panel.version, panel.notes = version, notes
    finally:
        panel.busy -= 1


async def apply_click(bot: Any, table: Any, seat: int, user_id: int, builder: Any, ref: Ref, values: list[str],
                      locale: str) -> tuple[tuple[str, ...], int, list[str]]:
    """What the click does: the builder's next path and page, and notes for
    the player (an action committed, or refused)."""
    path, page, notes = ref.path, 0, []
    if ref.version != table.record.version:
        notes.append("🔄 " + t("builder.stale", locale))
        path = ()
    elif (moved := navigated(ref, ref.op, values, locale)) is not None:
        path, page, notes = moved
    elif ref.op in (ids.CONFIRM, ids.QUICK):
        try:
            action: BaseModel | None
            if ref.op == ids.QUICK:
                action = builder.quick(table, seat, ref.path[0] if ref.path else "")
            else:
                action = builder.screen(table, seat, ref.path, locale).action
            if action is None:
                raise IllegalAction("builder.incomplete")
            await bot.tables.act(table.id, user_id, action)
            done = getattr(builder, "done_text", None)
            notes.append(done(action, locale) if done else "✅ " + t("builder.done", locale))
            score = score_line(table.engine, table.state, table.seats, locale)
            if score:
                notes.append(score)
            path = ()
        except Refusal as error:
            notes.append(refusal(error, locale))
            path = ref.path if ref.op == ids.CONFIRM else ()
    return path, page, notes


async def show(interaction: discord.Interaction, table: Any, seat: int, path: tuple[str, ...], page: int,
               locale: str, notes: list[str], details: bool = False) -> None:
    """Redraw the clicked panel at ``path``, with the click's ``notes``
    (``details``: with the player's cards in words)."""
    try:
        playing_seat(table, interaction.user.id)  # the game may have ended with the last action
    except Refusal as error:
        message = closed("\n".join(notes + ([] if notes else [refusal(error, locale)])))
    else:
        message = await compose(bot_of(interaction), table, seat, locale, path, page, notes, details=details)
    await interaction.edit_original_response(**message.edit_kwargs())


async def compose(bot: Host, table: Any, seat: int, locale: str, path: tuple[str, ...] = (),
                  page: int = 0, notes: list[str] | None = None, head: list[str] | None = None,
                  details: bool = False) -> PanelMessage:
    """The panel of ``seat`` at ``path`` of the builder: the title, ``notes``
    (the answer to the last click), ``head`` lines (what just happened), the
    builder's lines and the choice's prompt. A builder with ``details``
    keeps the player's cards in words behind a Details button (``details``:
    shown), so the controls come first on a phone. The picture (the hand, or
    the builder's preview) carries its alt text; a text-mode player
    (``/settings view``) gets the hand and the board in words instead."""
    notes, head = list(notes or []), list(head or [])
    view = table.engine.private_view(table.state, seat)
    renderer = table.definition.renderer
    text_mode = await wants_text(bot, table.seats[seat].user_id)
    builder = builder_of(table)
    title = t("core.hand.title", locale, game=game_name(table.record.game_type, locale), id=table.id)
    buttons: discord.ui.View | None = None
    hint = hint_button(table, seat, locale)
    if builder is None:
        if view is None:
            return closed("\n".join(head + [t("core.hand.none", locale)] + notes))
        lines = [title, renderer.hand_text(view, locale)]  # the hand in words, to copy into a command
        items = bot.notifier.game_items(table, locale) + ([hint] if hint is not None else [])
        if items:
            buttons = discord.ui.View(timeout=None)
            for item in items:
                buttons.add_item(item)
        preview = None
    else:
        try:
            screen = builder.screen(table, seat, path, locale)
        except (IllegalAction, ValueError):  # choices no longer legal: start again
            path, page = (), 0
            screen = builder.screen(table, seat, path, locale)
        lines = list(screen.lines)
        if not path and lines:  # the panel's first screen: the hand, then what happened
            lines[0] = title
        described = getattr(builder, "details", None)
        extras: list[discord.ui.Item[Any]] = [hint] if hint is not None else []
        if described is not None and view is not None:
            if details:
                lines += described(table, seat, view, locale)
            extras.append(BuilderButton(Ref(table.id, table.record.version, ids.GOTO if details else ids.DETAILS,
                                            0, path), t("builder.hide_details" if details else "builder.details",
                                                        locale)))
        buttons, prompt = panel_controls(table.id, table.record.version, screen, path, page, locale,
                                         acting(table, seat), extras)
        lines[1:1] = [] if described is not None else [renderer.hand_text(view, locale)] if view is not None else []
        lines += prompt
        preview = screen.preview
        if not path:
            warm(builder, table, locale)
    lines = [line for i, line in enumerate(lines) if line and line not in lines[:i]]
    # The answer to the click ("✅ Done.") first, then the screen it leads to ("⏳ Waiting for…").
    content = "\n".join(lines[:1] + notes + head + lines[1:])
    if text_mode:
        return PanelMessage(with_words(content, table, view, locale), None, view=buttons, path=path)
    message = PanelMessage(content[:MESSAGE_LIMIT], view=buttons, path=path)
    if preview is not None:
        try:
            message.image, message.image_name = await render(preview), "preview.jpg"
            message.description = alt_text(renderer, "board", table.engine.public_view(table.state), locale)
        except Exception:  # a preview is a help, never a reason to fail the click
            log.exception("game %s: preview failed; showing the hand instead", table.id)
    if message.image is None and view is not None:
        message.image = await draw(bot, renderer, "hand", view, locale, key=(table.id, "hand", seat, locale))
        message.description = alt_text(renderer, "hand", view, locale)
    return message


def with_words(content: str, table: Any, view: Any, locale: str) -> str:
    """A text-mode panel: its lines, the hand in words, then as much of the
    board in words as fits in one message."""
    renderer = table.definition.renderer
    parts = [content]
    if view is not None:
        parts.append(state_in_words(renderer, "hand", view, locale))
    board = state_in_words(renderer, "board", table.engine.public_view(table.state), locale)
    room = MESSAGE_LIMIT - len("\n\n".join(parts)) - 2
    if room > 200:
        parts.append(board if len(board) <= room else board[: room - 1] + "…")
    return "\n\n".join(parts)[:MESSAGE_LIMIT]


def warm(builder: Any, table: Any, locale: str) -> None:
    """Draw the board the next preview draws on while the player reads the
    controls: the first choice then answers as fast as the next ones."""
    hook = getattr(builder, "warm", None)
    if hook is not None and table.state is not None:
        task = asyncio.create_task(asyncio.to_thread(hook, table, locale))
        _warming.add(task)
        task.add_done_callback(_warming.discard)


_warming: set[asyncio.Task] = set()
