"""Lobby options a host sets by clicking (issue 25): each is a named choice
among a few values, read from and written into the lobby's config. The
Discord lobby shows them as select menus; the table service checks a chosen
value against ``values`` and the engine's config model before it is kept.

Who starts is common to every game whose config has ``first_seat`` (None: the
game's default, a seat index: the host's choice); it is not listed here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from i18n import has, t

FIRST_SEAT = "first_seat"
DEFAULT_FIRST = "default"  # the select value of "the game's default": random

# (config, locale) -> the option's current value in words, for the lobby message.
Describe = Callable[[dict[str, Any], str], str]


def first_default_text(game_type: str, locale: str) -> str:
    """The game's own default starter in words (random; Death Front: by
    faction): the Discord lobby's and the web lobby's "Who starts" choice."""
    key = f"{game_type}.first.default"
    return t(key if has(key) else "core.first.random", locale)


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
    # A switch everyone should see before joining (hints: the game is not
    # rated): a button on the lobby message that moves to the next value,
    # instead of a select on the host's Options panel.
    toggle: bool = False

    def title(self, locale: str) -> str:
        return self.name(locale) if self.name is not None else option_name(self.key, locale)


def number_option(key: str, values: range | tuple[int, ...]) -> LobbyOption:
    """A whole number kept at ``config[key]``, shown as is."""
    def write(config: dict[str, Any], value: str) -> dict[str, Any]:
        return {**config, key: int(value)}

    return LobbyOption(key=key, values=tuple(str(v) for v in values),
                       read=lambda config: str(config.get(key)), write=write,
                       describe=lambda config, locale: str(config.get(key)))


# -- settings of the table, not of the game -----------------------------------
# Hints (issue 23) are a setting of every game, kept in the lobby's config
# beside the engine's own fields: no engine config declares it (the engines
# never read it; their config models ignore unknown keys), and the table
# layer carries these keys over each time it checks a config against an
# engine's model (``core_settings``).
HINTS = "hints"
# A table's own turn time in minutes, over the server's (a tournament's matches).
TURN_MINUTES = "turn_minutes"
CORE_KEYS: tuple[str, ...] = (HINTS, TURN_MINUTES)
ON, OFF = "on", "off"


def core_settings(config: dict[str, Any]) -> dict[str, Any]:
    """The table's own settings in ``config`` (to keep beside the engine's fields)."""
    return {key: config[key] for key in CORE_KEYS if key in config}


def hints_on(config: dict[str, Any]) -> bool:
    return config.get(HINTS) is True


def _write_hints(config: dict[str, Any], value: str) -> dict[str, Any]:
    rest = {key: item for key, item in config.items() if key != HINTS}
    return {**rest, HINTS: True} if value == ON else rest  # off: the key is left out, as before hints existed


HINTS_OPTION = LobbyOption(
    key=HINTS, values=(OFF, ON), read=lambda config: ON if hints_on(config) else OFF, write=_write_hints,
    label=lambda value, locale: t(f"hints.{value}", locale),
    describe=lambda config, locale: t(f"hints.{ON if hints_on(config) else OFF}", locale),
    name=lambda locale: t("hints.option", locale), toggle=True)
COMMON_OPTIONS: tuple[LobbyOption, ...] = (HINTS_OPTION,)
