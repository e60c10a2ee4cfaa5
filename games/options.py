"""Lobby options a host sets by clicking (issue 25): each is a named choice
among a few values, read from and written into the lobby's config. The
Discord lobby shows them as select menus; the table service checks a chosen
value against ``values`` and the engine's config model before it is kept.

Who starts is common to every game whose config has ``first_seat`` (None: the
game's default, a seat index: the host's choice); it is not listed here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from i18n import t

FIRST_SEAT = "first_seat"
DEFAULT_FIRST = "default"  # the select value of "the game's default": random

# (config, locale) -> the option's current value in words, for the lobby message.
Describe = Callable[[dict[str, Any], str], str]


def option_name(key: str, locale: str) -> str:
    return t(f"core.option.{key}", locale)


@dataclass(frozen=True)
class LobbyOption:
    """``key`` names the option (``core.option.<key>``) and its select menu;
    ``values`` are what the host may pick; ``read``/``write`` get and set it
    in a lobby config (``write`` returns a new config); ``label`` words one
    value; ``describe``, when set, words the option for the lobby message
    (None: not shown there, another option says it)."""

    key: str
    values: tuple[str, ...]
    read: Callable[[dict[str, Any]], str]
    write: Callable[[dict[str, Any], str], dict[str, Any]]
    label: Callable[[str, str], str] = field(default=lambda value, locale: value)
    describe: Describe | None = None
    name: Callable[[str], str] | None = None  # locale -> the select's name; None: core.option.<key>

    def title(self, locale: str) -> str:
        return self.name(locale) if self.name is not None else option_name(self.key, locale)


def number_option(key: str, values: range | tuple[int, ...]) -> LobbyOption:
    """A whole number kept at ``config[key]``, shown as is."""
    def write(config: dict[str, Any], value: str) -> dict[str, Any]:
        return {**config, key: int(value)}

    return LobbyOption(key=key, values=tuple(str(v) for v in values),
                       read=lambda config: str(config.get(key)), write=write,
                       describe=lambda config, locale: str(config.get(key)))
