"""The pages: the start page (``/``), a table (``/t/{id}``), their static
files and the words they show (``/i18n/{locale}.json``: the ``web``
namespace and the names of the games and AI levels, from the catalogues)."""
from __future__ import annotations

from pathlib import Path

from aiohttp import web

from i18n import LOCALES, catalogue, normalize_locale

STATIC = Path(__file__).parent / "static"
PAGE_HEADERS = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                           "script-src 'self'; connect-src 'self'; frame-ancestors 'self' "
                                           "https://discord.com https://*.discordsays.com"}
PREFIXES = ("web.", "core.game.", "ai.level.", "core.board.")


def words(locale: str) -> dict[str, str]:
    english, own = catalogue("en"), catalogue(locale)
    return {key: own.get(key, text) for key, text in english.items() if key.startswith(PREFIXES)}


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)


async def table_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "table.html", headers=PAGE_HEADERS)


async def i18n_words(request: web.Request) -> web.Response:
    locale = normalize_locale(request.match_info["locale"])
    if request.match_info["locale"] not in LOCALES:
        raise web.HTTPNotFound()
    return web.json_response(words(locale), headers={"Cache-Control": "no-cache"})


def add_routes(app: web.Application) -> None:
    app.router.add_get("/", index)
    app.router.add_get(r"/t/{id:\d{1,18}}", table_page)
    app.router.add_get("/i18n/{locale}.json", i18n_words)
    app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
