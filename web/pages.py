"""The pages: the start page (``/``), a table (``/t/{id}``), the Discord
Activity (``/activity``: the table page signing in through Discord, below),
their static files and the words they show (``/i18n/{locale}.json``: the
``web`` and ``activity`` namespaces and the names of the games and AI levels,
from the catalogues)."""
from __future__ import annotations

from pathlib import Path

from aiohttp import web

from i18n import LOCALES, catalogue, normalize_locale

STATIC = Path(__file__).parent / "static"
PAGE_HEADERS = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                                           "script-src 'self'; connect-src 'self'; frame-ancestors 'self' "
                                           "https://discord.com https://ptb.discord.com https://canary.discord.com "
                                           "https://*.discordsays.com"}
PREFIXES = ("web.", "activity.", "core.game.", "ai.level.", "core.board.", "hints.", "teams.lobby.")
# The Activity is the table page plus one script that signs in through Discord first.
TABLE_SCRIPTS = '<script src="/static/common.js" defer></script>\n'
ACTIVITY_SCRIPT = '<script src="/static/activity-start.js" defer></script>\n'
# Discord opens an Activity at the root of its URL mapping, with these in the query.
DISCORD_LAUNCH = ("frame_id", "instance_id")


def words(locale: str) -> dict[str, str]:
    english, own = catalogue("en"), catalogue(locale)
    return {key: own.get(key, text) for key, text in english.items() if key.startswith(PREFIXES)}


async def index(request: web.Request) -> web.StreamResponse:
    if all(name in request.query for name in DISCORD_LAUNCH):
        return await activity_page(request)
    return web.FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)


def activity_html() -> str:
    table = (STATIC / "table.html").read_text(encoding="utf-8")
    if TABLE_SCRIPTS not in table:
        raise RuntimeError("table.html no longer loads common.js as the Activity page expects")
    return table.replace(TABLE_SCRIPTS, TABLE_SCRIPTS + ACTIVITY_SCRIPT, 1)


async def activity_page(request: web.Request) -> web.Response:
    return web.Response(text=activity_html(), content_type="text/html", headers=PAGE_HEADERS)


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
    app.router.add_get("/activity", activity_page)
    app.router.add_get("/i18n/{locale}.json", i18n_words)
    app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
