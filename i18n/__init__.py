"""Message catalogues: ``t(key, locale, **params)``.

Catalogues are TOML files in ``i18n/<locale>/<namespace>.toml``; see README.md.
"""
from __future__ import annotations

import logging
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

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
            out[full] = str(value)


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


def t(key: str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    """The message for ``key`` in ``locale`` (falling back to English, then to
    the key itself), with ``params`` filled in. Never raises."""
    text = catalogue(locale).get(key)
    if text is None:
        text = catalogue(DEFAULT_LOCALE).get(key)
        if text is None:
            log.warning("missing i18n key %s", key)
            return key
    try:
        return text.format_map(_SafeParams(params))
    except (ValueError, IndexError, AttributeError):
        log.warning("bad placeholders in i18n key %s", key)
        return text
