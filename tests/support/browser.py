"""Tests in a real browser: Debian's Chromium (/usr/bin/chromium) driven by
Playwright's async API on the test's own event loop, so a test can serve an
aiohttp app (tests/support/loopback.py) and drive pages in the same coroutine.

    async def test_a(browser_page): ...        # one phone page, 400×860, touch, English
    @pytest.mark.parametrize("browser_page", ["zh-CN"], indirect=True)
    async def test_b(browser_page): ...        # the same in Chinese
    async def test_c(open_page):               # several people at one table
        alice, bob = await open_page(), await open_page("zh-CN")

``await shoot(page, name)`` saves ``test-artifacts/screens/<name>.png``
(``TABLETOP_SCREENS`` moves the folder); a failed test leaves a
``FAILED-<test>-<n>.png`` of each of its pages there, and an uncaught error
in a page's scripts fails the test. Playwright never downloads a browser of
its own: it starts Debian's, with the flags of ``CHROMIUM_FLAGS``. Without
/usr/bin/chromium the browser tests skip, except under ``CI=true`` (set by
.ci/run), where they fail. See docs/web-testing.md.
"""
from __future__ import annotations

import os
import re
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Page, Playwright, async_playwright

CHROMIUM = Path("/usr/bin/chromium")
# Playwright adds --headless, --no-sandbox (needed as root) and a fresh
# temporary --user-data-dir itself. The rest keep Chromium off the network:
# on a closed network its background connections are refused and its lookups
# of Google's hosts fail at every start.
CHROMIUM_FLAGS = (
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
PHONE = {"width": 400, "height": 860}
WAIT_MS = 10_000  # how long a locator waits before a step fails (not a performance limit)
SCREENS = Path(os.environ.get("TABLETOP_SCREENS") or Path(__file__).resolve().parents[2] / "test-artifacts" / "screens")

OpenPage = Callable[..., Awaitable[Page]]


def require_chromium() -> None:
    """Skip when Debian's Chromium is missing; under CI, fail instead."""
    if CHROMIUM.exists():
        return
    reason = f"no browser at {CHROMIUM}: apt-get install chromium fonts-noto-cjk (see docs/web-testing.md)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI runs the browser tests, but {reason}", pytrace=False)
    pytest.skip(reason)


async def launch(playwright: Playwright, env: Mapping[str, str] | None = None) -> Browser:
    """Debian's Chromium, headless, with ``CHROMIUM_FLAGS`` (and ``env`` in
    place of this process's environment when given)."""
    return await playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS), headless=True, chromium_sandbox=False,
        env=dict(env) if env is not None else None)


async def new_phone_page(browser: Browser, locale: str = "en", viewport: Mapping[str, int] = PHONE) -> Page:
    """A page in a context of its own (its own cookies and storage, as a
    second person's phone), touch enabled, in ``locale`` (navigator.language
    and Accept-Language)."""
    context = await browser.new_context(viewport=dict(viewport), locale=locale, is_mobile=True,
                                        has_touch=True, device_scale_factor=1)
    context.set_default_timeout(WAIT_MS)
    return await context.new_page()


async def shoot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """Save a screenshot of ``page`` as ``SCREENS/<name>.png`` and return its path."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{re.sub(r'[^A-Za-z0-9._-]+', '_', name)}.png"
    await page.screenshot(path=str(path), full_page=full_page)
    return path


async def fonts_drawing(page: Page, selector: str) -> dict[str, int]:
    """The fonts Chromium drew the text of the first ``selector`` node with:
    family → number of glyphs (DevTools' CSS.getPlatformFontsForNode). A
    character no installed font has is drawn, as a box, by some fallback font."""
    cdp = await page.context.new_cdp_session(page)
    try:
        await cdp.send("DOM.enable")
        await cdp.send("CSS.enable")
        root = (await cdp.send("DOM.getDocument"))["root"]["nodeId"]
        node = (await cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector}))["nodeId"]
        if not node:
            raise AssertionError(f"no node matches {selector!r}")
        fonts = (await cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node}))["fonts"]
    finally:
        await cdp.detach()
    return {font["familyName"]: font["glyphCount"] for font in fonts}


def fonts_covering(lang: str) -> set[str]:
    """Families of the installed fonts that fontconfig says cover ``lang``
    (``fc-list :lang=zh-cn``), every name of each."""
    listed = subprocess.run(["fc-list", f":lang={lang.lower()}", "family"], capture_output=True, text=True,
                            check=True).stdout
    return {name.strip() for line in listed.splitlines() for name in line.split(",") if name.strip()}


async def tofu_fonts(page: Page, selector: str, lang: str) -> dict[str, int]:
    """Fonts that drew part of the ``selector`` node's text without covering
    ``lang``: empty when every glyph came from a font for the language, so no
    character shows as a box."""
    covering = fonts_covering(lang)
    return {family: n for family, n in (await fonts_drawing(page, selector)).items() if family not in covering}


# One Chromium (and one Playwright driver) for the whole test session: starting
# them costs seconds, a fresh context per page costs milliseconds. Playwright
# belongs to the event loop that started it, so the browser tests and their
# async fixtures run on the session's loop (tests/browser/__init__.py).
@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium for the session (a fresh profile; closed at the end).
    Each page gets a context of its own (``new_phone_page``)."""
    require_chromium()
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        try:
            yield browser
        finally:
            await browser.close()


@pytest_asyncio.fixture(loop_scope="session")
async def open_page(chromium: Browser, request: pytest.FixtureRequest) -> AsyncIterator[OpenPage]:
    """``await open_page(locale="en", viewport=PHONE)``: a new phone page, as
    many as the test needs. Afterwards: a screenshot of each if the test
    failed, and a failure if a page threw an uncaught error."""
    opened: list[tuple[Page, list[str]]] = []

    async def open_(locale: str = "en", viewport: Mapping[str, int] = PHONE) -> Page:
        page = await new_phone_page(chromium, locale, viewport)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        opened.append((page, errors))
        return page

    yield open_
    report = getattr(request.node, "browser_report", None)
    for number, (page, _errors) in enumerate(opened):
        if report is not None and report.failed:
            await shoot(page, f"FAILED-{request.node.name}-{number}")
        await page.context.close()
    thrown = [f"page {number}: {error}" for number, (_page, errors) in enumerate(opened) for error in errors]
    if thrown:
        pytest.fail("uncaught errors in the page's scripts:\n" + "\n".join(thrown), pytrace=False)


@pytest_asyncio.fixture(loop_scope="session")
async def browser_page(open_page: OpenPage, request: pytest.FixtureRequest) -> Page:
    """One phone page; parametrize it indirectly with a locale (en by default)."""
    return await open_page(getattr(request, "param", "en"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """Keeps the test's own outcome on the item, for open_page's teardown."""
    report = yield
    if report.when == "call":
        item.browser_report = report  # type: ignore[attr-defined]
    return report
