"""The builder's restart-proof controls (DynamicItems) and what a click does:
load the game, check the control is not stale, apply the operation, and
redraw the private message with the next step's controls and preview."""
from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from pydantic import BaseModel

from cogs.builder import ids
from cogs.builder.ids import Ref
from cogs.builder.model import Button, Screen
from cogs.builder.paging import page_of
from cogs.builder.registry import builder_of
from cogs.common import bot_of, png_file, render, user_locale
from cogs.seats import my_seat, playing_seat
from engines.base import IllegalAction
from i18n import t
from tables.errors import TableError
from tables.text import safe_name

BUTTON_TEMPLATE = r"tt:b:(?P<table>\d+):(?P<version>\d+):(?P<op>bk|x|pg|ok|do|rf|go):(?P<page>\d+):(?P<path>.*)"
SELECT_TEMPLATE = r"tt:b:(?P<table>\d+):(?P<version>\d+):(?P<op>s):(?P<page>\d+):(?P<path>.*)"
log = logging.getLogger(__name__)
STYLES = {
    "primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger,
}


class BuilderButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, ref: Ref, label: str = "·", style: str = "secondary", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=STYLES[style], disabled=disabled,
                                           custom_id=ref.custom_id()))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "BuilderButton":
        return cls(Ref.from_match(match), item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handle(interaction, self.ref, [])


class BuilderSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, ref: Ref, options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 max_values: int = 1) -> None:
        options = options or [discord.SelectOption(label="—", value="-")]
        super().__init__(discord.ui.Select(custom_id=ref.custom_id(), options=options,
                                           placeholder=placeholder[:150] or None,
                                           min_values=1, max_values=max(1, min(max_values, len(options)))))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> "BuilderSelect":
        return cls(Ref.from_match(match), list(item.options), item.placeholder or "", item.max_values)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await handle(interaction, self.ref, list(self.item.values))


DYNAMIC_ITEMS = (BuilderButton, BuilderSelect)


# ---- drawing a screen ----------------------------------------------------------------
def controls(table_id: int, version: int, screen: Screen, path: tuple[str, ...], page: int,
             locale: str, acting: bool = True) -> discord.ui.View:
    """The screen's menu and buttons. Not ``acting`` (not the seat's turn):
    Confirm and the one-click actions are drawn disabled; menus, Back and
    the page buttons still work, to look and plan ahead."""
    view = discord.ui.View(timeout=None)
    menu = screen.menu
    if menu is not None and menu.options:
        shown, page, pages = page_of(menu.options, page)
        options = [discord.SelectOption(label=o.label[:100], value=o.value, default=o.value in menu.chosen,
                                        description=(o.description or None) and o.description[:100])
                   for o in shown]
        placeholder = menu.placeholder if pages == 1 else t("builder.page", locale, text=menu.placeholder,
                                                             page=page + 1, pages=pages)
        view.add_item(BuilderSelect(Ref(table_id, version, ids.SELECT, page, menu.base), options, placeholder,
                                    menu.max_values))
        if pages > 1:
            for label, target, disabled in ((t("builder.previous", locale), page - 1, page == 0),
                                            (t("builder.more", locale), page + 1, page == pages - 1)):
                view.add_item(BuilderButton(Ref(table_id, version, ids.PAGE, max(target, 0), path), label,
                                            disabled=disabled))
    buttons: list[Button] = list(screen.buttons)
    if screen.action is not None or path:
        buttons.insert(0, Button(t("builder.confirm", locale), ids.CONFIRM, path, "success",
                                 disabled=screen.action is None or not acting))
    if path and screen.back:
        buttons += [Button(t("builder.back", locale), ids.BACK, path),
                    Button(t("builder.cancel", locale), ids.CANCEL, path, "danger")]
    for button in buttons:
        disabled = button.disabled or (not acting and button.op in (ids.CONFIRM, ids.QUICK))
        view.add_item(BuilderButton(Ref(table_id, version, button.op, 0, button.path), button.label,
                                    "secondary" if disabled else button.style, disabled))
    return view


def acting(table: Any, seat: int) -> bool:
    return seat in table.to_act()


def waiting_line(table: Any, locale: str) -> str:
    """Whose turn it is, for a seat that is not to act."""
    names = ", ".join(safe_name(table.seats[s].name) for s in table.to_act())
    return t("builder.wait", locale, players=names)


