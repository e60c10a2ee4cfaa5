"""What the builder's controls are wherever a move is built by clicking — a
real game's private panel (``cogs/play/builder/items.py``) or a tutorial
(``cogs/learn/tutorial/``): restart-proof button and menu classes over a reference
that names the control, the screen's menu with its pages and its buttons,
and where a click that only moves through the builder leads. Each place
keeps its own reference (a table and version; a tutorial and step) and its
own answer to Confirm."""
from __future__ import annotations

import re
from typing import Any, Awaitable, Callable, Protocol, Sequence

import discord

from cogs.play.builder import ids
from cogs.play.builder.model import Button, Menu, Option, Screen
from cogs.play.builder.paging import page_of
from i18n import t

STYLES = {
    "primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger,
}


class Ref(Protocol):
    page: int
    path: tuple[str, ...]

    def custom_id(self) -> str: ...


# (operation, page, path) -> the reference a control of this place carries.
MakeRef = Callable[[str, int, tuple[str, ...]], Any]
OnClick = Callable[[discord.Interaction, Any, list[str]], Awaitable[Any]]


def control_classes(name: str, button_template: str, select_template: str,
                    parse: Callable[[re.Match[str]], Any], on_click: OnClick) -> tuple[type, type]:
    """A DynamicItem button class and menu class for the custom ids matching
    the templates: ``parse`` reads a reference back from a match after a
    restart, ``on_click(interaction, ref, values)`` answers a click."""

    class ControlButton(discord.ui.DynamicItem[discord.ui.Button], template=button_template):
        def __init__(self, ref: Any, label: str = "·", style: str = "secondary", disabled: bool = False,
                     row: int | None = None) -> None:
            super().__init__(discord.ui.Button(label=label[:80], style=STYLES[style], disabled=disabled,
                                               custom_id=ref.custom_id(), row=row))
            self.ref = ref

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                                 match: re.Match[str], /) -> Any:
            return cls(parse(match), item.label or "·")

        async def callback(self, interaction: discord.Interaction) -> Any:
            await on_click(interaction, self.ref, [])

    class ControlSelect(discord.ui.DynamicItem[discord.ui.Select], template=select_template):
        def __init__(self, ref: Any, options: list[discord.SelectOption] | None = None, placeholder: str = "",
                     max_values: int = 1) -> None:
            options = options or [discord.SelectOption(label="—", value="-")]
            super().__init__(discord.ui.Select(custom_id=ref.custom_id(), options=options,
                                               placeholder=placeholder[:150] or None,
                                               min_values=1, max_values=max(1, min(max_values, len(options)))))
            self.ref = ref

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                                 match: re.Match[str], /) -> Any:
            return cls(parse(match), list(item.options), item.placeholder or "", item.max_values)

        async def callback(self, interaction: discord.Interaction) -> Any:
            await on_click(interaction, self.ref, list(self.item.values))

    for made, kind in ((ControlButton, "Button"), (ControlSelect, "Select")):
        made.__name__ = made.__qualname__ = f"{name}{kind}"
    return ControlButton, ControlSelect


ROWS, PER_ROW = 5, 5  # Discord: five rows of five buttons (a select menu fills a row)


