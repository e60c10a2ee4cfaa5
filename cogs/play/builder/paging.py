"""Select menus hold 25 options at most: longer lists are shown a page at a time."""
from __future__ import annotations

from cogs.play.builder.model import MAX_OPTIONS, Option


def page_count(options: list[Option], size: int = MAX_OPTIONS) -> int:
    return max(1, -(-len(options) // size))


def page_of(options: list[Option], page: int, size: int = MAX_OPTIONS) -> tuple[list[Option], int, int]:
    """(the options of ``page``, the page shown (clamped), the page count)."""
    pages = page_count(options, size)
    page = min(max(page, 0), pages - 1)
    return options[page * size:(page + 1) * size], page, pages