async def first_controls(table: Any, seat: int, locale: str) -> tuple[list[str], discord.ui.View] | None:
    """The start of the builder for a private hand reply: text lines and
    controls. None for a game without a builder."""
    builder = builder_of(table)
    if builder is None:
        return None
    screen = builder.screen(table, seat, (), locale)
    view = controls(table.id, table.record.version, screen, (), 0, locale, acting(table, seat))
    warm(builder, table, locale)
    return screen.lines, view


# ---- a click --------------------------------------------------------------------------
def _refusal(error: TableError | IllegalAction, locale: str) -> str:
    return "⚠️ " + t(error.key, locale, **dict(error.params))


async def handle(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """Answer one click on a builder control by editing its private message."""
    await interaction.response.defer()
    locale = await user_locale(interaction)
    service = bot_of(interaction).tables
    notes: list[str] = []
    try:
        table, seat = my_seat(interaction, table_id=ref.table_id)
    except (TableError, IllegalAction) as error:
        await interaction.edit_original_response(content=_refusal(error, locale), attachments=[], view=None)
        return
    builder = builder_of(table)
    path, page = ref.path, 0
    if builder is None:
        return
    if ref.version != table.record.version:
        notes.append("🔄 " + t("builder.stale", locale))
        path = ()
    elif ref.op == ids.SELECT:
        chosen = [v for v in values if v != "-"]
        if chosen:
            path = ref.path + tuple((ids.MULTI.join(chosen) if len(chosen) > 1 else chosen[0]).split(ids.SEP))
    elif ref.op == ids.BACK:
        path = ref.path[:-1]
    elif ref.op == ids.CANCEL:
        path = ()
        notes.append(t("builder.cancelled", locale))
    elif ref.op == ids.PAGE:
        page = ref.page
    elif ref.op in (ids.CONFIRM, ids.QUICK):
        try:
            action: BaseModel | None
            if ref.op == ids.QUICK:
                action = builder.quick(table, seat, ref.path[0] if ref.path else "")
            else:
                action = builder.screen(table, seat, ref.path, locale).action
            if action is None:
                raise IllegalAction("builder.incomplete")
            await service.act(table.id, interaction.user.id, action)
            done = getattr(builder, "done_text", None)
            notes.append(done(action, locale) if done else "✅ " + t("builder.done", locale))
            path = ()
        except (TableError, IllegalAction) as error:
            notes.append(_refusal(error, locale))
            path = ref.path if ref.op == ids.CONFIRM else ()
    await show(interaction, table, seat, builder, path, page, locale, notes)


async def show(interaction: discord.Interaction, table: Any, seat: int, builder: Any, path: tuple[str, ...],
               page: int, locale: str, notes: list[str]) -> None:
    try:
        playing_seat(table, interaction.user.id)  # the game may have ended with the last action
        try:
            screen = builder.screen(table, seat, path, locale)
        except (IllegalAction, ValueError):  # choices that are no longer legal: start again
            path, page = (), 0
            screen = builder.screen(table, seat, path, locale)
    except (TableError, IllegalAction) as error:
        content = "\n".join(notes + ([] if notes else [_refusal(error, locale)]))
        await interaction.edit_original_response(content=content, attachments=[], view=None)
        return
    image, name = None, "hand.png"
    if screen.preview is not None:
        try:
            image, name = await render(screen.preview), "preview.jpg"
        except Exception:  # a preview is a help, never a reason to fail the click
            log.exception("game %s: preview failed; showing the hand instead", table.id)
    if image is None:
        image = await render(table.definition.renderer.hand_png, table.engine.private_view(table.state, seat), locale)
    view = controls(table.id, table.record.version, screen, path, page, locale, acting(table, seat))
    content = "\n".join(screen.lines + notes)[:2000]
    await interaction.edit_original_response(content=content, attachments=[png_file(image, name)], view=view)
    if not path:
        warm(builder, table, locale)


def warm(builder: Any, table: Any, locale: str) -> None:
    """Draw the board the next preview draws on while the player reads the
    controls: the first choice then answers as fast as the next ones."""
    hook = getattr(builder, "warm", None)
    if hook is not None and table.state is not None:
        task = asyncio.create_task(asyncio.to_thread(hook, table, locale))
        _warming.add(task)
        task.add_done_callback(_warming.discard)


_warming: set[asyncio.Task] = set()
