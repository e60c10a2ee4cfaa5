"""Message catalogues: ``t(key, locale, **params)``.

Catalogues are TOML files in ``i18n/<locale>/<namespace>.toml``; see README.md.
"""
from __future__ import annotations

import logging
import tomllib
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from i18n.symbols import plain

log = logging.getLogger(__name__)
CATALOGUE_DIR = Path(__file__).parent
LOCALES = ("en", "zh-CN", "zh-TW")
DEFAULT_LOCALE = "en"
# More catalogue roots (tests add their own game's messages this way).
EXTRA_DIRS: list[Path] = []


def add_catalogue_dir(path: Path) -> None:
    if path not in EXTRA_DIRS:
        EXTRA_DIRS.append(path)
        catalogue.cache_clear()


def normalize_locale(value: object) -> str:
    """Map a Discord locale (``en-US``, ``zh-CN``, ``zh-TW``, ``Locale`` enum)
    or a user's choice (``zh-cn``, ``zh_tw``, ``en``) to one of LOCALES."""
    text = str(getattr(value, "value", value) or "").replace("_", "-").lower()
    if text in ("zh-cn", "zh-hans", "zh", "zh-sg"):
        return "zh-CN"
    if text in ("zh-tw", "zh-hant", "zh-hk", "zh-mo"):
        return "zh-TW"
    return DEFAULT_LOCALE


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}"
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = plain(str(value))  # ♠♣♥♦ in their text form (i18n/symbols.py)


@lru_cache(maxsize=None)
def catalogue(locale: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for root in (CATALOGUE_DIR, *EXTRA_DIRS):
        for file in sorted((root / locale).glob("*.toml")):
            with file.open("rb") as fh:
                _flatten(file.stem, tomllib.load(fh), out)
    return out


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale)


class _SafeParams(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def valid_command_name(name: str) -> bool:
    """Discord's rule for command and option names: 1-32 letters, digits,
    ``-`` or ``_``, lowercase where the script has case."""
    return (1 <= len(name) <= 32 and name == name.lower()
            and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name))


def _name_part(parts: list[str], index: int, locale: str) -> str:
    """One segment of a command path, as a client in ``locale`` shows it. A
    game's own ``<game>.cmd_name.<sub>[.<option>]`` wins over the shared
    ``core.names.<word>``; a name Discord would refuse stays English, as
    Discord itself would show it."""
    texts = catalogue(locale)
    keys = [f"core.names.{parts[index]}"]
    if index > 0:
        keys.insert(0, f"{parts[0]}.cmd_name.{'.'.join(parts[1:index + 1])}")
    for key in keys:
        name = texts.get(key)
        if name is not None:
            return name if valid_command_name(name) else parts[index]
    return parts[index]


def command_name(path: str, locale: str = DEFAULT_LOCALE) -> str:
    """``"setup play"`` -> ``"连线计划 出牌"`` in zh-CN: a command, subcommand or
    option path (English names, space separated) in the reader's language."""
    parts = path.split()
    return " ".join(_name_part(parts, i, locale) for i in range(len(parts)))


def command_mention(path: str, locale: str = DEFAULT_LOCALE) -> str:
    """A command as the reader types it: ``/手牌``."""
    return "/" + command_name(path, locale)


class _CommandRef:
    """``{cmd:setup play}`` -> ``/连线计划 出牌``; ``{opt:setup play move}`` ->
    the option's name alone (``着法``)."""

    def __init__(self, locale: str, option: bool) -> None:
        self.locale = locale
        self.option = option

    def __format__(self, path: str) -> str:
        if self.option:
            return command_name(path, self.locale).split()[-1]
        return command_mention(path, self.locale)


# Params that hold a list joined with ", " (tiles and squares of a move,
# cells, player names): a Chinese sentence lists them with 、 instead.
LIST_PARAMS = ("move", "tiles", "cells", "attackers", "pieces", "seats", "winners")
LIST_SEPARATOR = {"zh-CN": "、", "zh-TW": "、"}


def _lists_in_locale(params: dict[str, Any], locale: str) -> dict[str, Any]:
    separator = LIST_SEPARATOR.get(locale)
    if separator is None:
        return params
    return {key: value.replace(", ", separator)
            if isinstance(value, str) and (key in LIST_PARAMS or key.endswith("_seats")) else value
            for key, value in params.items()}


def command_refs(locale: str) -> dict[str, Any]:
    """The ``cmd`` and ``opt`` params every message is formatted with."""
    return {"cmd": _CommandRef(locale, False), "opt": _CommandRef(locale, True)}


def plural_form(locale: str, count: int) -> str:
    """The plural category of ``count`` in ``locale`` (CLDR's names): English
    says "1 round" but "2 rounds"; Chinese has one form."""
    if locale == DEFAULT_LOCALE and count == 1:
        return "one"
    return "other"


def _text(key: str, locale: str, count: Any) -> str | None:
    """The catalogue line for ``key``; a key written as a table of plural
    forms (``[rounds] one = … other = …``) gives the form ``count`` takes."""
    texts = catalogue(locale)
    text = texts.get(key)
    if text is None and isinstance(count, int) and not isinstance(count, bool):
        text = texts.get(f"{key}.{plural_form(locale, count)}", texts.get(f"{key}.other"))
    return text


def t(key: str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    """The message for ``key`` in ``locale`` (falling back to English, then to
    the key itself), with ``params`` filled in; ♠♣♥♦ in their text form
    (``i18n.symbols.plain``). Never raises.

    ``{cmd:<path>}`` and ``{opt:<path>}`` name a command or an option the way
    the reader's Discord client shows it. A key whose line is a table of
    plural forms (``one``, ``other``) takes the form of the ``count`` param."""
    params = {**command_refs(locale), **_lists_in_locale(params, locale)}
    text = _text(key, locale, params.get("count"))
    if text is None:
        text = _text(key, DEFAULT_LOCALE, params.get("count"))
        if text is None:
            log.warning("missing i18n key %s", key)
            return key
    try:
        return plain(text.format_map(_SafeParams(params)))  # the params' suits too
    except (ValueError, IndexError, AttributeError):
        log.warning("bad placeholders in i18n key %s", key)
        return text