def rows_of(items: list[Any], size: int = PER_ROW) -> list[list[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def button_rows(menu: Menu, others: int) -> tuple[list[list[Option]], bool] | None:
    """The menu's options as rows of buttons beside ``others`` buttons, or
    None when they do not fit in Discord's 25: each group of options on rows
    of its own (a board row, your hand), else packed five a row, else (a long
    choice) packed with the other buttons after them on its last row. The
    flag says whether the other buttons share that last row."""
    groups: dict[int, list[Option]] = {}
    for option in menu.options:
        groups.setdefault(option.group, []).append(option)
    free = ROWS - max(1, -(-others // PER_ROW))
    grouped = [row for group in groups.values() for row in rows_of(group)]
    if len(grouped) <= free:
        return grouped, False
    packed = rows_of(menu.options)
    if len(packed) <= free:
        return packed, False
    if len(menu.options) + others <= ROWS * PER_ROW:
        return packed, True
    return None


def choice_button(menu: Menu, option: Option, locale: str) -> tuple[str, tuple[str, ...], str, str, bool]:
    """(operation, path, label, style, disabled) of one option as a button.
    Choosing adds the option's value to the path (the custom id ends with
    it); in a multi-choice a chosen option's button takes it out again."""
    label = option.short or option.label
    if menu.max_values <= 1:
        chosen = option.value in menu.chosen
        return (ids.CHOOSE, menu.base + tuple(option.value.split(ids.SEP)), ("✓ " if chosen else "") + label,
                "success" if chosen else option.style, False)
    if option.value in menu.chosen:
        rest = [v for v in menu.chosen if v != option.value]
        return (ids.GOTO, menu.base + ((ids.MULTI.join(rest),) if rest else ()), "✓ " + label, "success",
                len(rest) < menu.min_values)
    full = len(menu.chosen) >= menu.max_values
    return (ids.CHOOSE, menu.base + (ids.MULTI.join([*menu.chosen, option.value]),), label, option.style, full)


def add_controls(view: discord.ui.View, screen: Screen, path: tuple[str, ...], page: int, locale: str,
                 make_ref: MakeRef, button_class: type, select_class: type, buttons: list[Button],
                 extras: Sequence[discord.ui.Item[Any]] = ()) -> list[str]:
    """The screen's choice, then ``buttons`` (the screen's, as
    ``screen_buttons`` lists them), then ``extras`` (e.g. 💡 Hint) on the rows
    left. The choice is one button per option where they fit (one tap each),
    else a select menu a page at a time. Returns the lines the message adds:
    the choice's prompt when it became buttons."""
    others = len(buttons) + len(extras)
    menu = screen.menu
    layout = button_rows(menu, others) if menu is not None and menu.options else None
    if menu is None or layout is None:
        add_menu(view, screen, path, page, locale, make_ref, button_class, select_class)
        for button in buttons:
            view.add_item(button_class(make_ref(button.op, 0, button.path), button.label, button.style, button.disabled))
        for extra in extras:
            view.add_item(extra)
        return []
    rows, shared = layout
    for row, options in enumerate(rows):
        for option in options:
            op, target, label, style, disabled = choice_button(menu, option, locale)
            where = len(menu.base) if op == ids.CHOOSE else 0
            view.add_item(button_class(make_ref(op, where, target), label, style, disabled, row=row))
    controls: list[Any] = [button_class(make_ref(b.op, 0, b.path), b.label, b.style, b.disabled) for b in buttons]
    controls += extras
    if shared:  # the last row's room first
        room = PER_ROW - len(rows[-1])
        for item in controls[:room]:
            item.row = len(rows) - 1
            view.add_item(item)
        controls = controls[room:]
    for row, items in enumerate(rows_of(controls), start=len(rows)):
        for item in items:
            item.row = row
            view.add_item(item)
    return [menu.placeholder] if menu.prompt else []


def add_menu(view: discord.ui.View, screen: Screen, path: tuple[str, ...], page: int, locale: str,
             make_ref: MakeRef, button_class: type, select_class: type) -> None:
    """The screen's menu (one page of its options) and, when it has more
    pages, the Previous / More buttons."""
    menu = screen.menu
    if menu is None or not menu.options:
        return
    shown, page, pages = page_of(menu.options, page)
    options = [discord.SelectOption(label=o.label[:100], value=o.value, default=o.value in menu.chosen,
                                    description=(o.description or None) and o.description[:100])
               for o in shown]
    placeholder = menu.placeholder if pages == 1 else t("builder.page", locale, text=menu.placeholder,
                                                         page=page + 1, pages=pages)
    view.add_item(select_class(make_ref(ids.SELECT, page, menu.base), options, placeholder, menu.max_values))
    if pages > 1:
        for label, target, disabled in ((t("builder.previous", locale), page - 1, page == 0),
                                        (t("builder.more", locale), page + 1, page == pages - 1)):
            view.add_item(button_class(make_ref(ids.PAGE, max(target, 0), path), label, disabled=disabled))


def screen_buttons(screen: Screen, path: tuple[str, ...], locale: str, can_confirm: bool = True) -> list[Button]:
    """Confirm (while a move is under way), the screen's own buttons, and
    Back / Cancel once a step was taken."""
    buttons = list(screen.buttons)
    if screen.action is not None or path:
        buttons.insert(0, Button(t("builder.confirm", locale), ids.CONFIRM, path, "success",
                                 disabled=screen.action is None or not can_confirm))
    if path and screen.back:
        buttons += [Button(t("builder.back", locale), ids.BACK, path),
                    Button(t("builder.cancel", locale), ids.CANCEL, path, "danger")]
    return buttons


def navigated(ref: Ref, op: str, values: list[str], locale: str) -> tuple[tuple[str, ...], int, list[str]] | None:
    """Where a click that only moves through the builder leads — a choice in
    the menu or of its buttons, Back, Cancel, another page, Go, Refresh,
    Details: (path, page, notes); None for an operation that acts (Confirm,
    a one-click action)."""
    if op == ids.SELECT:
        chosen = [v for v in values if v != "-"]
        if not chosen:
            return ref.path, 0, []
        return ref.path + tuple((ids.MULTI.join(chosen) if len(chosen) > 1 else chosen[0]).split(ids.SEP)), 0, []
    if op == ids.BACK:
        return ref.path[:-1], 0, []
    if op == ids.CANCEL:
        return (), 0, [t("builder.cancelled", locale)]
    if op == ids.PAGE:
        return ref.path, ref.page, []
    if op in (ids.CHOOSE, ids.GOTO, ids.REFRESH, ids.DETAILS):
        return ref.path, 0, []
    return None
