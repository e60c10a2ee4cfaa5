"""What the builder's controls are wherever a move is built by clicking — a
real game's private panel (``cogs/play/builder/items.py``) or a tutorial
(``cogs/learn/tutorial/``): restart-proof button and menu classes over a reference
that names the control, the screen's menu with its pages and its buttons,
and where a click that only moves through the builder leads. Each place
keeps its own reference (a table and version; a tutorial and step) and its
own answer to Confirm."""
from __future__ import annotations

import re
from typing import Any, Awaitable, Callable, Protocol

import discord

from cogs.play.builder import ids
from cogs.play.builder.model import Button, Screen
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
        def __init__(self, ref: Any, label: str = "·", style: str = "secondary", disabled: bool = False) -> None:
            super().__init__(discord.ui.Button(label=label[:80], style=STYLES[style], disabled=disabled,
                                               custom_id=ref.custom_id()))
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
    the menu, Back, Cancel, another page: (path, page, notes); None for an
    operation that acts (Confirm, a one-click action)."""
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
    return None
