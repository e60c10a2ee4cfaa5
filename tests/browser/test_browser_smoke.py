"""The chain the live-board tests stand on: an aiohttp server on loopback, a
page in Debian's Chromium at phone size, a tap, a WebSocket both ways, a
screenshot, Chinese text drawn with a Chinese font. The page and server here
are throwaways, not the real web front end."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_asyncio
from aiohttp import WSMsgType, web
from playwright.async_api import Page, async_playwright, expect

from tests.support.browser import launch, new_phone_page, require_chromium, shoot, tofu_fonts
from tests.support.loopback import serve

PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 18px sans-serif; margin: 16px; }
  button { font-size: 20px; width: 100%; padding: 16px; }
  #turn { font-size: 28px; }
</style></head>
<body>
<p id="turn"></p>
<button id="place">Place</button>
<p>Taps: <span id="taps">0</span>, by <span id="pointer">-</span></p>
<ul id="log"></ul>
<script>
  const WORDS = {"en": "Your turn · SETUP", "zh-CN": "轮到你了 · 连线计划"};
  document.documentElement.lang = navigator.language;
  document.getElementById("turn").textContent = WORDS[navigator.language] ?? navigator.language;
  const ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onmessage = (event) => {
    const item = document.createElement("li");
    item.textContent = event.data;
    document.getElementById("log").append(item);
  };
  let taps = 0;
  document.getElementById("place").addEventListener("click", (event) => {
    document.getElementById("taps").textContent = String(++taps);
    document.getElementById("pointer").textContent = event.pointerType;
    ws.send("tap " + taps);
  });
</script></body></html>
"""


class ThrowawayServer:
    """The page at /, and a WebSocket at /ws that greets, answers each tap
    and lets the test push to every open socket."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.sockets: list[web.WebSocketResponse] = []
        self.app = web.Application()
        self.app.add_routes([web.get("/", self.page), web.get("/ws", self.socket)])
        self.app.on_shutdown.append(self.close_sockets)

    async def page(self, request: web.Request) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html")

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.append(ws)
        await ws.send_str("hello from the server")
        async for message in ws:
            if message.type == WSMsgType.TEXT:
                self.received.append(message.data)
                await ws.send_str(f"moved ({message.data})")
        return ws

    async def close_sockets(self, app: web.Application) -> None:
        # Without this, the server's clean-up waits for every page to hang up.
        await asyncio.gather(*(ws.close() for ws in self.sockets))

    async def push(self, text: str) -> None:
        await asyncio.gather(*(ws.send_str(text) for ws in self.sockets if not ws.closed))


@pytest_asyncio.fixture(loop_scope="session")  # the browser's loop (tests/browser/__init__.py)
async def server():
    throwaway = ThrowawayServer()
    async with serve(throwaway.app) as base_url:
        throwaway.base_url = base_url
        yield throwaway


async def test_a_tap_changes_the_page_and_the_websocket_carries_both_ways(server, browser_page: Page):
    page = browser_page
    await page.goto(server.base_url)
    log = page.locator("#log li")
    await expect(log).to_have_text(["hello from the server"])
    assert await page.evaluate("[innerWidth, innerHeight]") == [400, 860]

    await page.tap("#place")

    await expect(page.locator("#taps")).to_have_text("1")
    await expect(page.locator("#pointer")).to_have_text("touch")
    await expect(log).to_have_text(["hello from the server", "moved (tap 1)"])
    assert server.received == ["tap 1"]

    await server.push("bob placed a tile")  # unasked, as another player's move reaches a spectator
    await expect(log).to_have_text(["hello from the server", "moved (tap 1)", "bob placed a tile"])
    screen = await shoot(page, "smoke-tap")
    assert screen.stat().st_size > 0


async def test_two_pages_see_the_same_push(server, open_page):
    alice, bob = await open_page(), await open_page("zh-CN")
    for page in (alice, bob):
        await page.goto(server.base_url)
        await expect(page.locator("#log li")).to_have_text(["hello from the server"])
    await alice.tap("#place")
    await server.push("a move for everyone")
    await expect(alice.locator("#log li")).to_have_text(
        ["hello from the server", "moved (tap 1)", "a move for everyone"])
    await expect(bob.locator("#log li")).to_have_text(["hello from the server", "a move for everyone"])
    await expect(bob.locator("#taps")).to_have_text("0")


@pytest.mark.parametrize(("browser_page", "words"), [("en", "Your turn · SETUP"), ("zh-CN", "轮到你了 · 连线计划")],
                         indirect=["browser_page"], ids=["en", "zh-CN"])
async def test_the_page_speaks_the_browser_language_in_a_font_that_has_its_letters(server, browser_page: Page,
                                                                                     words: str):
    page = browser_page
    await page.goto(server.base_url)
    await expect(page.locator("#turn")).to_have_text(words)
    locale = await page.evaluate("navigator.language")
    assert await page.evaluate("document.documentElement.lang") == locale
    assert await tofu_fonts(page, "#turn", locale) == {}
    await shoot(page, f"smoke-{locale}")


async def test_the_tofu_check_sees_a_machine_without_a_chinese_font(server, tmp_path):
    """The check above can fail: the same page in a Chromium that sees only
    the DejaVu fonts draws its Chinese as boxes, and the check says so."""
    require_chromium()
    (tmp_path / "fonts.conf").write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{tmp_path}/cache</cachedir></fontconfig>")
    async with async_playwright() as playwright:
        browser = await launch(playwright, env={**os.environ, "FONTCONFIG_FILE": str(tmp_path / "fonts.conf")})
        try:
            page = await new_phone_page(browser, "zh-CN")
            await page.goto(server.base_url)
            await expect(page.locator("#turn")).to_have_text("轮到你了 · 连线计划")
            assert await tofu_fonts(page, "#turn", "zh-CN") != {}
        finally:
            await browser.close()
